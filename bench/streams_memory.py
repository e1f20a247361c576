#!/usr/bin/env python3
"""Does a server give back the memory of live streams once they end? (standard library only)

  streams_memory.py BINARY DATABASE_URL [STREAMS]

Starts `BINARY serve` on DATABASE_URL (a new, empty database) with the live-stream caps raised
past STREAMS (default 6,000), so that one account may open them all as the audit of issue 31 did,
signs a host up, publishes a one-question form, then:

  1. reads the server's resident memory (VmRSS) idle, after one stream was opened and closed;
  2. opens STREAMS live results streams (`GET /v1/meetings/ID/results/live`) and reads it again;
  3. closes them all, waits until the server has let go of them, and reads it again;
  4. does 2 and 3 once more: memory kept for reuse stays level, a leak adds up.

Prints one line per reading. Before the fix
(the hub kept per-meeting state and never-shrinking dictionaries), the audit saw 65 → 613 MB and
no return. A figure, not a test: run it on a quiet machine and compare within one run.
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import time
import urllib.parse

from memory import read_until, rss_mib


def call(base, method, path, body=None, token=None):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    if response.status >= 300:
        raise SystemExit(f"{method} {path}: {response.status} {data[:300]!r}")
    return json.loads(data) if data else None


def open_stream(port, meeting, token):
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall((f"GET /v1/meetings/{meeting}/results/live HTTP/1.1\r\nHost: localhost\r\n"
                  f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    read_until(sock, b"\r\n\r\n", "stream")
    return sock


def main():
    binary, database_url = sys.argv[1], sys.argv[2]
    streams = int(sys.argv[3]) if len(sys.argv) > 3 else 6000
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    environment = dict(os.environ, DATABASE_URL=database_url, LOG_LEVEL="warning",
                       DEBRIEF_LIVE_STREAMS_PER_ACCOUNT=str(streams + 10),
                       DEBRIEF_LIVE_STREAMS_PER_ADDRESS=str(streams + 10),
                       DEBRIEF_LIVE_STREAMS_LIMIT=str(streams + 10))
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--signup", "open", "--bcrypt-cost", "4"],
                              env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                call(base, "GET", "/readyz")
                break
            except (OSError, SystemExit):
                time.sleep(0.2)
        call(base, "POST", "/v1/accounts", {"email": "streams@example.com", "password": "correct horse battery", "displayName": "Host"})
        token = call(base, "POST", "/v1/tokens", {"email": "streams@example.com", "password": "correct horse battery"})["token"]
        meeting = call(base, "POST", "/v1/meetings", {"title": "Streams", "startsAt": "2026-12-01T09:00:00Z", "endsAt": "2026-12-01T10:00:00Z"}, token)["id"]
        call(base, "PUT", f"/v1/meetings/{meeting}/form", {"title": "Streams", "questions": [
            {"key": "useful", "prompt": "Useful?", "kind": "rating", "min": 1, "max": 5}]}, token)
        call(base, "POST", f"/v1/meetings/{meeting}/form/publish", None, token)
        open_stream(port, meeting, token).close()
        time.sleep(2)
        idle = rss_mib(server.pid)
        print(f"idle: {idle:.1f} MiB", flush=True)

        # Two rounds: memory the allocator keeps for reuse is taken again by the second round
        # (RSS stays level); memory that leaked adds up (RSS grows by the first round's again).
        for round in (1, 2):
            started = time.monotonic()
            sockets = [open_stream(port, meeting, token) for _ in range(streams)]
            time.sleep(2)
            held = rss_mib(server.pid)
            print(f"round {round}: {streams} streams open ({time.monotonic() - started:.1f} s to open): {held:.1f} MiB", flush=True)
            for sock in sockets:
                sock.close()
            closed = time.monotonic()
            # The server notices a closed stream when it next writes to it: an event, or the
            # heartbeat every 15 s.
            for _ in range(2):
                time.sleep(16)
                after = rss_mib(server.pid)
                print(f"round {round}: {time.monotonic() - closed:.0f} s after they closed: {after:.1f} MiB", flush=True)
            print(f"round {round}: kept after closing: {after - idle:.1f} MiB of the {held - idle:.1f} MiB the streams took", flush=True)
    finally:
        server.terminate()
        server.wait(timeout=60)


if __name__ == "__main__":
    main()
