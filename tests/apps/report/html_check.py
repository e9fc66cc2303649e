"""A strict enough reading of a report page: tags nested and closed, ids unique, links
and SVG references resolved, and nothing fetched from elsewhere."""

from __future__ import annotations

import re
from html.parser import HTMLParser

VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class PageChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: dict[str, int] = {}
        self.doctype = ""
        self.svg_depth = 0

    def _attributes(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
            if name in ("href", "xlink:href") and value is not None:
                self.links.append(value)
            if name == "src":
                self.problems.append(f"<{tag}> loads {value}")

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(tag, attrs)
        if tag == "svg":
            self.svg_depth += 1
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(tag, attrs)
        if not self.svg_depth and tag not in VOID:
            self.problems.append(f"<{tag}/> closes itself outside SVG")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            self.problems.append(f"</{tag}> closes a void element")
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(
                f"</{tag}> does not close <{self.stack[-1] if self.stack else ''}>"
            )
            return
        self.stack.pop()
        if tag == "svg":
            self.svg_depth -= 1


def check_page(text: str) -> PageChecker:
    """Read a page; ``problems`` lists whatever is wrong with it."""
    checker = PageChecker()
    checker.feed(text)
    checker.close()
    if checker.doctype.lower() != "doctype html":
        checker.problems.append(f"doctype is {checker.doctype!r}")
    if checker.stack:
        checker.problems.append(f"left open: {checker.stack}")
    duplicates = {i for i in checker.ids if checker.ids.count(i) > 1}
    if duplicates:
        checker.problems.append(f"ids used twice: {sorted(duplicates)[:5]}")
    known = set(checker.ids)
    references = [link[1:] for link in checker.links if link.startswith("#")]
    references += re.findall(r"url\(#([^)]+)\)", text)
    missing = [ref for ref in references if ref not in known]
    if missing:
        checker.problems.append(f"references to no id: {missing[:5]}")
    remote = [link for link in checker.links if re.match(r"[a-z]+:", link)]
    remote += re.findall(r"url\((?!#)([^)]+)\)", text)
    if remote:
        checker.problems.append(f"remote references: {remote[:5]}")
    return checker
