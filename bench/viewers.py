#!/usr/bin/env python3
"""The `viewers` scenario of scripts/bench-viewers (standard library only, asyncio).

  viewers.py BASE CODE COUNT SECONDS READY_FILE

Opens COUNT participant live streams (GET /v1/f/CODE/results/live) from this one process, writes
READY_FILE once all are open, then for SECONDS probes freshness: every 0.5 s it posts one response
answering the form's `probe` question (which the load never answers, so the probe's own count
identifies its responses exactly) and times, for every viewer, the first event whose `probe`
respondents count includes it. Then it closes every stream and prints one line:

  VIEWERS n=… open=… events=… probes=… fresh_p50_ms=… fresh_p99_ms=… fresh_max_ms=… ended=…

Per chunk a viewer only looks for `id:` lines (the event's id) and records when it saw each; the
JSON of an event is parsed once (by the first viewer), so the client's own CPU stays small.
"""
import asyncio
import json
import sys
import time
import urllib.parse

PROBE = json.dumps({"answers": [{"questionKey": "useful", "rating": 3}, {"questionKey": "probe", "rating": 1}]}).encode()


class Viewer(asyncio.Protocol):
    counts = {}  # event id -> the probe question's respondents in it (parsed once)

    def __init__(self, request, first):
        self.request = request
        self.first = first
        self.seen = []  # (monotonic time, event id)
        self.buffer = b""
        self.ended = False
        self.status = None
        self.transport = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data):
        now = time.monotonic()
        data = self.buffer + data
        if self.status is None and b"\r\n" in data:
            self.status = data.split(b" ", 2)[1]
        if self.first:
            # The first viewer keeps whole events to parse each one's JSON once.
            while b"\n\n" in data:
                event, data = data.split(b"\n\n", 1)
                self.handle(event, now)
            self.buffer = data[-1_000_000:]
            return
        start = 0
        while True:
            at = data.find(b"\nid: ", start)
            if at < 0:
                break
            end = data.find(b"\n", at + 5)
            if end < 0:
                break
            self.seen.append((now, data[at + 5:end]))
            start = end
        if b"event: end" in data:
            self.ended = True
        self.buffer = data[start:][-64:]

    def handle(self, event, now):
        lines = event.split(b"\n")
        ident = next((line[4:] for line in lines if line.startswith(b"id: ")), None)
        body = next((line[6:] for line in lines if line.startswith(b"data: ")), None)
        if b"event: end" in event:
            self.ended = True
        if ident is None or body is None:
            return
        self.seen.append((now, ident))
        if ident not in Viewer.counts:
            report = json.loads(body)
            probe = next((q for q in report.get("questions", []) if q.get("key") == "probe"), {})
            Viewer.counts[ident] = probe.get("respondents") or 0


async def post(host, port, path, body):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    status = (await reader.readline()).split(b" ")[1]
    await reader.read()
    writer.close()
    return status


async def main(base, code, count, seconds, ready_file):
    url = urllib.parse.urlparse(base)
    loop = asyncio.get_running_loop()
    request = (f"GET /v1/f/{code}/results/live HTTP/1.1\r\nHost: {url.hostname}\r\n"
               "Accept: text/event-stream\r\n\r\n").encode()
    viewers = []
    # In batches, so the listen backlog is never the limit.
    for batch in range(0, count, 200):
        opened = await asyncio.gather(*[
            loop.create_connection(lambda first=(batch + i == 0): Viewer(request, first), url.hostname, url.port)
            for i in range(min(200, count - batch))])
        viewers += [protocol for _, protocol in opened]
        await asyncio.sleep(0.05)
    while not Viewer.counts:  # the first snapshot, to know where the probe count starts
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)
    open(ready_file, "w").write("ready\n")
    start_count = max(Viewer.counts.values())
    probes = []  # (acknowledged at, the probe count that includes it)
    deadline = time.monotonic() + seconds
    await asyncio.sleep(1)
    while time.monotonic() < deadline - 1.5:
        status = await post(url.hostname, url.port, f"/v1/f/{code}/responses", PROBE)
        if status == b"201":
            probes.append((time.monotonic(), start_count + len(probes) + 1))
        await asyncio.sleep(0.5)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    for viewer in viewers:
        viewer.transport.close()
    delays = []
    for viewer in viewers:
        for acknowledged, target in probes:
            seen = next((t for t, ident in viewer.seen if Viewer.counts.get(ident, -1) >= target), None)
            # A viewer that never saw it counts as the whole run late (it is in the p99, not hidden).
            delays.append(max(0.0, (seen if seen is not None else deadline) - acknowledged) * 1000)
    delays.sort()
    pick = lambda q: delays[min(len(delays) - 1, int(q * (len(delays) - 1)))] if delays else float("nan")  # noqa: E731
    bad = sum(1 for viewer in viewers if viewer.status != b"200")
    print(f"VIEWERS n={count} open={count - bad} events={sum(len(v.seen) for v in viewers)} probes={len(probes)} "
          f"fresh_p50_ms={pick(0.5):.0f} fresh_p99_ms={pick(0.99):.0f} fresh_max_ms={pick(1.0):.0f} "
          f"ended={sum(1 for v in viewers if v.ended)}", flush=True)


if __name__ == "__main__":
    base, code, count, seconds, ready = sys.argv[1:6]
    asyncio.run(main(base, code, int(count), float(seconds), ready))
