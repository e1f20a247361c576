#!/usr/bin/env python3
"""The `viewers` scenario of scripts/bench-viewers (standard library only, asyncio).

  viewers.py BASE CODE COUNT SECONDS READY_FILE [TIMED]

Opens COUNT participant live streams (GET /v1/f/CODE/results/live) from this one process, writes
READY_FILE once all are open, then for SECONDS probes freshness: every 0.5 s it posts one response
answering the form's `probe` question (which the load never answers, so the probe's own count
identifies its responses exactly) and times, for each of TIMED viewers (100 by default, spread
over the room), the first event whose `probe` respondents count includes it. Then it closes every
stream and prints one line:

  VIEWERS n=… open=… timed=… events=… probes=… fresh_p50_ms=… fresh_p99_ms=… fresh_max_ms=… ended=…

Why only some are timed: the server's cost of a viewer is the same whoever reads the other end —
one write of each event — but this client shares the server's two cores, and a Python callback per
event per viewer (8,000 a second at 5,000 viewers) took a quarter of a core that the submissions
then lacked. So the timed viewers read each event as it arrives (asyncio), and the others are
read in one sweep a second, a non-blocking `recv` each, as a phone's radio batches its wake-ups;
every viewer's events are counted (`events`), so one the server stopped writing to shows. The
client's own CPU is printed beside the figures by scripts/bench-viewers.
"""
import asyncio
import json
import socket
import sys
import time
import urllib.parse

PROBE = json.dumps({"answers": [{"questionKey": "useful", "rating": 3}, {"questionKey": "probe", "rating": 1}]}).encode()
RESULTS = b"event: results\n"
END = b"event: end"


class Timed(asyncio.Protocol):
    """A viewer read as its events arrive: records when it saw each event id."""
    counts = {}  # event id -> the probe question's respondents in it (parsed once, by the first)

    def __init__(self, request, parses):
        self.request = request
        self.parses = parses
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
        while b"\n\n" in data:
            event, data = data.split(b"\n\n", 1)
            self.handle(event, now)
        self.buffer = data[-1_000_000:]

    def handle(self, event, now):
        if END in event:
            self.ended = True
        lines = event.split(b"\n")
        ident = next((line[4:] for line in lines if line.startswith(b"id: ")), None)
        if ident is None:
            return
        self.seen.append((now, ident))
        if self.parses and ident not in Timed.counts:
            body = next((line[6:] for line in lines if line.startswith(b"data: ")), b"{}")
            probe = next((q for q in json.loads(body).get("questions", []) if q.get("key") == "probe"), {})
            Timed.counts[ident] = probe.get("respondents") or 0

    @property
    def events(self):
        return len(self.seen)


class Swept:
    """A viewer read once a second: counts its events and notices its end, nothing more."""

    def __init__(self, sock):
        self.sock = sock
        self.events = 0
        self.ended = False
        self.status = None
        self.tail = b""

    def sweep(self):
        while True:
            try:
                data = self.sock.recv(1 << 16)
            except BlockingIOError:
                return
            except OSError:
                self.ended = True
                return
            if not data:
                return
            if self.status is None and b"\r\n" in data:
                self.status = data.split(b" ", 2)[1]
            # A marker split over two reads is counted once: the tail is counted in both.
            joined = self.tail + data
            self.events += joined.count(RESULTS) - self.tail.count(RESULTS)
            self.ended = self.ended or END in joined
            self.tail = joined[-len(RESULTS):]
            if len(data) < 1 << 16:
                return


async def post(host, port, path, body):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    status = (await reader.readline()).split(b" ")[1]
    await reader.read()
    writer.close()
    return status


async def open_swept(loop, host, port, request):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    await loop.sock_connect(sock, (host, port))
    await loop.sock_sendall(sock, request)
    return Swept(sock)


async def main(base, code, count, seconds, ready_file, timed_count):
    url = urllib.parse.urlparse(base)
    loop = asyncio.get_running_loop()
    request = (f"GET /v1/f/{code}/results/live HTTP/1.1\r\nHost: {url.hostname}\r\n"
               "Accept: text/event-stream\r\n\r\n").encode()
    timed_count = max(1, min(count, timed_count))
    every = count / timed_count
    timed_at = {int(i * every) for i in range(timed_count)}
    timed, swept = [], []
    # In batches, so the listen backlog is never the limit; the timed ones spread over the room.
    for batch in range(0, count, 200):
        opening = []
        for i in range(batch, min(count, batch + 200)):
            if i in timed_at:
                opening.append(loop.create_connection(lambda first=(i == 0): Timed(request, first), url.hostname, url.port))
            else:
                opening.append(open_swept(loop, url.hostname, url.port, request))
        for opened in await asyncio.gather(*opening):
            if isinstance(opened, Swept):
                swept.append(opened)
            else:
                timed.append(opened[1])
        await asyncio.sleep(0.05)

    async def sweeping():
        while True:
            await asyncio.sleep(1.0)
            for viewer in swept:
                viewer.sweep()

    sweeper = asyncio.create_task(sweeping())
    while not Timed.counts:  # the first snapshot, to know where the probe count starts
        await asyncio.sleep(0.05)
    await asyncio.sleep(1)
    open(ready_file, "w").write("ready\n")
    start_count = max(Timed.counts.values())
    probes = []  # (acknowledged at, the probe count that includes it)
    deadline = time.monotonic() + seconds
    await asyncio.sleep(1)
    while time.monotonic() < deadline - 1.5:
        status = await post(url.hostname, url.port, f"/v1/f/{code}/responses", PROBE)
        if status == b"201":
            probes.append((time.monotonic(), start_count + len(probes) + 1))
        await asyncio.sleep(0.5)
    await asyncio.sleep(max(0.0, deadline - time.monotonic()))
    sweeper.cancel()
    for viewer in swept:
        viewer.sweep()
        viewer.sock.close()
    for viewer in timed:
        viewer.transport.close()
    delays = []
    for viewer in timed:
        for acknowledged, target in probes:
            seen = next((t for t, ident in viewer.seen if Timed.counts.get(ident, -1) >= target), None)
            # A viewer that never saw it counts as the whole run late (it is in the p99, not hidden).
            delays.append(max(0.0, (seen if seen is not None else deadline) - acknowledged) * 1000)
    delays.sort()
    pick = lambda q: delays[min(len(delays) - 1, int(q * (len(delays) - 1)))] if delays else float("nan")  # noqa: E731
    everyone = timed + swept
    bad = sum(1 for viewer in everyone if viewer.status != b"200")
    print(f"VIEWERS n={count} open={count - bad} timed={len(timed)} events={sum(v.events for v in everyone)} "
          f"probes={len(probes)} fresh_p50_ms={pick(0.5):.0f} fresh_p99_ms={pick(0.99):.0f} fresh_max_ms={pick(1.0):.0f} "
          f"ended={sum(1 for v in everyone if v.ended)}", flush=True)


if __name__ == "__main__":
    base, code, count, seconds, ready = sys.argv[1:6]
    timed = int(sys.argv[6]) if len(sys.argv) > 6 else 100
    asyncio.run(main(base, code, int(count), float(seconds), ready, timed))
