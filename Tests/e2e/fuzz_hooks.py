"""Schemathesis hooks for the fuzz runs (loaded through `hooks` in schemathesis.toml.in).

`decodes_what_the_document_allows` is a check of our own (run by `--checks all`): many operations
list 422 among the statuses schema-valid data may get, for the rules a schema cannot state (an
end before a start, a taken address), and that allowance once hid a document that promised a
member the server refused (sign-up's `timeZone`: 422 `is not a known field`). A 422 for a
schema-valid body is a rule's refusal, never the decoding's: a declared member unknown to the
server (`is not a known field`) or a value of the documented type it cannot decode
(`expected a string`) fails the run, whatever the operation's expected statuses.

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


# What the JSON decoding says of a member it does not know or a value of the wrong type
# (Sources/DebriefHTTP/Support/Request+decodeJSON.swift, KnownMembers.swift).
DECODING_REFUSALS = ("is not a known field", "expected ")


@schemathesis.check
def decodes_what_the_document_allows(ctx, response, case):
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return
    if any(component.mode.is_negative for component in meta.components.values()):
        return
    try:
        errors = response.json().get("errors") or []
    except ValueError:
        return  # a page's 422 is HTML, and its fields are read leniently
    refused = [f"{error.get('path')}: {error.get('message')}" for error in errors
               if isinstance(error, dict) and str(error.get("message", "")).startswith(DECODING_REFUSALS)]
    if refused:
        raise AssertionError("A schema-valid body was refused by the decoding, not by a rule: "
                             + "; ".join(refused) + "\n\nDeclare only what the server reads, as it reads it")


@schemathesis.hook
def before_call(context, case, kwargs):
    if case.operation.method.upper() != "DELETE" or case.operation.path != "/v1/tokens/current":
        return
    headers = kwargs.get("headers") or {}
    for name in list(headers):
        # Only a run identity's token is swapped: a missing or garbage one stays, as the check sent it.
        if name.lower() == "authorization" and headers[name] in IDENTITIES:
            headers[name] = f"Bearer {_fresh_token()}"
