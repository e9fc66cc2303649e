"""Hypothesis profiles: "dev" (the default, quick) and "ci" (twice the examples, within
CI's 30 minutes on two cores: the conformance kit's whole games are most of the time).

The profile is ``$HYPOTHESIS_PROFILE`` when set, else "ci" when ``$CI`` is true, else "dev".
Neither has a deadline: a random game's duration varies too much for one.

Tests marked ``interpreted`` replace a method of an engine class, which a class compiled by
mypyc does not allow: they run on the interpreted engine (``make test-pure``) only.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import tavola

settings.register_profile("dev", max_examples=50, deadline=None)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _profile() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE", "").strip()
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes") else "dev"


settings.load_profile(_profile())

CHROMIUM = Path("/usr/bin/chromium")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the compiled engine, leave out the tests marked ``interpreted``."""
    if not tavola.COMPILED:
        return
    left_out = [item for item in items if item.get_closest_marker("interpreted")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("interpreted")]


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """The browser tests drive Debian's Chromium (Playwright's own download is out of reach).

    A missing browser fails the tests rather than skipping them: ``make test`` installs it.
    """
    if not CHROMIUM.exists():
        pytest.fail("Debian's chromium is missing (/usr/bin/chromium); 'make test' installs it")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM)}
