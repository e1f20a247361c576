"""axe-core (shipped by axe-selenium-python) run in Chromium on a page the browser shows.

`audit(driver, name, log)` injects axe into the current page, runs it, records every violation
by impact under `name` in `log`, and fails on any serious or critical one (the project's bar).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

from axe_selenium_python import Axe

BLOCKING = {"serious", "critical"}
# The axe-core bundled with axe-selenium-python predates 3.4, where these two rules were
# deprecated and turned off for their false positives (dequelabs/axe-core#1640): they fail any
# fieldset of radio buttons that also holds a text box, as GOV.UK's conditional reveals and the
# participant page's "Other" field do (alphagov/govuk-frontend#1591). Turned off as upstream does.
OPTIONS = json.dumps({"rules": {"radiogroup": {"enabled": False}, "checkboxgroup": {"enabled": False}}})
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def audit(driver, name: str, log: dict[str, dict[str, int]]) -> None:
    axe = Axe(driver)
    axe.inject()
    results = axe.run(options=OPTIONS)
    counts: dict[str, int] = {}
    for violation in results["violations"]:
        impact = violation.get("impact") or "unknown"
        counts[impact] = counts.get(impact, 0) + len(violation.get("nodes", []))
    log[name] = counts
    blocking = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n.get('target') for n in v.get('nodes', [])][:3]} ({(v.get('nodes') or [{}])[0].get('failureSummary', '')})"
        for v in results["violations"] if v.get("impact") in BLOCKING]
    if blocking:
        # The page as axe saw it, for whoever reads the failure.
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / f"axe-failure-{re.sub(r'[^a-z0-9]+', '-', name)}.html").write_text(driver.page_source)
    assert not blocking, f"axe on {name} ({driver.current_url}): " + "; ".join(blocking)


def write(log: dict[str, dict[str, int]], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(log, indent=2, sort_keys=True) + "\n")
