"""Slow queries and an exhausted pool: a statement over the statement timeout fails its own request
with a retryable 503 and leaves its connection usable; requests that cannot get a connection get
a 503 after the pool's bounded wait instead of queueing without end.

A `psql` session holding a lock on `responses` makes submissions slow on demand.
"""
from __future__ import annotations

import concurrent.futures
import subprocess
import time

import pytest
import requests

from conftest import API, psql, start_server
from load import submission

NO_LIMITS = {"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"}


class TableLock:
    """Holds `LOCK TABLE … IN SHARE MODE` (reads go on, inserts wait) until released."""

    def __init__(self, database_url: str, table: str):
        self.session = subprocess.Popen(["psql", database_url, "-XAtq", "-v", "ON_ERROR_STOP=1"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.session.stdin.write(f"BEGIN; LOCK TABLE {table} IN SHARE MODE; SELECT 'locked';\n")
        self.session.stdin.flush()
        assert self.session.stdout.readline().strip() == "locked"

    def release(self) -> None:
        if self.session.poll() is None:
            self.session.communicate("ROLLBACK;\n", timeout=30)


def backend_pids(database_url: str) -> set[str]:
    return set(psql(database_url, "SELECT pid FROM pg_stat_activity WHERE application_name = 'debrief' AND query NOT LIKE 'LISTEN%'").split())


def submit(base_url: str, code: str, key: str) -> requests.Response:
    return requests.post(f"{base_url}/v1/f/{code}/responses", json=submission(key), headers={"Idempotency-Key": key}, timeout=60)


@pytest.fixture
def published(database_url):
    def start(**env: str):
        server = start_server(database_url, env={**NO_LIMITS, **env})
        host = API(server.base_url).sign_up()
        meeting = host.create_meeting()
        return server, host, meeting, host.publish_form(meeting)["code"]
    started = []
    yield lambda **env: started.append(start(**env)) or started[-1]
    for server, *_ in started:
        server.stop()


def test_a_statement_over_the_timeout_fails_only_its_request(published, database_url):
    server, host, meeting, code = published(DEBRIEF_STATEMENT_TIMEOUT="1", DEBRIEF_POOL_SIZE="2")
    assert submit(server.base_url, code, "before-lock").status_code == 201
    lock = TableLock(database_url, "responses")
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as client:
            pending = client.submit(submit, server.base_url, code, "during-lock")
            waiting_backend = wait_for_lock_waiters(database_url, 1)[0]
            slow = pending.result(timeout=30)
        assert slow.status_code == 503, slow.text
        assert slow.headers["Retry-After"] and slow.json()["code"] == "timeout"
        # Reads don't need the lock: they go on while the submission waits.
        assert host.request("GET", f"/v1/meetings/{meeting}/results").status_code == 200
    finally:
        lock.release()
    # The same submission, retried, goes through; the connection whose statement was cancelled
    # is still in the pool (not dropped and reopened).
    retried = submit(server.base_url, code, "during-lock")
    assert retried.status_code == 201, retried.text
    assert waiting_backend in backend_pids(database_url)
    assert psql(database_url, "SELECT count(*) FROM answers WHERE text_value = 'during-lock'") == "1"


def wait_for_lock_waiters(database_url: str, count: int) -> list[str]:
    """The pids of backends waiting for the lock on `responses`, once there are `count` of them."""
    deadline = time.monotonic() + 30
    while True:
        pids = psql(database_url, "SELECT pid FROM pg_locks WHERE NOT granted AND relation = 'responses'::regclass").split()
        if len(pids) >= count:
            return pids
        assert time.monotonic() < deadline, f"{len(pids)} of {count} backends reached the lock"
        time.sleep(0.05)


def test_an_exhausted_pool_answers_503_after_a_bounded_wait(published, database_url):
    pool_size, waiting = 2, 4
    server, host, meeting, code = published(DEBRIEF_STATEMENT_TIMEOUT="120", DEBRIEF_POOL_SIZE=str(pool_size), DEBRIEF_POOL_TIMEOUT="1")
    lock = TableLock(database_url, "responses")
    try:
        with concurrent.futures.ThreadPoolExecutor(pool_size + waiting) as clients:
            # Two submissions take both connections and wait on the lock...
            holders = [clients.submit(submit, server.base_url, code, f"holder-{n}") for n in range(pool_size)]
            wait_for_lock_waiters(database_url, pool_size)
            # ...so these find no connection: each gets 503 while the lock is still held, which is
            # only possible if their wait is bounded.
            refused = [clients.submit(submit, server.base_url, code, f"waiter-{n}") for n in range(waiting)]
            answers = [future.result(timeout=30) for future in refused]
            assert all(not holder.done() for holder in holders)
            for answer in answers:
                assert answer.status_code == 503, answer.text
                assert answer.headers["Retry-After"]
            # A health check needs no pooled connection and still answers.
            assert requests.get(server.base_url + "/healthz", timeout=10).status_code == 200
            lock.release()
            assert [holder.result(timeout=60).status_code for holder in holders] == [201] * pool_size
    finally:
        lock.release()
    assert psql(database_url, "SELECT count(*) FROM answers WHERE text_value LIKE 'waiter-%'") == "0"
