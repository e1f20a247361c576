"""What one recomputation of a watched meeting costs, for bench/viewers.py's host mode (standard
library only).

Hosts' streams make their meeting's shared report recomputed (at most every 100 ms however many
watch, docs/live.md), so the cost of a dashboard's stream is mostly that recomputation's, not the
stream's writes (issue 52). This reads, at every window's start and end, the server's
computations (`debrief_results_computation_seconds`: count and summed wall time), PostgreSQL's
CPU (the postmaster and its children, /proc, as scripts/bench-profile reads it) and its tuples
and buffers (`pg_stat_database`), and prints per recomputation what the watched windows used
beyond their submissions' share, at the alone windows' cost per submission (as
bench/room_votes.py does per room request):

  recomputations_per_s=… recompute_wall_ms=… recompute_busy=… recompute_cores=… recompute_server_us=…
  recompute_pg_us=… recompute_tup_returned=… recompute_tup_fetched=… recompute_blocks=…

(`recompute_busy`: the share of the time a recomputation ran, rate × wall time, which the hosts'
pacing bounds (docs/decisions/0079); `recompute_cores`: the recomputations' CPU, server and
PostgreSQL, in cores: rate × cost.)

The database is the one the server was started on (its `--database-url`, from
/proc/SERVER_PID/cmdline); the postmaster is the one of that database's data directory.
"""
import subprocess
import urllib.request

import rounds as bench_rounds


def database_url(pid):
    args = open(f"/proc/{pid}/cmdline", "rb").read().decode().split("\0")
    return args[args.index("--database-url") + 1]


def psql(url, sql):
    return subprocess.run(["psql", url, "-qAt", "-F", " ", "-c", sql], capture_output=True, text=True, check=True).stdout.split()


def postmaster(url):
    directory = psql(url, "SELECT setting FROM pg_settings WHERE name = 'data_directory'")[0]
    return int(open(f"{directory}/postmaster.pid").readline())


def computations(metrics_url):
    """The shared reports computed so far and their summed wall time (seconds). A server from
    before that histogram: its live snapshots instead (one per recomputation for a single stream
    of the counts), and no time."""
    found = {"count": None, "sum": float("nan"), "snapshots": 0.0}
    for line in urllib.request.urlopen(metrics_url, timeout=5).read().decode().splitlines():
        for part in ("count", "sum"):
            if line.startswith(f"debrief_results_computation_seconds_{part} "):
                found[part] = float(line.split()[-1])
        if line.startswith("debrief_live_snapshots_total "):
            found["snapshots"] = float(line.split()[-1])
    if found["count"] is None:
        found["count"] = found["snapshots"]
    return found


class Probe:
    """Running totals read at each window's start and end (bench/rounds.py's `probe`)."""

    def __init__(self, pid, metrics_url):
        self.metrics_url = metrics_url
        self.url = database_url(pid)
        self.master = postmaster(self.url)

    def __call__(self):
        returned, fetched, blocks = (int(value) for value in psql(
            self.url, "SELECT tup_returned, tup_fetched, blks_hit + blks_read FROM pg_stat_database WHERE datname = current_database()"))
        done = computations(self.metrics_url)
        return {"pg": bench_rounds.postgres_cpu(self.master), "returned": returned, "fetched": fetched, "blocks": blocks,
                "computed": done["count"], "computing": done["sum"]}


def explain(alone, watched):
    """The per-recomputation fields, from the alone and watched windows of bench/rounds.py."""
    def total(windows, name):
        return sum(w.counted[name] for w in windows)

    subs_alone, subs_watched = sum(w.accepted for w in alone), sum(w.accepted for w in watched)
    count = total(watched, "computed")  # nobody watches in the alone windows: none there
    seconds = sum(w.seconds for w in watched)

    def per(name, scale=1.0):
        if count <= 0:
            return float("nan")
        beyond = total(watched, name) - subs_watched * total(alone, name) / max(1, subs_alone)
        return beyond / count * scale

    server_alone = sum(w.server * w.seconds for w in alone) / max(1, subs_alone)
    server = (sum(w.server * w.seconds for w in watched) - subs_watched * server_alone) / count if count > 0 else float("nan")
    wall = total(watched, "computing") / max(1, count) * 1000
    rate = count / seconds
    return (f"recomputations_per_s={rate:.1f} recompute_wall_ms={wall:.1f} recompute_busy={rate * wall / 1000:.2f} "
            f"recompute_cores={rate * (server + per('pg')):.3f} "
            f"recompute_server_us={server * 1e6:.0f} recompute_pg_us={per('pg', 1e6):.0f} "
            f"recompute_tup_returned={per('returned'):.0f} recompute_tup_fetched={per('fetched'):.0f} "
            f"recompute_blocks={per('blocks'):.0f}")
