"""The rounds every "what does this cost the submissions" bench measures (standard library only).

bench/viewers.py and bench/room_votes.py both measure a load (a room watching, a room voting)
against submissions that run without pause: one alone window first, then ROUNDS rounds of a
loaded window, a second's pause, and an alone window. The submission rate of each window is read
off the server's `debrief_submissions_accepted_total`, and a round's cost is its loaded rate
against the mean of the alone windows just before and after it, so a drift of the machine over
the minutes shifts both sides. This module is that loop, once.
"""
import asyncio
import os
import resource
import subprocess
import time
import urllib.request

TICKS = os.sysconf("SC_CLK_TCK")


def accepted(metrics_url):
    for line in urllib.request.urlopen(metrics_url, timeout=5).read().decode().splitlines():
        if line.startswith("debrief_submissions_accepted_total "):
            return float(line.split()[1])
    raise SystemExit("no debrief_submissions_accepted_total at " + metrics_url)


def server_cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def postgres_cpu(postmaster):
    """CPU seconds of the postmaster and its children (the backends, the WAL writer, …)."""
    total = 0.0
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    for pid in [postmaster, *children]:
        try:
            total += server_cpu(int(pid))
        except (FileNotFoundError, ProcessLookupError):
            pass  # a backend that ended between the listing and the read
    return total


def own_cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Window:
    """One measured window: submissions per second, the server's and this client's cores, and
    what the caller's `probe` counts (a dict of running totals), as differences over the window."""

    def __init__(self, metrics_url, pid, probe=None):
        self.metrics_url, self.pid, self.probe = metrics_url, pid, probe
        self.start = (time.monotonic(), accepted(metrics_url), server_cpu(pid), own_cpu(), probe() if probe else {})

    def end(self):
        now, count, server, own = time.monotonic(), accepted(self.metrics_url), server_cpu(self.pid), own_cpu()
        probed = self.probe() if self.probe else {}
        self.seconds = now - self.start[0]
        self.accepted = count - self.start[1]
        self.rate = self.accepted / self.seconds
        self.server = (server - self.start[2]) / self.seconds
        self.client = (own - self.start[3]) / self.seconds
        self.counted = {name: probed[name] - self.start[4][name] for name in probed}
        return self


class Rounds:
    """What the rounds measured: each round's cost (%), and its loaded and alone windows."""

    def __init__(self):
        self.costs, self.loaded, self.alone = [], [], []


async def measure(count, window, metrics_url, pid, name, load, prepare=None, finish=None, probe=None):
    """Runs the alone window and COUNT rounds, printing one line a round:

      ROUND n alone_before=… NAME=… alone_after=… cost=… server_NAME=… server_alone=… client=…

    `load(deadline)` is the round's loaded window (it returns at the deadline, a monotonic time);
    `prepare()` (awaited) and `finish()` run just before and after it, outside every window, for
    what must not be counted (a room joining and leaving). `probe()`, when given, returns running
    totals (a dict) read at each window's start and end: `window.counted` holds their differences.
    """
    rounds = Rounds()
    alone = Window(metrics_url, pid, probe)
    await asyncio.sleep(window)
    alone = alone.end()
    rounds.alone.append(alone)
    for number in range(1, count + 1):
        if prepare:
            await prepare()
        loaded = Window(metrics_url, pid, probe)
        await load(time.monotonic() + window)
        loaded = loaded.end()
        if finish:
            finish()
        await asyncio.sleep(1)
        after = Window(metrics_url, pid, probe)
        await asyncio.sleep(window)
        after = after.end()
        cost = (1 - loaded.rate / ((alone.rate + after.rate) / 2)) * 100
        rounds.costs.append(cost)
        rounds.loaded.append(loaded)
        rounds.alone.append(after)
        print(f"ROUND {number} alone_before={alone.rate:.0f} {name}={loaded.rate:.0f} alone_after={after.rate:.0f} "
              f"cost={cost:.1f} server_{name}={loaded.server:.2f} server_alone={after.server:.2f} client={loaded.client:.2f}",
              flush=True)
        alone = after
    return rounds
