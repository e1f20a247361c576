"""Slow and broken clients: slowloris (headers trickled in) and slow bodies (R-U-Dead-Yet), driven
by Debian's slowhttptest, must not starve normal clients nor hold connections for ever; a client
that drops mid-body stores nothing.
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import time

import pytest
import requests

from conftest import API, psql, start_server
from load import submission

# The request deadlines under test, short so a run is short: a request head must arrive within
# the idle timeout, a body within the body timeout.
DEADLINES = {"DEBRIEF_IDLE_TIMEOUT": "3", "DEBRIEF_BODY_TIMEOUT": "3",
             "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"}


@pytest.fixture(scope="module")
def slow_server(database_url):
    running = start_server(database_url, env=DEADLINES)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def form_code(slow_server) -> str:
    host = API(slow_server.base_url).sign_up()
    return host.publish_form(host.create_meeting())["code"]


def open_descriptors(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def established_connections(port: int) -> int:
    """Established TCP connections to the server's port, as `ss` sees them."""
    out = subprocess.run(["ss", "-Htn", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True).stdout
    return len([line for line in out.splitlines() if line.strip()])


@pytest.mark.parametrize("attack", ["slowloris", "slow-body"])
def test_slow_clients_do_not_starve_normal_clients(slow_server, form_code, attack):
    pid = slow_server.process.pid
    baseline = open_descriptors(pid)
    url = f"{slow_server.base_url}/v1/f/{form_code}/responses"
    mode = ["-H", "-t", "GET", "-u", f"{slow_server.base_url}/healthz"] if attack == "slowloris" else \
        ["-B", "-t", "POST", "-u", url, "-s", "65536", "-f", "application/json"]
    # 600 connections at 100/s, each sending a little every second, for 20 s.
    attacker = subprocess.Popen(["slowhttptest", *mode, "-c", "600", "-r", "100", "-i", "1", "-x", "8", "-l", "20", "-p", "5"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(4)
        served, peak_descriptors, peak_connections = 0, baseline, 0
        session = requests.Session()
        for number in range(40):
            health = session.get(slow_server.base_url + "/healthz", timeout=15)
            assert health.status_code == 200
            stored = session.post(url, json=submission(f"{attack}-normal-{number}"),
                                  headers={"Idempotency-Key": f"{attack}-normal-{number}"}, timeout=15)
            assert stored.status_code == 201, stored.text
            served += 2
            peak_descriptors = max(peak_descriptors, open_descriptors(pid))
            peak_connections = max(peak_connections, established_connections(slow_server.port))
            time.sleep(0.2)
    finally:
        attacker.wait(60)
    # Once the attack is over the descriptors return to where they were: nothing leaked.
    deadline = time.monotonic() + 30
    while open_descriptors(pid) > baseline + 5 and time.monotonic() < deadline:
        time.sleep(0.5)
    after = open_descriptors(pid)
    print(f"\nSLOW {attack}: " + json.dumps({
        "normal_requests_served": served, "descriptors_before": baseline, "descriptors_peak": peak_descriptors,
        "descriptors_after": after, "established_peak": peak_connections}))
    assert after <= baseline + 5
    # Deadlines cut the attacker's connections: with 600 wanted, fewer than that were ever held at once.
    assert peak_connections < 600
    assert slow_server.process.poll() is None


def raw_submission(form_code: str, marker: str, extra_length: int = 0) -> tuple[bytes, bytes]:
    """The head and body of a submission whose short answer is `marker`, for a raw socket; the
    head's Content-Length claims `extra_length` more bytes than the body has."""
    body = json.dumps(submission(marker)).encode()
    head = (f"POST /v1/f/{form_code}/responses HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            f"Idempotency-Key: {marker}\r\nContent-Length: {len(body) + extra_length}\r\n\r\n").encode()
    return head, body


def test_a_client_that_drops_mid_body_stores_nothing(slow_server, form_code):
    marker = "dropped-mid-body"
    # Content-Length promises more than is sent: the JSON so far is complete and valid, so a server
    # that acted on a partial body would store it.
    head, body = raw_submission(form_code, marker, extra_length=100)
    with socket.create_connection(("127.0.0.1", slow_server.port)) as connection:
        connection.sendall(head + body)
        time.sleep(0.5)
    # A later, complete request on the same form goes through, so the form was open all along.
    complete = requests.post(f"{slow_server.base_url}/v1/f/{form_code}/responses", json=submission("after-drop"),
                             headers={"Idempotency-Key": "after-drop"}, timeout=15)
    assert complete.status_code == 201, complete.text
    database = slow_server.database_url
    assert psql(database, f"SELECT count(*) FROM answers WHERE text_value = '{marker}'") == "0"
    assert psql(database, "SELECT count(*) FROM answers WHERE text_value = 'after-drop'") == "1"


def test_a_body_slower_than_the_body_timeout_is_cut_off(slow_server, form_code):
    marker = "too-slow-body"
    head, body = raw_submission(form_code, marker)
    with socket.create_connection(("127.0.0.1", slow_server.port)) as connection:
        connection.settimeout(30)
        connection.sendall(head)
        closed = False
        # A byte a second: always "active", so an idle timeout alone would never end it.
        for byte in body:
            try:
                connection.sendall(bytes([byte]))
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            time.sleep(0.5)
        if not closed:
            reply = connection.recv(65536)
            closed = reply == b"" or reply.startswith(b"HTTP/1.1 408")
    assert closed
    assert psql(slow_server.database_url, f"SELECT count(*) FROM answers WHERE text_value = '{marker}'") == "0"

