"""The docs' Python examples run, their links lead somewhere, and the README's commands
are the Makefile's. The docs are the README, ``docs/``, the games' pages (shipped in
their packages) and the example plugin's."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

from tavola.apps.web.rules import slug

ROOT = Path(__file__).resolve().parents[2]
PAGES = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").rglob("*.md")),
    *sorted((ROOT / "src" / "tavola" / "games").glob("*/pages/*.md")),
    *sorted(path for path in (ROOT / "examples").rglob("*.md") if ".egg-info" not in str(path)),
]


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.DOTALL)


def name(page: Path) -> str:
    return str(page.relative_to(ROOT))


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=name)
def test_python_examples_run(page: Path, capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, object] = {}
    for block in python_blocks(page):
        exec(compile(block, str(page), "exec"), namespace)


def test_readme_opens_with_the_two_make_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    first_block = re.search(r"```\w*\n(.*?)```", readme, flags=re.DOTALL)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert [c for c in commands if c] == ["make play", "make test"]
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^play:", makefile, flags=re.MULTILINE)
    assert re.search(r"^test:", makefile, flags=re.MULTILINE)
    assert "make test" in (ROOT / ".ci" / "run").read_text()


def tokens(page: Path) -> list[Token]:
    """The page's tokens, inline ones included."""
    md = MarkdownIt("commonmark").enable("table")
    found = md.parse(page.read_text(encoding="utf-8"))
    return [*found, *(child for token in found for child in token.children or ())]


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub and the rules pages make them."""
    found = tokens(page)
    inline = [found[i + 1] for i, token in enumerate(found) if token.type == "heading_open"]
    return {slug(token.content) for token in inline}


def targets(page: Path) -> list[str]:
    """Every link's and image's target in the page, as written."""
    return [
        str(token.attrGet("href") if token.type == "link_open" else token.attrGet("src"))
        for token in tokens(page)
        if token.type in ("link_open", "image")
    ]


@pytest.mark.parametrize("page", PAGES, ids=name)
def test_links_lead_to_files_and_headings(page: Path) -> None:
    """A relative link names a file of the repository (a page's own ``#anchor`` and an
    anchor into another page, one of their headings); web addresses are not followed."""
    for target in targets(page):
        parts = urlsplit(target)
        if parts.scheme or parts.netloc:
            continue
        linked = (page.parent / unquote(parts.path)).resolve() if parts.path else page
        assert linked.exists(), (name(page), target)
        assert ROOT in linked.parents or linked == ROOT, (name(page), target)
        if parts.fragment and linked.suffix == ".md":
            assert unquote(parts.fragment) in anchors(linked), (name(page), target)


def test_every_game_page_is_linked_from_the_readme() -> None:
    readme = targets(ROOT / "README.md")
    for rules in sorted((ROOT / "src" / "tavola" / "games").glob("*/pages/rules.md")):
        for page in ("rules.md", "notation.md"):
            assert str((rules.parent / page).relative_to(ROOT)) in readme, page
