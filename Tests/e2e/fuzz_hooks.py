"""Schemathesis hooks for the fuzz runs (loaded through `hooks` in schemathesis.toml.in).

`DELETE /v1/tokens/current` revokes the token it is sent with. Sent with alice's or bob's token,
it would sign the run's own identities out and turn every later request into a 401; so that one
operation gets a token of its own, freshly issued for each call, to revoke.
"""
from __future__ import annotations

import os

import requests
import schemathesis

ACCOUNT = {"email": "revoker@fuzz.example", "password": os.environ.get("DEBRIEF_FUZZ_PASSWORD", "")}
# The run identities' tokens (alice's and bob's), comma-separated.
IDENTITIES = {f"Bearer {token}" for token in os.environ.get("DEBRIEF_FUZZ_IDENTITY_TOKENS", "").split(",") if token}


def _fresh_token() -> str:
    base = os.environ["DEBRIEF_FUZZ_BASE_URL"]
    requests.post(f"{base}/v1/accounts", json={**ACCOUNT, "displayName": "Revoker"}, timeout=30)
    login = requests.post(f"{base}/v1/tokens", json=ACCOUNT, timeout=30)
    login.raise_for_status()
    return login.json()["token"]


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.operation.method.upper() != "DELETE" or case.operation.path != "/v1/tokens/current":
        return
    headers = kwargs.get("headers") or {}
    for name in list(headers):
        # Only a run identity's token is swapped: a missing or garbage one stays, as the check sent it.
        if name.lower() == "authorization" and headers[name] in IDENTITIES:
            headers[name] = f"Bearer {_fresh_token()}"
