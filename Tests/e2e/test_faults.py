"""Faults survived: the database restarts or loses connections, Debrief is killed or stopped,
while participants keep submitting with idempotency keys. Every acknowledged submission must be
stored exactly once, and during an outage the service answers 503 with Retry-After.

Each test prints its figures (acknowledged vs stored, what the clients saw) for the notes.
"""
from __future__ import annotations

import json
import signal
import threading
import time

import pytest
import requests

from cluster import PrivateCluster
from conftest import API, Host, psql, start_server
from load import LiveStream, Submitter, check_stored

# Rate limits are about abuse, not these faults: off, so eight clients on one address may submit freely.
NO_LIMITS = {"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"}


@pytest.fixture
def cluster():
    running = PrivateCluster().start()
    yield running
    running.stop()


@pytest.fixture
def serve(cluster):
    """Starts `debrief serve` processes on the private cluster; all are stopped afterwards."""
    servers = []

    def start(**options):
        servers.append(start_server(cluster.url, **{"env": NO_LIMITS, **options}))
        return servers[-1]
    yield start
    for server in servers:
        server.stop()


def published_form(server) -> tuple[API, Host, str, str]:
    api = API(server.base_url)
    host = api.sign_up()
    meeting = host.create_meeting()
    return api, host, meeting, host.publish_form(meeting)["code"]


class ReadinessWatcher:
    """Polls /readyz and records each status it saw, in order, without repeats."""

    def __init__(self, base_url: str):
        self.base_url, self.seen, self._stop = base_url, [], threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()

    def _run(self):
        while not self._stop.is_set():
            try:
                status = str(requests.get(self.base_url + "/readyz", timeout=5).status_code)
            except requests.RequestException:
                status = "unreachable"
            if not self.seen or self.seen[-1] != status:
                self.seen.append(status)
            time.sleep(0.02)


def report(name: str, load: Submitter, stored, **extra) -> None:
    print(f"\nFAULT {name}: " + json.dumps({
        "acknowledged": stored.acknowledged, "stored": stored.stored_acknowledged,
        "missing": len(stored.missing), "duplicated": len(stored.duplicated),
        "partial": stored.partial_responses, "stored_unacknowledged": stored.stored_unacknowledged,
        "abandoned": len(load.abandoned),
        "client_saw": dict(load.outcomes.counts), **extra}))


def assert_nothing_lost(load: Submitter, stored) -> None:
    assert stored.clean, stored
    assert stored.acknowledged > 0
    assert not load.abandoned, load.abandoned
    assert not load.outcomes.unexpected, load.outcomes.unexpected
    assert load.outcomes.missing_retry_after == 0


@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_database_restart_under_load(cluster, serve, mode):
    server = serve()
    _, _, _, code = published_form(server)
    with ReadinessWatcher(server.base_url) as readiness, Submitter(server.base_url, code, prefix=f"restart-{mode}") as load:
        load.wait_for_acks(100)
        cluster.restart(mode)
        # The pool heals by itself: the same process acknowledges more after the restart.
        after_restart = load.acked_count
        load.wait_for_acks(after_restart + 100)
        load.stop()
        time.sleep(0.2)
    stored = check_stored(cluster.url, load)
    report(f"pg_ctl restart -m {mode}", load, stored, readyz=readiness.seen)
    assert_nothing_lost(load, stored)
    assert server.process.poll() is None, "Debrief must survive the restart"
    # Nothing hangs: every request got an answer within the client's timeout.
    assert load.outcomes.counts["timeout"] == 0
    # The outage was seen and answered with 503 (never a 500), and readiness went red and back.
    assert set(load.outcomes.counts) <= {"201", "503"}, load.outcomes.counts
    assert load.outcomes.counts["503"] > 0
    assert "503" in readiness.seen and readiness.seen[-1] == "200", readiness.seen


def test_debrief_killed_under_load(cluster, serve):
    server = serve()
    _, _, _, code = published_form(server)
    with Submitter(server.base_url, code, prefix="sigkill") as load:
        load.wait_for_acks(100)
        server.stop(signal.SIGKILL)
        # Clients keep retrying (refused) while a new process starts on the same port.
        server = serve(port=server.port)
        load.wait_for_acks(load.acked_count + 100)
        load.stop()
    stored = check_stored(cluster.url, load)
    report("SIGKILL of debrief", load, stored)
    assert_nothing_lost(load, stored)
    assert load.outcomes.counts["refused"] + load.outcomes.counts["reset"] > 0


def test_sigterm_under_load_finishes_in_flight_work(cluster, serve):
    shutdown_timeout = 10
    server = serve(env={**NO_LIMITS, "DEBRIEF_SHUTDOWN_TIMEOUT": str(shutdown_timeout)})
    _, host, meeting, code = published_form(server)
    stream = LiveStream(server.base_url, meeting, host.auth)
    assert stream.wait_for_events(1)
    # A new connection per request: each one is then either refused or answered, never cut.
    with Submitter(server.base_url, code, prefix="sigterm", fresh_connections=True) as load:
        load.wait_for_acks(50)
        before = load.acked_count
        signalled = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        status = server.process.wait(shutdown_timeout + 20)
        exit_seconds = time.monotonic() - signalled
        load.stop(settle=0)
    stream.wait_for_end()
    stored = check_stored(cluster.url, load)
    report("SIGTERM under load", load, stored, exit_code=status, exit_seconds=round(exit_seconds, 2),
           acknowledged_after_signal=load.acked_count - before, live_events=stream.events)
    assert status == 0, server.log()[-3000:]
    assert exit_seconds < shutdown_timeout + 5
    # What was acknowledged is stored once; submissions cut short by the stop are not half-stored,
    # and none was stored without its answer reaching the client (in-flight work finished).
    assert not stored.missing and not stored.duplicated and stored.partial_responses == 0, stored
    assert stored.stored_unacknowledged == 0, stored
    assert not load.outcomes.unexpected, load.outcomes.unexpected
    # The live stream ended with the server, cleanly (the chunked body was terminated).
    assert stream.ended_cleanly and stream.error is None, stream.error


def test_terminated_connections_fail_only_their_requests(cluster, serve):
    server = serve()
    _, host, meeting, code = published_form(server)
    with Submitter(server.base_url, code, prefix="terminate") as load:
        load.wait_for_acks(100)
        terminated = 0
        for _ in range(3):
            terminated += int(psql(cluster.url, """
                SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                WHERE application_name = 'debrief' AND pid <> pg_backend_pid()"""))
            load.wait_for_acks(load.acked_count + 50)
        load.stop()
    stored = check_stored(cluster.url, load)
    report("pg_terminate_backend x3", load, stored, backends_terminated=terminated)
    assert_nothing_lost(load, stored)
    assert terminated > 0
    assert set(load.outcomes.counts) <= {"201", "503"}, load.outcomes.counts
    # The live listener was among the terminated: a new viewer still hears new submissions.
    stream = LiveStream(server.base_url, meeting, host.auth)
    assert stream.wait_for_events(1)  # the snapshot on opening
    with Submitter(server.base_url, code, prefix="terminate-after", workers=1) as after:
        after.wait_for_acks(1)
        assert stream.wait_for_events(2), "no live event after the listener's connection was terminated"
    stream.close()
