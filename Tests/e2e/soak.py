"""A soak: mixed load on one `debrief serve` for a while, then the books are checked.

Participants submit (with idempotency keys, retrying), hosts read results, viewers watch the live
stream, an admin-style client exports CSV — all at once. Afterwards: stored rows equal acknowledged
submissions, no request got a 5xx, and the server's memory is back near its level after warm-up.

Run it with `scripts/soak` (10 minutes by default); the suite runs a short one (test_soak.py).
"""
from __future__ import annotations

import collections
import json
import os
import sys
import threading
import time

import requests

from conftest import API, start_server
from load import LiveStream, Submitter, check_stored

NO_LIMITS = {"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"}


def rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


class Repeater:
    """Calls `action()` over and over on a thread until stopped, counting answers by status."""

    def __init__(self, action, pause: float):
        self.action, self.pause = action, pause
        self.statuses: collections.Counter = collections.Counter()
        self.stop_event = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        session = requests.Session()
        while not self.stop_event.is_set():
            try:
                self.statuses[str(self.action(session).status_code)] += 1
            except requests.RequestException as error:
                self.statuses[type(error).__name__] += 1
            self.stop_event.wait(self.pause)

    def stop(self):
        self.stop_event.set()
        self.thread.join(120)


def run_soak(database_url: str, seconds: float, submitters: int = 8, readers: int = 2, viewers: int = 10,
             log=print) -> dict:
    server = start_server(database_url, env=NO_LIMITS)
    try:
        host = API(server.base_url).sign_up()
        meeting = host.create_meeting(title="Soak")
        code = host.publish_form(meeting)["code"]
        idle_before = rss_mib(server.process.pid)

        load = Submitter(server.base_url, code, workers=submitters, prefix="soak").__enter__()
        results = [Repeater(lambda s: s.get(f"{server.base_url}/v1/meetings/{meeting}/results", headers=host.auth, timeout=30), 0.1)
                   for _ in range(readers)]
        export = Repeater(lambda s: s.get(f"{server.base_url}/v1/meetings/{meeting}/export.csv?layout=answers",
                                          headers=host.auth, timeout=120), 5)
        streams = [LiveStream(server.base_url, meeting, host.auth) for _ in range(viewers)]

        started, samples = time.monotonic(), []
        while (elapsed := time.monotonic() - started) < seconds:
            samples.append((round(elapsed), round(rss_mib(server.process.pid), 1), load.acked_count))
            log(f"  {samples[-1][0]:>5} s  rss {samples[-1][1]:>6} MiB  acknowledged {samples[-1][2]}")
            time.sleep(min(10, max(0.1, seconds - elapsed)))

        load_seconds = time.monotonic() - started
        load.stop()
        for repeater in [*results, export]:
            repeater.stop()
        for stream in streams:
            stream.close()
        busy_peak = max(rss for _, rss, _ in samples)
        time.sleep(5)
        idle_after = rss_mib(server.process.pid)
        stored = check_stored(database_url, load)
        statuses = collections.Counter()
        for counter in [load.outcomes.counts, *(r.statuses for r in results), export.statuses]:
            statuses.update(counter)
        return {
            "seconds": round(load_seconds),
            "acknowledged": stored.acknowledged, "stored": stored.stored_acknowledged,
            "missing": len(stored.missing), "duplicated": len(stored.duplicated), "partial": stored.partial_responses,
            "submissions_per_second": round(stored.acknowledged / load_seconds, 1),
            "results_reads": sum(sum(r.statuses.values()) for r in results),
            "exports": sum(export.statuses.values()),
            "live_events_received": sum(stream.events for stream in streams),
            "statuses": dict(statuses),
            "server_errors": sum(count for status, count in statuses.items() if status.startswith("5")),
            "rss_mib": {"idle_before": round(idle_before, 1), "busy_peak": busy_peak, "idle_after": round(idle_after, 1)},
        }
    finally:
        server.stop()


def verdict(figures: dict) -> list[str]:
    """What went wrong, if anything (empty: the soak passed)."""
    problems = []
    if figures["missing"] or figures["duplicated"] or figures["partial"]:
        problems.append("stored rows differ from acknowledged submissions")
    if figures["server_errors"]:
        problems.append(f"{figures['server_errors']} responses were 5xx")
    if figures["rss_mib"]["idle_after"] > 2 * max(figures["rss_mib"]["idle_before"], 32):
        problems.append("memory did not return near its level")
    return problems


if __name__ == "__main__":
    figures = run_soak(os.environ["DATABASE_URL"], float(os.environ.get("SOAK_SECONDS", "600")))
    print(json.dumps(figures, indent=2))
    problems = verdict(figures)
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)
