"""The recording client (openapi_check.py) sees drift: each kind of mismatch it exists for, planted
in a real exchange with the server, is reported, and the real exchange itself is not."""
from __future__ import annotations

import copy
import json

import requests

from conftest import API, REQUEST_SECONDS
from openapi_check import RECORDER


# Each real exchange was checked as it happened; these tests plant mismatches into copies of it.
def _with_body(reply: requests.Response, body: dict, status: int | None = None) -> requests.Response:
    forged = copy.copy(reply)
    forged._content = json.dumps(body).encode()
    if status is not None:
        forged.status_code = status
    return forged


def test_a_real_exchange_matches_and_each_planted_drift_is_reported(api: API):
    host = api.sign_up()
    me = host.request("GET", "/v1/me")
    assert me.status_code == 200, me.text
    assert RECORDER.problem(me.request, me, streamed=False) is None

    wrong_type = _with_body(me, {**me.json(), "email": 5})
    problem = RECORDER.problem(me.request, wrong_type, streamed=False)
    assert problem and "does not match" in problem and "email" in problem, problem

    undocumented = _with_body(me, {}, status=418)
    problem = RECORDER.problem(me.request, undocumented, streamed=False)
    assert problem and "418 is not documented" in problem, problem


def test_a_request_the_document_refuses_must_not_succeed(api: API):
    host = api.sign_up()
    refused = host.request("PATCH", "/v1/me", json={"displayName": "Ana", "favouriteColour": "green"})
    assert refused.status_code == 422, refused.text
    assert RECORDER.problem(refused.request, refused, streamed=False) is None

    accepted = _with_body(refused, {}, status=200)
    problem = RECORDER.problem(refused.request, accepted, streamed=False)
    assert problem and "the document refuses this request" in problem, problem


def test_an_undocumented_route_may_only_be_missing(api: API):
    missing = api.request("GET", "/v1/no-such-thing")
    assert missing.status_code == 404
    assert RECORDER.problem(missing.request, missing, streamed=False) is None

    answered = _with_body(missing, {}, status=200)
    problem = RECORDER.problem(missing.request, answered, streamed=False)
    assert problem and "not in the document" in problem, problem


def test_a_page_is_checked_for_its_status_only(api: API):
    page = api.request("GET", "/signin")
    assert page.status_code == 200
    assert RECORDER.problem(page.request, page, streamed=False) is None
    forged = copy.copy(page)
    forged.status_code = 402
    problem = RECORDER.problem(page.request, forged, streamed=False)
    assert problem and "402 is not documented" in problem, problem


def test_exchanges_were_checked():
    # The server fixture's readiness probe and the tests above went through the recorder.
    assert RECORDER.checked > 0


def test_a_stopped_servers_port_taken_by_another_service_is_not_checked(api: API):
    # Seen: a Debrief server stopped, the OpenID provider stand-in got its port, and the
    # provider's own routes were reported as drift from Debrief's document.
    import http.server
    import threading

    class Other(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"not debrief")

        def log_message(self, *args):
            pass

    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{other.server_address[1]}"
    running = [True]
    try:
        RECORDER.take_mismatches()
        RECORDER.watch(base, lambda: running[0])
        assert requests.get(base + "/control", timeout=REQUEST_SECONDS).status_code == 200
        reported = RECORDER.take_mismatches()
        assert any("/control" in str(m) for m in reported), reported  # watched while running
        running[0] = False  # the server at that origin stopped; another service has the port
        assert requests.get(base + "/authorize", timeout=REQUEST_SECONDS).status_code == 200
        assert RECORDER.take_mismatches() == []
    finally:
        other.shutdown()
