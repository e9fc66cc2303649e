"""The screenshot of docs/balance.md: the top of a report page in headless Chromium.

    .venv/bin/python -m tests.apps.report.screenshots [REPORT.html]

shoots REPORT.html (by default a small Campanile report made on the spot, seed 0) at a
laptop's width and writes ``docs/screenshots/report.png``: the title, the table of
headline figures and the first findings.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from tests.apps.report.helpers import invoke

OUT = Path(__file__).resolve().parents[3] / "docs" / "screenshots" / "report.png"
CHROMIUM = "/usr/bin/chromium"


def small_report(folder: Path) -> Path:
    page = folder / "campanile-report.html"
    code, out = invoke(
        "campanile",
        "--compare",
        "edition=1996",
        "--games",
        "40",
        "--skill-games",
        "20",
        "--jobs",
        "1",
        "--out",
        str(page),
    )
    if code:
        raise SystemExit(out)
    return page


def shoot(report: Path, out: Path = OUT, height: int = 1200) -> Path:
    """The top ``height`` pixels of the page at 1280 pixels wide."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1280, "height": height})
        page.goto(report.resolve().as_uri())
        out.parent.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out))
        browser.close()
    return out


def main(args: list[str]) -> None:
    if args:
        print(shoot(Path(args[0])))
        return
    with tempfile.TemporaryDirectory() as folder:
        print(shoot(small_report(Path(folder))))


if __name__ == "__main__":
    main(sys.argv[1:])
