"""Schemathesis against our own OpenAPI document, on a real `debrief serve`.

Every check (server errors, status codes, content types, response schemas and headers, negative
data rejected, positive data accepted, undeclared methods, ignored authentication, object-level
authorization between two hosts, use after free, resource availability, and fuzz_hooks.py's own:
a schema-valid body is never refused by the decoding), positive and negative
generation, every phase, NUL bytes allowed. Short here; scripts/fuzz runs the same for longer.
Zero failures: where the server and the document disagree, one of them is fixed.
"""
from __future__ import annotations

from pathlib import Path

import fuzzing
from conftest import start_server

# Rate limits off: this run is about answers, and the limits have tests of their own.
FUZZ_ENVIRONMENT = {"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"}


def test_schemathesis_finds_no_failure(database_url: str, artifacts: Path):
    server = start_server(database_url, env=FUZZ_ENVIRONMENT)
    try:
        result = fuzzing.run(server.base_url, fuzzing.QUICK, artifacts / "schemathesis")
    finally:
        server.stop()
    print(f"\nschemathesis: {result.test_cases} test cases, {result.requests} requests, {result.failures} failures")
    (artifacts / "schemathesis-counts.txt").write_text(
        f"test cases: {result.test_cases}\nrequests: {result.requests}\nfailures: {result.failures}\n")
    assert result.test_cases > 500, result.output[-3000:]
    assert result.returncode == 0 and result.failures == 0, result.output[-20000:]
    assert "Traceback" not in server.log() and "Fatal error" not in server.log()
