#!/usr/bin/env python3
"""The `viewers` scenario of scripts/bench-viewers (standard library only, asyncio).

  viewers.py BASE CODE COUNT ROUNDS WINDOW METRICS_URL SERVER_PID [TIMED] [MEETING TOKEN]

While a load submits to form CODE without pause (scripts/bench-viewers runs it), this measures
what COUNT participants' live streams (GET /v1/f/CODE/results/live) cost it, in ROUNDS rounds:
the room joins (COUNT streams from this one process, each with its first event), stays WINDOW
seconds ("watched"), leaves, and WINDOW seconds pass without it ("alone"); one alone window comes
first (the rounds of bench/rounds.py). The submission rate of each window is read off the server's
`debrief_submissions_accepted_total` (METRICS_URL), so joining and leaving fall outside every
window, and each round's cost is its watched rate against the mean of the alone windows just
before and after it: a drift of the machine over the minutes shifts both sides. COUNT 0 runs the
same rounds with nobody joining: the noise floor of the cost, measured in the same run. With
MEETING and TOKEN the streams are the hosts' (GET /v1/meetings/MEETING/results/live?view=counts,
an event every 100 ms, as dashboards watch it; VIEWERS_HOST_VIEW=report: the whole report, as an
API client watches by default) and no probe is sent: the hosts' freshness is
bench/live_probe.py's. With VIEWERS_IDLE=1 the COUNT connections each make one `GET /healthz`
and stay open: the cost of that many connections without a stream, a floor of the room's.

During each watched window, every 0.5 s a response answering the form's `probe` question (which
the load never answers, so the probe's count identifies its responses exactly) is posted, and
each of TIMED viewers (100 by default, spread over the room) times the first event whose `probe`
respondents include it. Prints one `ROUND` line per round, then:

  VIEWERS n=… rounds=… cost_median=… cost_min=… cost_max=… fresh_p50_ms=… fresh_p99_ms=… fresh_max_ms=…
          events=… open=… ended=… server_alone=… server_watched=… client=… writes_per_s=…
          server_us_per_write=…

(`server_*`: cores the server used on average, from /proc/SERVER_PID/stat; `client`: this
process's cores while watched; `writes_per_s`: events written to viewers a second while watched,
off `debrief_live_room_writes_total` (participants) or `debrief_live_events_sent_total` (hosts);
`server_us_per_write`, participants' streams only: the server's CPU beyond what the watched
window's submissions cost at the alone windows' CPU per submission, per write.) Hosts' streams add what one recomputation of the
meeting costs:
  recomputations_per_s=… recompute_wall_ms=… recompute_server_us=… recompute_pg_us=… recompute_tup_returned=… …
(bench/recompute.py).

Why only some are timed: the server's cost of a viewer is the same whoever reads the other end —
one write of each event — but this client shares the server's two cores, and a Python callback per
event per viewer (8,000 a second at 5,000 viewers) took a quarter of a core that the submissions
then lacked. So the timed viewers read each event as it arrives, and the others are read in one
sweep every VIEWERS_SWEEP seconds (5 by default), a non-blocking `recv` each, as a phone's radio
batches its wake-ups; every viewer's events are counted (`events`), so one the server stopped
writing to shows. Why 5 s: a sweep a second was 10,000 `recv`s a second at 10,000 viewers (the
client's 0.05 cores, 0.03 at 5 s; the submissions' cost did not move measurably either way,
docs/decisions/0049 revision 6), and the phones' reading is not the server's work; five seconds
of events (a few KB) fit a socket's receive buffer many times over, so the server still finds
every connection writable and writes every event.
"""
import asyncio
import json
import os
import socket
import statistics
import sys
import time
import urllib.parse
import urllib.request

import recompute
import rounds as bench_rounds

PROBE = json.dumps({"answers": [{"questionKey": "useful", "rating": 3}, {"questionKey": "probe", "rating": 1}]}).encode()
RESULTS = b"event: results\n"
END = b"event: end"
SWEEP = float(os.environ.get("VIEWERS_SWEEP", "5"))


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
        self.received = 0  # bytes after the response's head: its events as written (chunk framing included)
        self.head = b""  # the head while it is arriving; None once it has

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data):
        now = time.monotonic()
        if self.head is None:
            self.received += len(data)
        else:
            self.head += data
            if b"\r\n\r\n" in self.head:
                self.received = len(self.head.split(b"\r\n\r\n", 1)[1])
                self.head = None
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

    def close(self):
        self.transport.close()


def event_bytes(viewers):
    """The mean bytes of an event as written to a timed viewer (chunk framing included)."""
    timed = [viewer for viewer in viewers if isinstance(viewer, Timed)]
    return sum(v.received for v in timed) / max(1, sum(v.events for v in timed))


class Swept:
    """A viewer read once a sweep (VIEWERS_SWEEP seconds): counts its events and notices its end, nothing more."""

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

    def close(self):
        self.sweep()
        self.sock.close()


class Room:
    """COUNT streams of one form (or, with `host`, of its meeting), TIMED of them read at once and
    the rest swept."""

    def __init__(self, url, code, count, timed, host=None, idle=False):
        self.url = url
        self.idle = idle
        if idle:
            self.request = f"GET /healthz HTTP/1.1\r\nHost: {url.hostname}\r\n\r\n".encode()
        elif host:
            meeting, token = host
            view = os.environ.get("VIEWERS_HOST_VIEW", "counts")
            self.request = (f"GET /v1/meetings/{meeting}/results/live?view={view} HTTP/1.1\r\nHost: {url.hostname}\r\n"
                            f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode()
        else:
            self.request = (f"GET /v1/f/{code}/results/live HTTP/1.1\r\nHost: {url.hostname}\r\n"
                            "Accept: text/event-stream\r\n\r\n").encode()
        self.host = host
        self.count = count
        timed = max(1, min(count, timed)) if count else 0
        self.timed_at = {int(i * count / timed) for i in range(timed)}
        self.timed, self.swept = [], []

    async def join(self):
        loop = asyncio.get_running_loop()
        Timed.counts.clear()
        # In batches, so the listen backlog is never the limit; the timed ones spread over the room.
        for batch in range(0, self.count, 200):
            opening = []
            for i in range(batch, min(self.count, batch + 200)):
                if i in self.timed_at and not self.idle:
                    opening.append(loop.create_connection(
                        lambda first=(i == 0 and not self.host): Timed(self.request, first), self.url.hostname, self.url.port))
                else:
                    opening.append(self.open_swept(loop))
            for opened in await asyncio.gather(*opening):
                if isinstance(opened, Swept):
                    self.swept.append(opened)
                else:
                    self.timed.append(opened[1])
            await asyncio.sleep(0.05)
        if self.count:
            while not Timed.counts and not self.host and not self.idle:  # the first snapshot: where the probe count starts
                await asyncio.sleep(0.05)
            await asyncio.sleep(0.5)
            self.sweep()

    async def open_swept(self, loop):
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setblocking(False)
        await loop.sock_connect(sock, (self.url.hostname, self.url.port))
        await loop.sock_sendall(sock, self.request)
        return Swept(sock)

    def sweep(self):
        for viewer in self.swept:
            viewer.sweep()

    def leave(self):
        for viewer in self.timed + self.swept:
            viewer.close()

    @property
    def viewers(self):
        return self.timed + self.swept


def events_sent(metrics_url, host_streams):
    """Writes to viewers so far: the rooms' (participants' streams, one per viewer and event or
    heartbeat, `debrief_live_room_writes_total`) and the hosts' streams' (`debrief_live_events_sent_total`,
    whose count for participants is one per room and event, left out)."""
    total = 0.0
    for line in urllib.request.urlopen(metrics_url, timeout=5).read().decode().splitlines():
        if line.startswith("debrief_live_room_writes_total "):
            total += float(line.split()[-1])
        elif line.startswith("debrief_live_events_sent_total{") and host_streams:
            total += float(line.split()[-1])
    return total


async def post(host, port, path, body):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write(f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    status = (await reader.readline()).split(b" ")[1]
    await reader.read()
    writer.close()
    return status


async def main(base, code, count, rounds, window, metrics_url, pid, timed, host, idle):
    url = urllib.parse.urlparse(base)
    delays, rooms = [], []
    round_ = {}  # the round's room and its probes: (acknowledged at, the probe count that includes it)

    async def prepare():
        room = Room(url, code, count, timed, host, idle)
        await room.join()
        round_.update(room=room, probes=[], start=max(Timed.counts.values()) if Timed.counts else 0)

    async def load(deadline):
        room, probes = round_["room"], round_["probes"]
        next_sweep = time.monotonic() + SWEEP
        while time.monotonic() < deadline:
            if count and not host and not idle and time.monotonic() < deadline - 1.5:
                status = await post(url.hostname, url.port, f"/v1/f/{code}/responses", PROBE)
                if status == b"201":
                    probes.append((time.monotonic(), round_["start"] + len(probes) + 1))
            await asyncio.sleep(0.5)
            if time.monotonic() >= next_sweep:
                room.sweep()
                next_sweep += SWEEP
        round_["deadline"] = deadline

    def finish():
        room = round_["room"]
        room.leave()
        rooms.append(room)
        for viewer in room.timed:
            for acknowledged, target in round_["probes"]:
                seen = next((t for t, ident in viewer.seen if Timed.counts.get(ident, -1) >= target), None)
                # A viewer that never saw it counts as the whole window late (in the p99, not hidden).
                delays.append(max(0.0, (seen if seen is not None else round_["deadline"]) - acknowledged) * 1000)

    # Hosts' streams: what each recomputation of the meeting costs, too (bench/recompute.py).
    recomputing = recompute.Probe(pid, metrics_url) if host else None

    def probe():
        totals = recomputing() if recomputing else {}
        totals["writes"] = events_sent(metrics_url, host is not None)
        return totals

    measured = await bench_rounds.measure(rounds, window, metrics_url, pid, "watched", load, prepare, finish, probe)
    costs, watched_windows, alone_windows = measured.costs, measured.loaded, measured.alone
    # What the cost is made of: the events written a second while watched, and the server's CPU
    # per write — its cores watched, less what that window's submissions cost at the rate of the
    # alone windows' CPU per submission.
    per_submission = sum(w.server for w in alone_windows) / max(1e-9, sum(w.rate for w in alone_windows))
    writes = [w.counted["writes"] / w.seconds for w in watched_windows]
    # (Participants' streams only: a host's stream's server CPU is mostly its recomputations', below.)
    per_write = [(w.server - w.rate * per_submission) / n * 1e6 for w, n in zip(watched_windows, writes) if n > 0 and not host]
    delays.sort()
    pick = lambda q: delays[min(len(delays) - 1, int(q * (len(delays) - 1)))] if delays else 0  # noqa: E731
    viewers = [viewer for room in rooms for viewer in room.viewers]
    bad = sum(1 for viewer in viewers if viewer.status != b"200")
    median = lambda values: statistics.median(values)  # noqa: E731
    print(f"VIEWERS n={count} rounds={rounds} cost_median={median(costs):.1f} cost_min={min(costs):.1f} "
          f"cost_max={max(costs):.1f} fresh_p50_ms={pick(0.5):.0f} fresh_p99_ms={pick(0.99):.0f} "
          f"fresh_max_ms={pick(1.0):.0f} events={sum(v.events for v in viewers)} open={len(viewers) - bad} "
          f"ended={sum(1 for v in viewers if v.ended)} server_alone={median([w.server for w in alone_windows]):.2f} "
          f"server_watched={median([w.server for w in watched_windows]):.2f} "
          f"client={median([w.client for w in watched_windows]):.2f} writes_per_s={median(writes):.0f} "
          f"server_us_per_write={median(per_write) if per_write else 0:.1f} "
          f"event_bytes={event_bytes(viewers):.0f}"
          + (" " + recompute.explain(alone_windows, watched_windows) if host else ""), flush=True)


if __name__ == "__main__":
    base, code, count, rounds, window, metrics, pid = sys.argv[1:8]
    timed = int(sys.argv[8]) if len(sys.argv) > 8 else 100
    host = (sys.argv[9], sys.argv[10]) if len(sys.argv) > 10 else None
    idle = os.environ.get("VIEWERS_IDLE") == "1"
    asyncio.run(main(base, code, int(count), int(rounds), float(window), metrics, int(pid), timed, host, idle))
