"""Every refusal the domain raises has its HTTP status (``routes/errors.STATUS``)."""

from __future__ import annotations

import re
from pathlib import Path

import tavola.apps.server
from tavola.apps.server.routes.errors import STATUS

SERVER = Path(tavola.apps.server.__file__).parent
RAISED = re.compile(r'Refused\(\s*"(\w+)"')


def test_every_kind_the_domain_refuses_with_has_a_status() -> None:
    kinds = {
        kind
        for path in SERVER.rglob("*.py")
        for kind in RAISED.findall(path.read_text(encoding="utf-8"))
    }
    assert len(kinds) > 20
    assert kinds <= set(STATUS), sorted(kinds - set(STATUS))
    assert {"bad_webhooks", "bad_emails"} <= set(STATUS)  # raised as f"bad_{what}"
