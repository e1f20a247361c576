"""Secrets stay secret: nothing the server logs (at debug level) holds a password or a token, and
no problem document shows SQL, database internals or source paths, even when the database fails.
"""
from __future__ import annotations

import secrets
import subprocess
import time
import urllib.parse
from pathlib import Path

import pytest
import requests

from conftest import API, _required_env, free_port, psql, start_server

DATABASE_PASSWORD = "Db-" + secrets.token_urlsafe(12)
# What a problem document must never contain: SQL, PostgreSQL and libpq wording, our module and
# file names, stack traces.
LEAKS = ["SELECT", "INSERT", "UPDATE ", "DELETE FROM", " FROM ", "WHERE", "relation", "SQLSTATE", "syntax error",
         "postgres", "PQ", "libpq", "pg_", ".swift", "Sources/", "DebriefStore", "Fatal", "Stack", "backtrace",
         "meetings_moved", "column", "constraint", "violates", "deadlock", "terminating"]


def with_password(url: str, password: str) -> str:
    """The test cluster trusts local connections, so a password in the URL is accepted and ignored."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username or 'postgres'}:{password}@{parts.hostname}:{parts.port}"))


def run_debrief(arguments: list[str], environment: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([_required_env("DEBRIEF_BINARY"), *arguments], capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", **environment}, timeout=120, check=False)


def test_no_password_or_token_reaches_the_log(database_url: str):
    server = start_server(with_password(database_url, DATABASE_PASSWORD), env={"LOG_LEVEL": "debug"})
    api = API(server.base_url)
    try:
        host = api.sign_up("Logged Host")
        wrong_password = "not-the-password-" + secrets.token_hex(4)
        assert api.request("POST", "/v1/tokens", json={"email": host.email, "password": wrong_password}).status_code == 401
        assert host.request("GET", "/v1/me").status_code == 200
        meeting = host.create_meeting()
        code = host.publish_form(meeting, {
            "title": "Names", "anonymous": False,
            "questions": [{"key": "q", "prompt": "How was it?", "kind": "rating", "min": 1, "max": 5}]})["code"]
        participant = api.request("POST", f"/v1/f/{code}/check-in", json={"name": "Ada"}).json()["participantToken"]
        answered = api.request("POST", f"/v1/f/{code}/responses",
                               json={"participantToken": participant, "answers": [{"questionKey": "q", "rating": 4}]})
        assert answered.status_code == 201, answered.text
        # A token as garbage, a token in a query string, a token in a body where it does not belong.
        api.request("GET", "/v1/me", headers={"Authorization": f"Bearer {host.token}x"})
        api.request("GET", f"/v1/meetings?cursor={host.token}", headers=host.auth)
        api.request("POST", "/v1/accounts", json={"email": "x", "password": host.token, "displayName": "X"})
        assert host.request("DELETE", "/v1/tokens/current").status_code == 204
        assert host.request("GET", "/v1/me").status_code == 401
    finally:
        server.stop()
    logs = {"serve": server.log()}

    # Failing to start: an unreachable database, and a URL libpq cannot even parse (it quotes those).
    unreachable = with_password(f"postgresql://postgres@127.0.0.1:{free_port()}/none", DATABASE_PASSWORD)
    malformed = f"postgresql://postgres:{DATABASE_PASSWORD}@[::1/none"
    for name, url in {"unreachable": unreachable, "malformed": malformed}.items():
        done = run_debrief(["serve", "--port", str(free_port())], {"DATABASE_URL": url, "LOG_LEVEL": "debug"})
        assert done.returncode == 3, f"{name}: exit {done.returncode}\n{done.stderr}"
        logs[name] = done.stdout + done.stderr
    done = run_debrief(["migrate", "--database-url", malformed, "--log-level", "debug"], {})
    logs["migrate"] = done.stdout + done.stderr

    assert "request" in logs["serve"] and logs["unreachable"], "nothing was logged to check"
    for name, text in logs.items():
        for secret in [DATABASE_PASSWORD, host.password, wrong_password, host.token, participant]:
            assert secret not in text, f"{name} log holds a secret ({secret[:6]}…)"


@pytest.fixture(scope="module")
def scratch(database_url: str):
    """A server on a database this module may break (statement timeout 1 s, the shortest)."""
    server = start_server(database_url, env={"DEBRIEF_STATEMENT_TIMEOUT": "1", "DEBRIEF_POOL_TIMEOUT": "2"})
    yield server
    server.stop()


def expect_clean_problem(response: requests.Response, where: str, statuses: set[int]):
    assert response.status_code in statuses, f"{where}: {response.status_code} {response.text}"
    assert response.headers["content-type"] == "application/problem+json", where
    body = response.text
    for leak in LEAKS:
        assert leak not in body, f"{where}: the problem mentions {leak!r}: {body}"
    assert set(response.json()) <= {"type", "title", "status", "detail", "code", "requestId", "errors"}, body


def test_database_failures_never_show_sql_in_problems(scratch, database_url: str):
    api = API(scratch.base_url)
    host = api.sign_up("Broken Database Host")
    meeting = host.create_meeting()
    host.publish_form(meeting)

    # A table that is gone: every statement on it fails inside PostgreSQL.
    psql(database_url, "ALTER TABLE meetings RENAME TO meetings_moved")
    try:
        for path in ["/v1/meetings", f"/v1/meetings/{meeting}", f"/v1/meetings/{meeting}/results",
                     f"/v1/meetings/{meeting}/export.csv"]:
            expect_clean_problem(host.request("GET", path), f"GET {path} without its table", {500})
        expect_clean_problem(host.request("POST", "/v1/meetings", json={
            "title": "x", "startsAt": "2031-01-01T09:00:00Z", "endsAt": "2031-01-01T10:00:00Z"}), "POST /v1/meetings", {500})
    finally:
        psql(database_url, "ALTER TABLE meetings_moved RENAME TO meetings")

    # A lock held longer than the statement timeout: the statement is cancelled (503 timeout).
    locker = subprocess.Popen(["psql", database_url, "-Xq", "-c",
                               "BEGIN; LOCK TABLE meetings IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(8); COMMIT;"],
                              stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while "t" != psql(database_url, "SELECT EXISTS (SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                                        "WHERE c.relname = 'meetings' AND l.mode = 'AccessExclusiveLock' AND l.granted)"):
            assert time.monotonic() < deadline, "the lock was never taken"
            time.sleep(0.1)
        expect_clean_problem(host.request("GET", f"/v1/meetings/{meeting}"), "GET a locked meeting", {503})
    finally:
        locker.wait(timeout=60)

    # Every pooled connection terminated under the server's feet: retried or a clean 503.
    psql(database_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    reply = host.request("GET", f"/v1/meetings/{meeting}")
    if reply.status_code != 200:
        expect_clean_problem(reply, "GET after pg_terminate_backend", {503})
    assert host.request("GET", f"/v1/meetings/{meeting}").status_code == 200
    log = scratch.log()
    assert "Fatal error" not in log and "Backtrac" not in log
