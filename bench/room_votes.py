#!/usr/bin/env python3
"""The room's votes of scripts/bench-room-votes (standard library only, asyncio).

  room_votes.py BASE CODE PHONES ROUNDS WINDOW INTERVAL METRICS_URL SERVER_PID

While a load submits to form CODE without pause (scripts/bench-room-votes runs it), this measures
what PHONES participants voting on the room's questions cost it, in ROUNDS rounds (bench/rounds.py,
as bench/viewers.py measures a room of viewers): a window of WINDOW seconds with the phones voting
("voting"), then as long without them ("alone"); one alone window comes first. Each round's cost
is its voting window's submission rate (read off `debrief_submissions_accepted_total`) against the
mean of the alone windows just before and after it. PHONES 0 runs the same rounds with nobody
voting: the noise floor of the cost, in the same run.

Each phone is one keep-alive connection with its own voter identity (the `Debrief-Voter` header
of its first `GET /v1/f/CODE/room-questions`, sent back on every request, as the page's script
does). In a voting window every phone, once every INTERVAL seconds (the first at a random point
of the first interval, so the room does not vote in step), upvotes a random question it has not
voted for, or takes back its vote on one it has, and then reads the list, as the page does after
its vote. Prints one `ROUND` line per round, then:

  VOTES phones=… rounds=… cost_median=… cost_min=… cost_max=… votes_per_s=… vote_p50_ms=…
        vote_p99_ms=… list_p99_ms=… refused=… server_alone=… server_voting=… client=…

(`refused`: replies other than 204 to a vote or 200 to a list, over the whole run; `votes_per_s`:
the votes answered per second of voting window.)
"""
import asyncio
import json
import random
import statistics
import sys
import time
import urllib.parse

import rounds as bench_rounds


class Phone:
    """One participant's phone: a keep-alive connection and a voter identity."""

    def __init__(self, url, code):
        self.host, self.port, self.code = url.hostname, url.port, code
        self.voter = None
        self.voted = set()
        self.reader = self.writer = None

    async def request(self, method, path):
        """Sends one request on the phone's connection (opened again if the server closed it)."""
        for attempt in (1, 2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            voter = f"Debrief-Voter: {self.voter}\r\n" if self.voter else ""
            self.writer.write(f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n{voter}Content-Length: 0\r\n\r\n".encode())
            try:
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionResetError
                headers = {}
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode().partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = await self.reader.readexactly(int(headers.get("content-length", "0")))
            except (ConnectionError, asyncio.IncompleteReadError):
                self.writer.close()
                self.writer = None
                if attempt == 2:
                    raise
                continue
            self.voter = headers.get("debrief-voter", self.voter)
            return status_line.split(b" ")[1], body

    async def join(self):
        status, body = await self.request("GET", f"/v1/f/{self.code}/room-questions")
        if status != b"200":
            raise SystemExit(f"the room's list answered {status}")
        return [question["id"] for question in json.loads(body)["questions"]]

    async def vote(self, questions, until, interval, stats):
        await asyncio.sleep(random.uniform(0, interval))
        while time.monotonic() < until:
            question = random.choice(questions)
            method = "DELETE" if question in self.voted else "PUT"
            started = time.monotonic()
            status, _ = await self.request(method, f"/v1/f/{self.code}/room-questions/{question}/vote")
            stats["votes"].append((time.monotonic() - started) * 1000)
            if status == b"204":
                self.voted.symmetric_difference_update({question})
            else:
                stats["refused"] += 1
            started = time.monotonic()
            status, _ = await self.request("GET", f"/v1/f/{self.code}/room-questions")
            stats["lists"].append((time.monotonic() - started) * 1000)
            stats["refused"] += status != b"200"
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - started)))


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1)))] if values else 0


async def main(base, code, count, rounds, window, interval, metrics_url, pid):
    url = urllib.parse.urlparse(base)
    phones = [Phone(url, code) for _ in range(count)]
    questions = []
    for start in range(0, count, 100):  # 100 at a time, as a room arrives
        for listed in await asyncio.gather(*(phone.join() for phone in phones[start:start + 100])):
            questions = listed
    if count and not questions:
        raise SystemExit("the room has no questions to vote on")
    stats = {"votes": [], "lists": [], "refused": 0}

    async def load(deadline):
        await asyncio.gather(*(phone.vote(questions, deadline, interval, stats) for phone in phones),
                             asyncio.sleep(max(0.0, deadline - time.monotonic())))

    measured = await bench_rounds.measure(rounds, window, metrics_url, pid, "voting", load)
    costs, voting_windows, alone_windows = measured.costs, measured.loaded, measured.alone
    median = statistics.median
    print(f"VOTES phones={count} rounds={rounds} cost_median={median(costs):.1f} cost_min={min(costs):.1f} "
          f"cost_max={max(costs):.1f} votes_per_s={len(stats['votes']) / (rounds * window):.0f} "
          f"vote_p50_ms={quantile(stats['votes'], 0.5):.1f} vote_p99_ms={quantile(stats['votes'], 0.99):.1f} "
          f"list_p99_ms={quantile(stats['lists'], 0.99):.1f} refused={stats['refused']} "
          f"server_alone={median([w.server for w in alone_windows]):.2f} "
          f"server_voting={median([w.server for w in voting_windows]):.2f} "
          f"client={median([w.client for w in voting_windows]):.2f}", flush=True)


if __name__ == "__main__":
    base, code, count, rounds, window, interval, metrics, pid = sys.argv[1:9]
    asyncio.run(main(base, code, int(count), int(rounds), float(window), float(interval), metrics, int(pid)))
