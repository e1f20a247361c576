#!/usr/bin/env python3
"""The room's votes of scripts/bench-room-votes (standard library only, asyncio).

  room_votes.py BASE CODE PHONES ROUNDS WINDOW INTERVAL METRICS_URL SERVER_PID POSTMASTER_PID DATABASE_URL [MODE]

While a load submits to form CODE without pause (scripts/bench-room-votes runs it), this measures
what PHONES participants voting on the room's questions cost it, in ROUNDS rounds (bench/rounds.py,
as bench/viewers.py measures a room of viewers): a window of WINDOW seconds with the phones voting
("voting"), then as long without them ("alone"); one alone window comes first. Each round's cost
is its voting window's submission rate (read off `debrief_submissions_accepted_total`) against the
mean of the alone windows just before and after it. PHONES 0 runs the same rounds with nobody
voting: the noise floor of the cost, in the same run.

Each phone is one keep-alive connection with its own voter identity (the `Debrief-Voter` header
of its `POST /v1/f/CODE/room-questions/voter`, sent back on every request, as the page's cookie
is). In a voting window every phone, once every INTERVAL seconds (the first at a random point
of the first interval, so the room does not vote in step), does what MODE says: `both` (the
default) upvotes a random question it has not voted for, or takes back its vote on one it has,
and then reads the list, as the page does after its vote; `votes` only votes; `lists` only reads
the list. The modes tell a vote's cost from a list read's.

Why the waiting, not only the rate: every window also reads, as differences over the window,
PostgreSQL's CPU (utime + stime of the postmaster and its children, /proc, as
scripts/bench-profile does), its commits (`pg_stat_database.xact_commit`) and WAL flushes
(`pg_stat_wal.wal_sync`), the server's pool (`debrief_db_pool_wait_seconds` sum and count: one
per lease) and the room's requests answered. The room's share of a loaded window is what it used
beyond its submissions at the alone windows' cost per submission; divided by the room's requests,
that is a figure per request that does not depend on how busy the machine was. Prints one `ROUND`
line per round, then:

  VOTES phones=… rounds=… cost_median=… cost_min=… cost_max=… votes_per_s=… vote_p50_ms=…
        vote_p99_ms=… list_p99_ms=… refused=… server_alone=… server_voting=… client=…
        requests_per_s=… pg_alone=… pg_voting=… pg_us_per_submission=… pg_us_per_request=…
        server_us_per_submission=… server_us_per_request=… commits_alone=… commits_voting=…
        commits_per_request=… syncs_alone=… syncs_voting=… syncs_per_request=…
        leases_alone=… leases_voting=… lease_wait_alone_ms=… lease_wait_voting_ms=…

(`refused`: replies other than 204 to a vote or 200 to a list, over the whole run; `votes_per_s`:
the votes answered per second of voting window; `requests_per_s`: votes and list reads answered;
`pg_…` and `server_…` in cores or µs of CPU; `commits_…`, `syncs_…`, `leases_…` a second, and
`…_per_request` beyond the submissions'; `lease_wait_…_ms`: the mean wait of a pool lease.)
"""
import asyncio
import json
import random
import statistics
import subprocess
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
        # The server issues the phone's identity (issue 67); posts and votes carry it.
        status, _ = await self.request("POST", f"/v1/f/{self.code}/room-questions/voter")
        if status != b"201":
            raise SystemExit(f"the room's identity answered {status}")
        status, body = await self.request("GET", f"/v1/f/{self.code}/room-questions")
        if status != b"200":
            raise SystemExit(f"the room's list answered {status}")
        return [question["id"] for question in json.loads(body)["questions"]]

    async def vote(self, questions, until, interval, stats, mode):
        await asyncio.sleep(random.uniform(0, interval))
        while time.monotonic() < until:
            began = time.monotonic()
            if mode != "lists":
                question = random.choice(questions)
                method = "DELETE" if question in self.voted else "PUT"
                started = time.monotonic()
                status, _ = await self.request(method, f"/v1/f/{self.code}/room-questions/{question}/vote")
                stats["votes"].append((time.monotonic() - started) * 1000)
                if status == b"204":
                    self.voted.symmetric_difference_update({question})
                else:
                    stats["refused"] += 1
            if mode != "votes":
                started = time.monotonic()
                status, _ = await self.request("GET", f"/v1/f/{self.code}/room-questions")
                stats["lists"].append((time.monotonic() - started) * 1000)
                stats["refused"] += status != b"200"
            await asyncio.sleep(max(0.0, interval - (time.monotonic() - began)))


def postgres_counters(database_url):
    """PostgreSQL's commits in this database and its WAL flushes since its start."""
    out = subprocess.run(
        ["psql", database_url, "-qAt", "-F", " ", "-c",
         "SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()), wal_sync FROM pg_stat_wal"],
        capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def pool_waits(metrics_url):
    """The pool's leases so far and their summed wait (seconds), off `debrief_db_pool_wait_seconds`."""
    found = {}
    for line in urllib.request.urlopen(metrics_url, timeout=5).read().decode().splitlines():
        for part in ("sum", "count"):
            if line.startswith(f"debrief_db_pool_wait_seconds_{part} ") or line.startswith(f"debrief_db_pool_wait_seconds_{part}{{"):
                found[part] = found.get(part, 0.0) + float(line.split()[-1])
    return found.get("count", 0.0), found.get("sum", 0.0)


def quantile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * (len(values) - 1)))] if values else 0


async def main(base, code, count, rounds, window, interval, metrics_url, pid, postmaster, database_url, mode):
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
        await asyncio.gather(*(phone.vote(questions, deadline, interval, stats, mode) for phone in phones),
                             asyncio.sleep(max(0.0, deadline - time.monotonic())))

    def probe():
        commits, syncs = postgres_counters(database_url)
        leases, waited = pool_waits(metrics_url)
        return {"pg": bench_rounds.postgres_cpu(postmaster), "commits": commits, "syncs": syncs, "leases": leases, "waited": waited,
                "requests": len(stats["votes"]) + len(stats["lists"])}

    measured = await bench_rounds.measure(rounds, window, metrics_url, pid, "voting", load, probe=probe)
    costs, voting_windows, alone_windows = measured.costs, measured.loaded, measured.alone
    median = statistics.median
    print(f"VOTES phones={count} rounds={rounds} cost_median={median(costs):.1f} cost_min={min(costs):.1f} "
          f"cost_max={max(costs):.1f} votes_per_s={len(stats['votes']) / (rounds * window):.0f} "
          f"vote_p50_ms={quantile(stats['votes'], 0.5):.1f} vote_p99_ms={quantile(stats['votes'], 0.99):.1f} "
          f"list_p99_ms={quantile(stats['lists'], 0.99):.1f} refused={stats['refused']} "
          f"server_alone={median([w.server for w in alone_windows]):.2f} "
          f"server_voting={median([w.server for w in voting_windows]):.2f} "
          f"client={median([w.client for w in voting_windows]):.2f} {explain(alone_windows, voting_windows)}", flush=True)


def explain(alone, voting):
    """Where the room's time goes, per window kind: PostgreSQL's and the server's CPU, commits,
    WAL flushes and the pool's leases, and the room's share per request beyond its submissions'
    (at the alone windows' cost per submission)."""
    def total(windows, name):
        return sum(w.counted[name] for w in windows)

    def seconds(windows):
        return sum(w.seconds for w in windows)

    def per_second(windows, name):
        return total(windows, name) / seconds(windows)

    subs_alone, subs_voting = sum(w.accepted for w in alone), sum(w.accepted for w in voting)
    requests = total(voting, "requests")

    def per_request(name, per_submission):
        return (total(voting, name) - subs_voting * per_submission) / requests if requests else float("nan")

    pg_sub = total(alone, "pg") / max(1, subs_alone)
    server_sub = sum(w.server * w.seconds for w in alone) / max(1, subs_alone)
    server_room = (sum(w.server * w.seconds for w in voting) - subs_voting * server_sub) / requests if requests else float("nan")
    commits_sub = total(alone, "commits") / max(1, subs_alone)
    syncs_sub = total(alone, "syncs") / max(1, subs_alone)

    def wait_ms(windows):
        return total(windows, "waited") / max(1, total(windows, "leases")) * 1000

    return (f"requests_per_s={requests / seconds(voting):.0f} "
            f"pg_alone={per_second(alone, 'pg'):.2f} pg_voting={per_second(voting, 'pg'):.2f} "
            f"pg_us_per_submission={pg_sub * 1e6:.0f} pg_us_per_request={per_request('pg', pg_sub) * 1e6:.0f} "
            f"server_us_per_submission={server_sub * 1e6:.0f} server_us_per_request={server_room * 1e6:.0f} "
            f"commits_alone={per_second(alone, 'commits'):.0f} commits_voting={per_second(voting, 'commits'):.0f} "
            f"commits_per_request={per_request('commits', commits_sub):.2f} "
            f"syncs_alone={per_second(alone, 'syncs'):.0f} syncs_voting={per_second(voting, 'syncs'):.0f} "
            f"syncs_per_request={per_request('syncs', syncs_sub):.2f} "
            f"leases_alone={per_second(alone, 'leases'):.0f} leases_voting={per_second(voting, 'leases'):.0f} "
            f"lease_wait_alone_ms={wait_ms(alone):.2f} lease_wait_voting_ms={wait_ms(voting):.2f}")


if __name__ == "__main__":
    base, code, count, rounds, window, interval, metrics, pid, postmaster, database_url = sys.argv[1:11]
    mode = sys.argv[11] if len(sys.argv) > 11 else "both"
    if mode not in ("both", "votes", "lists"):
        raise SystemExit(f"MODE is both, votes or lists, not {mode}")
    asyncio.run(main(base, code, int(count), int(rounds), float(window), float(interval), metrics, int(pid),
                     int(postmaster), database_url, mode))
