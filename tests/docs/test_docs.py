"""The docs' Python examples run, and the README's commands are the Makefile's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.DOTALL)


@pytest.mark.parametrize("page", [p for p in PAGES if python_blocks(p)], ids=lambda p: p.name)
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
