"""docs/configuration.md lists every setting `debrief` reads: each flag `debrief serve --help`
prints and each environment variable the command's sources read (only Sources/debrief reads the
environment, scripts/check-layers rule 6). A setting added without its row fails here (the mail
settings once were only on docs/email.md)."""
from __future__ import annotations

import os
import re
import subprocess

from conftest import ROOT


def _documented() -> str:
    return (ROOT / "docs" / "configuration.md").read_text()


def test_every_serve_flag_has_a_row():
    shown = subprocess.run([os.environ["DEBRIEF_BINARY"], "serve", "--help"], capture_output=True, text=True, timeout=60, check=True)
    flags = set(re.findall(r"(?<![\w-])(--[a-z0-9][a-z0-9-]+)", shown.stdout)) - {"--help"}
    assert len(flags) > 20, shown.stdout
    page = _documented()
    missing = sorted(flag for flag in flags if f"`{flag}`" not in page)
    assert not missing, f"flags of `debrief serve` missing from docs/configuration.md: {missing}"


def test_every_environment_variable_read_has_a_row():
    names: set[str] = set()
    for source in (ROOT / "Sources" / "debrief").rglob("*.swift"):
        text = source.read_text()
        names |= set(re.findall(r'"((?:DEBRIEF|OTEL)_[A-Z0-9_]+|DATABASE_URL|PORT|LOG_LEVEL|LOG_FORMAT|XDG_DATA_HOME)"', text))
    assert len(names) > 40, names
    page = _documented()
    missing = sorted(name for name in names if f"`{name}`" not in page and f"`${name}" not in page)
    assert not missing, f"environment variables read by `debrief` missing from docs/configuration.md: {missing}"
