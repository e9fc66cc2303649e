"""The report's browser test opens the page in Debian's Chromium, headless (as tests/apps/web)."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1280, "height": 800}}
