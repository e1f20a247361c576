"""Webhooks end to end: a local receiver that fails its first attempts, then is down for a while,
then recovers, while Debrief is SIGKILLed in the middle. Every event must arrive (at least once,
with the same webhook-id on every retry), each signature must verify with the `standardwebhooks`
package from PyPI, and the delivery log must say what happened.

The retry timings are shrunk through the environment (base 100 ms, cap 1 s); the defaults retry
for three days.
"""
from __future__ import annotations

import json
import signal
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from standardwebhooks.webhooks import Webhook

from conftest import API, free_port, start_server, wait_until

FAST_RETRIES = {
    "DEBRIEF_WEBHOOK_RETRY_BASE_MS": "100",
    "DEBRIEF_WEBHOOK_RETRY_CAP_MS": "1000",
    "DEBRIEF_WEBHOOK_POLL_MS": "100",
    "DEBRIEF_WEBHOOK_TIMEOUT_SECONDS": "2",
    "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0",
    "DEBRIEF_RATE_LIMIT_PER_FORM": "0",
}
ALLOW_LOOPBACK = ["--webhook-allow-insecure-hosts", "127.0.0.1"]
ANSWER = {"answers": [{"questionKey": "useful", "rating": 8}]}


class Receiver:
    """A webhook receiver on 127.0.0.1: answers 500 to its first `failures` requests, 204 after;
    `down()` closes its socket (connections refused) until `up()` opens it on the same port."""

    def __init__(self, failures: int):
        self.port = free_port()
        self.failures = failures
        self.attempts: list[dict] = []  # every request: headers, body, the status answered
        self.lock = threading.Lock()
        self.httpd: ThreadingHTTPServer | None = None

    def up(self) -> None:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                with receiver.lock:
                    status = 500 if len(receiver.attempts) < receiver.failures else 204
                    receiver.attempts.append({"headers": dict(self.headers.items()), "body": body, "status": status})
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def down(self) -> None:
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hooks"

    def accepted(self) -> list[dict]:
        with self.lock:
            return [a for a in self.attempts if a["status"] == 204]


def delivery_log(host, endpoint: str) -> list[dict]:
    reply = host.request("GET", f"/v1/webhooks/{endpoint}/deliveries?limit=200")
    assert reply.status_code == 200, reply.text
    return reply.json()["items"]


def test_every_event_is_delivered_signed_across_failures_an_outage_and_a_sigkill(database_url):
    receiver = Receiver(failures=3)
    receiver.up()
    server = start_server(database_url, env=FAST_RETRIES, args=ALLOW_LOOPBACK)
    try:
        api = API(server.base_url)
        host = api.sign_up()
        meeting = host.create_meeting()
        created = host.request("POST", "/v1/webhooks", json={
            "url": receiver.url,
            "events": ["response.created", "form.published", "form.closed", "results.summary"]})
        assert created.status_code == 201, created.text
        endpoint, secret = created.json()["id"], created.json()["secret"]
        assert secret.startswith("whsec_")
        # Shown once: never in a later read, never in the log.
        assert "secret" not in host.request("GET", f"/v1/webhooks/{endpoint}").json()
        code = host.publish_form(meeting)["code"]

        response_ids = []

        def submit(count: int):
            for _ in range(count):
                reply = api.request("POST", f"/v1/f/{code}/responses", json=ANSWER)
                assert reply.status_code == 201, reply.text
                response_ids.append(reply.json()["id"])

        submit(8)
        # The first three attempts were answered 500 and retried.
        wait_until(lambda: len(receiver.attempts) >= 4, 20, "the receiver's first failures and a success")
        receiver.down()
        submit(8)
        # Attempts meet a closed port meanwhile (however long a busy machine takes to make one).
        def failed_pending():
            pending = [d for d in delivery_log(host, endpoint) if d["status"] == "pending"]
            return pending if any(d.get("lastError") and d["attempts"] > 0 for d in pending) else None
        pending = wait_until(failed_pending, 30, "a delivery that failed against the closed port")
        print("\nduring the outage:", sorted({d.get("lastError") for d in pending if d.get("lastError")}))

        # Debrief dies mid-outage with deliveries in its outbox, and comes back.
        assert server.stop(signal.SIGKILL) == -signal.SIGKILL
        server = start_server(database_url, env=FAST_RETRIES, args=ALLOW_LOOPBACK)
        api = API(server.base_url)
        host.api = api
        submit(4)
        closed = host.request("POST", f"/v1/meetings/{meeting}/form/close")
        assert closed.status_code == 200, closed.text
        time.sleep(1.0)
        receiver.up()

        def all_delivered():
            log = delivery_log(host, endpoint)
            return log if log and all(d["status"] == "delivered" for d in log) else None
        log = wait_until(all_delivered, 60, "every delivery to be delivered")

        # Every event arrived, each signature verifies with the standardwebhooks package.
        verifier = Webhook(secret)
        events = []
        for attempt in receiver.attempts:
            payload = verifier.verify(attempt["body"], attempt["headers"])
            assert payload == json.loads(attempt["body"])
        for attempt in receiver.accepted():
            events.append((attempt["headers"]["webhook-id"], json.loads(attempt["body"])))
        types = [event["type"] for _, event in events]
        assert types.count("form.published") >= 1 and types.count("form.closed") >= 1
        assert types.count("results.summary") >= 1
        received_responses = {e["data"]["responseId"] for _, e in events if e["type"] == "response.created"}
        assert received_responses == set(response_ids), "a response.created was lost"
        # A retry carries the webhook-id of the attempt that failed.
        failed_ids = {a["headers"]["webhook-id"] for a in receiver.attempts if a["status"] == 500}
        assert failed_ids <= {webhook_id for webhook_id, _ in events}
        # In order per endpoint: the deliveries were accepted in the order they were written.
        by_seq = [d["webhookId"] for d in reversed(log)]
        first_seen = list(dict.fromkeys(webhook_id for webhook_id, _ in events))
        assert first_seen == by_seq, "deliveries were not sent in order"
        assert all(d["attempts"] >= 1 and d.get("lastStatusCode") == 204 and "lastResponseMs" in d for d in log)
        assert any(d["attempts"] > 1 for d in log), "no delivery needed a retry"

        # The summary is the API's results shape for the closed form.
        summary = next(e for _, e in events if e["type"] == "results.summary")["data"]
        results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
        assert summary["meetingId"] == meeting
        assert summary["results"] == results

        # Manual redelivery: the same webhook-id and body once more.
        first = log[-1]
        again = host.request("POST", f"/v1/webhooks/{endpoint}/deliveries/{first['id']}/redeliver")
        assert again.status_code == 202, again.text
        assert again.json()["webhookId"] == first["webhookId"]
        wait_until(lambda: sum(1 for a in receiver.accepted() if a["headers"]["webhook-id"] == first["webhookId"]) >= 2,
                   20, "the redelivery")

        assert secret not in server.log(), "the signing secret reached the log"
        print("\nWEBHOOK DELIVERY LOG (GET /v1/webhooks/{id}/deliveries, newest first):")
        for entry in delivery_log(host, endpoint):
            print(json.dumps(entry))
        print(f"receiver: {len(receiver.attempts)} attempts, {len(receiver.accepted())} accepted, "
              f"{len(response_ids)} responses, {len(log)} deliveries")
    finally:
        server.stop()
        receiver.down()


def test_an_endpoint_failing_for_the_whole_window_is_disabled_with_its_reason(database_url):
    receiver = Receiver(failures=1_000_000)
    receiver.up()
    server = start_server(database_url, env={**FAST_RETRIES, "DEBRIEF_WEBHOOK_RETRY_WINDOW_SECONDS": "2"},
                          args=ALLOW_LOOPBACK)
    try:
        host = API(server.base_url).sign_up()
        meeting = host.create_meeting()
        endpoint = host.request("POST", "/v1/webhooks", json={"url": receiver.url, "events": ["form.published"]}).json()["id"]
        host.publish_form(meeting)
        disabled = wait_until(
            lambda: (e := host.request("GET", f"/v1/webhooks/{endpoint}").json()).get("disabledAt") and e, 20,
            "the endpoint to be disabled")
        assert "HTTP 500" in disabled["disabledReason"], disabled
        assert disabled["pendingCount"] == 1
        # Nothing is lost: enabled again, the waiting delivery goes out once the receiver answers.
        receiver.failures = 0
        with receiver.lock:
            receiver.attempts.clear()
        assert host.request("POST", f"/v1/webhooks/{endpoint}/enable").status_code == 200
        wait_until(lambda: receiver.accepted(), 20, "the delivery after enabling")
    finally:
        server.stop()
        receiver.down()


def test_private_addresses_are_refused_before_and_after_resolving(database_url):
    receiver = Receiver(failures=0)
    receiver.up()
    server = start_server(database_url, env=FAST_RETRIES)  # no host allowed insecure
    try:
        host = API(server.base_url).sign_up()
        for url, message in [
            (receiver.url, "https"),
            ("https://169.254.169.254/latest/meta-data", "private"),
            ("https://[::1]/hooks", "private"),
            ("https://10.1.2.3/hooks", "private"),
        ]:
            refused = host.request("POST", "/v1/webhooks", json={"url": url, "events": ["form.published"]})
            assert refused.status_code == 422, refused.text
            assert refused.json()["errors"][0]["path"] == "url" and message in refused.json()["errors"][0]["message"]
        unknown = host.request("POST", "/v1/webhooks", json={"url": "https://example.com", "events": ["nope"], "extra": 1})
        assert unknown.status_code in (400, 422), unknown.text
        # A name is checked after resolving it: localhost is loopback, so nothing is sent.
        endpoint = host.request("POST", "/v1/webhooks", json={
            "url": f"https://localhost:{receiver.port}/hooks", "events": ["form.published"]}).json()["id"]
        host.publish_form(host.create_meeting())
        log = wait_until(lambda: [d for d in delivery_log(host, endpoint) if d["attempts"] > 0], 20, "an attempt")
        assert log[0]["lastError"] == "refused: not a public address", log
        assert receiver.attempts == []
    finally:
        server.stop()
        receiver.down()
