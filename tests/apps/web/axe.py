"""axe-core in the browser tests: the checker's file (pinned in tests/apps/web/package.json,
installed by ``make`` into tests/apps/web/node_modules; never fetched when the tests run) is
injected into a page, run, and its serious and critical violations returned."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")
# Rules whose violations count whatever their impact: a role the element may not take.
ALWAYS = ("aria-allowed-role",)
# Every rule, the experimental ones too (label-content-name-mismatch is one).
RUN = """async () => {
  const experimental = axe.getRules(["experimental"]).map((r) => [r.ruleId, { enabled: true }]);
  const options = { resultTypes: ["violations"], rules: Object.fromEntries(experimental) };
  return (await axe.run(document, options)).violations;
}"""


@cache
def axe_source() -> str:
    assert AXE.is_file(), f"{AXE} is missing: `make unit` installs it (npm ci in tests/apps/web)"
    return AXE.read_text()


def serious_violations(page: Page) -> list[str]:
    """The page's serious and critical axe-core violations (and those of ``ALWAYS``), one
    line each: the rule, the impact and the elements (their selectors)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        # as a script of the debugger, not a <script> tag, which the page's CSP refuses
        page.evaluate(f"() => {{ {axe_source()}\n }}")
    found: list[dict[str, Any]] = page.evaluate(RUN)
    return [
        f"{rule['id']} ({rule['impact']}): {[node['target'] for node in rule['nodes']][:4]}"
        for rule in found
        if rule["impact"] in SERIOUS or rule["id"] in ALWAYS
    ]
