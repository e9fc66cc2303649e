"""The report's browser test opens the page in Debian's Chromium, headless (as tests/web)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM)}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}
