#!/usr/bin/env python3
"""Live-results probes for scripts/bench-results (standard library only).

  live_probe.py freshness BASE MEETING TOKEN CODE ROUNDS [SUBMIT_BASE]
      Opens GET /v1/meetings/MEETING/results/live on BASE, then ROUNDS times: posts one
      submission to form CODE (on SUBMIT_BASE, another instance, when given; else BASE) and
      measures the time from the 201 until a `results` event counts it.
      Prints: FRESHNESS rounds=N p50_ms=… p99_ms=… max_ms=…

  live_probe.py viewers BASE MEETING TOKEN COUNT SECONDS
      Holds COUNT live streams open for SECONDS, reading every byte of every event (as a
      dashboard would) on one thread, so the probe takes little of the machine's CPU.
      Prints: VIEWERS streams=N events=… (after SECONDS)
"""
import http.client
import json
import selectors
import socket
import statistics
import sys
import time
import urllib.parse

SUBMISSION = json.dumps({"answers": [
    {"questionKey": "useful", "rating": 4},
    {"questionKey": "topic", "optionIds": ["roadmap"]},
    {"questionKey": "nps", "rating": 9},
    {"questionKey": "pace", "optionIds": ["ok"]},
]})


def open_stream(base, meeting, token, timeout):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    connection.request("GET", f"/v1/meetings/{meeting}/results/live",
                       headers={"Authorization": f"Bearer {token}", "Accept": "text/event-stream"})
    response = connection.getresponse()
    if response.status != 200:
        raise SystemExit(f"live stream answered {response.status}: {response.read()[:200]!r}")
    return connection, response


def events(response):
    """Yields (event name, data) of a server-sent event stream."""
    name, data = "message", []
    while True:
        line = response.readline()
        if not line:
            return
        line = line.decode("utf-8").rstrip("\r\n")
        if line == "":
            if data:
                yield name, "\n".join(data)
            name, data = "message", []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].lstrip())


def post(base, path, body):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response.status


def freshness(base, meeting, token, code, rounds, submit_base=None):
    _, response = open_stream(base, meeting, token, timeout=30)
    stream = events(response)
    latest = None
    for name, data in stream:  # the first snapshot
        if name == "results":
            latest = json.loads(data)["summary"]["responsesUnfiltered"]
            break
    delays = []
    for _ in range(rounds):
        status = post(submit_base or base, f"/v1/f/{code}/responses", SUBMISSION)
        committed = time.monotonic()
        if status != 201:
            raise SystemExit(f"submission answered {status}")
        target = latest + 1
        for name, data in stream:
            if name != "results":
                continue
            latest = json.loads(data)["summary"]["responsesUnfiltered"]
            if latest >= target:
                delays.append((time.monotonic() - committed) * 1000)
                break
        time.sleep(0.1)
    ordered = sorted(delays)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    print(f"FRESHNESS rounds={len(delays)} p50_ms={statistics.median(delays):.0f} p99_ms={p99:.0f} max_ms={max(delays):.0f}")


def viewers(base, meeting, token, count, seconds):
    """One thread and non-blocking sockets for all streams: the probe shares the machine with the
    server, so it reads every byte (as a dashboard must) but spends as little CPU as it can on
    them, and counts `results` events by their marker line rather than parsing each one."""
    url = urllib.parse.urlparse(base)
    marker = b"\nevent: results\n"
    request = (f"GET /v1/meetings/{meeting}/results/live HTTP/1.1\r\nHost: {url.hostname}\r\n"
               f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
    selector = selectors.DefaultSelector()
    states = []
    for _ in range(count):
        connection = socket.create_connection((url.hostname, url.port))
        connection.sendall(request)
        connection.setblocking(False)
        # Per stream: the events counted, and the tail kept to find a marker split between reads.
        states.append({"events": 0, "tail": b"", "status": None})
        selector.register(connection, selectors.EVENT_READ, states[-1])
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for key, _ in selector.select(timeout=max(0.0, min(0.5, deadline - time.monotonic()))):
            state = key.data
            try:
                chunk = key.fileobj.recv(262144)
            except BlockingIOError:
                continue
            if not chunk:
                selector.unregister(key.fileobj)
                continue
            if state["status"] is None:
                state["status"] = chunk.split(b" ", 2)[1]
                if state["status"] != b"200":
                    raise SystemExit(f"live stream answered {chunk[:200]!r}")
            data = state["tail"] + chunk
            state["events"] += data.count(marker)
            state["tail"] = data[-(len(marker) - 1):]
    print(f"VIEWERS streams={count} events={sum(state['events'] for state in states)}", flush=True)


if __name__ == "__main__":
    mode, base, meeting, token = sys.argv[1:5]
    if mode == "freshness":
        freshness(base, meeting, token, sys.argv[5], int(sys.argv[6]), sys.argv[7] if len(sys.argv) > 7 else None)
    elif mode == "viewers":
        viewers(base, meeting, token, int(sys.argv[5]), float(sys.argv[6]))
    else:
        raise SystemExit(__doc__)
