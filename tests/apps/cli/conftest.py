"""The terminal app's tests read English unless they ask for another language, whatever
the machine's locale."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TAVOLA_LANG", "en")
