#!/usr/bin/env python3
"""Prints issue 72's goals, each row beside its floor measured in the same run (scripts/bench-targets).

  goals_table.py FIGURES

FIGURES has one "scope measure value" line per measurement: scope `after` (the binary under test,
one line per round), `pgbench` and `machine` from scripts/bench-targets itself; `viewers`, `room`,
`growing` and `export` from the scenarios it runs on clusters of their own (each appends to the
file named by BENCH_FIGURES: scripts/lib/bench.sh's bench_figure, bench/export_table.py).

One row per goal: the scenario, what was measured, its floor in the same run, the ratio the goal
names (measured ÷ floor), the goal, and whether this run met it. A goal on the measure itself
(a share of the submission rate, a p99) shows its floor for reading and no ratio. Each figure is
the median of the rounds, with the range in brackets when there are several; a scenario that was
left out or failed reads "not measured".
"""
import statistics
import sys
from collections import defaultdict

figures = defaultdict(list)
with open(sys.argv[1]) as lines:
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[2] not in ("", "?", "nan"):
            try:
                figures[(parts[0], parts[1])].append(float(parts[2]))
            except ValueError:
                pass


def get(scope, measure):
    return figures.get((scope, measure), [])


def median(numbers):
    return statistics.median(numbers) if numbers else None  # None for [] and for no ratio (None)


def show(numbers, digits, unit=""):
    if numbers is None:
        return "none: floor ≤ 0"
    if not numbers:
        return "not measured"
    text = f"{median(numbers):.{digits}f}{unit}"
    if len(numbers) > 1:
        text += f" [{min(numbers):.{digits}f}–{max(numbers):.{digits}f}]"
    return text


def ratios(measured, floors):
    """Per round when both sides have one value a round; else the medians' ratio. None when a
    floor is not above zero (a share of the machine measured as busy less idle can read ≤ 0 on a
    loaded machine): no ratio, and no verdict."""
    if not measured or not floors:
        return []
    if min(floors) <= 0:
        return None
    if len(measured) == len(floors):
        return [m / f for m, f in zip(measured, floors)]
    return [median(measured) / median(floors)]


cores = median(get("machine", "cores")) or 1
rows = []  # scenario, measured, floor, ratio, goal, met


def row(scenario, measured, floor, ratio, goal, met):
    """met: True, False or None (no goal, or nothing measured)."""
    rows.append([scenario, measured, floor, ratio, goal, "–" if met is None else "met" if met else "NOT MET"])


def check(value, test):
    return None if value is None else test(value)


# Goal 1: the room's viewers against the kernel's writes with no server (bench/write_floor.py).
largest = max(get("viewers", "largest"), default=None)  # the largest room, one line per room
if largest is not None:
    n = f"{largest:.0f}"
    cost, share = get("viewers", f"cost_{n}"), get("viewers", "floor_share")
    ratio = ratios(cost, share)
    row(f"{int(largest):,} participants' viewers: cost on the submission rate ÷ the bare writer's share of the machine",
        show(cost, 1, " %"), show(share, 1, " % (bench/write_floor.py)"), show(ratio, 2, " ×"), "≤ 1.25 ×",
        check(median(ratio), lambda r: r <= 1.25))
    per_write, floor_write = get("viewers", f"server_us_per_write_{n}"), get("viewers", "floor_process_us_per_write")
    row("… a write: the server's CPU ÷ the bare writer's", show(per_write, 1, " µs"), show(floor_write, 1, " µs"),
        show(ratios(per_write, floor_write), 2, " ×"), "–", None)
    fresh = get("viewers", f"fresh_p99_{n}")
    row("… freshness p99", show(fresh, 0, " ms"), "–", "–", "< 1 s", check(median(fresh), lambda v: v < 1000))
    peak, after = get("viewers", f"rss_peak_{n}"), get("viewers", f"rss_after_{n}")
    row("… server RSS with them → 20 s after they left", f"{show(peak, 0, ' MiB')} → {show(after, 0, ' MiB')}", "–", "–",
        "< 300 MiB", check(median(peak), lambda v: v < 300))
else:
    row("participants' viewers against the bare writer", "not measured", "not measured", "–", "≤ 1.25 ×", None)

# Goal 2: the room's questions; the floor row is the same rounds with nobody voting (the measure's noise).
room, quiet = get("room", "cost_both"), get("room", "cost_0")
phones = median(get("room", "phones"))
row(f"{phones or 1000:,.0f} phones voting and reading the room's questions: cost on the submission rate",
    show(room, 1, " %"), show(quiet, 1, " % (nobody votes)"), "–", "< 10 %", check(median(room), lambda v: v < 10))
votes = get("room", "vote_p99_both")
row("… vote p99", show(votes, 1, " ms"), "–", "–", "< 100 ms", check(median(votes), lambda v: v < 100))

# Goal 3: a submission near the framework's cost.
server, postgres, healthz = get("after", "cpu_server_us"), get("after", "cpu_pg_us"), get("after", "cpu_healthz_us")
row("server CPU per submission ÷ PostgreSQL's for it", show(server, 0, " µs"), show(postgres, 0, " µs"),
    show(ratios(server, postgres), 2, " ×"), "≤ 1.0 ×", check(median(ratios(server, postgres)), lambda r: r <= 1.0))
row("… ÷ the server's CPU per GET /healthz (Hummingbird and NIO: the floor)", show(server, 0, " µs"), show(healthz, 0, " µs"),
    show(ratios(server, healthz), 2, " ×"), "–", None)
rate, pgbench = get("after", "rate64"), get("pgbench", "tps")
ratio = ratios(rate, pgbench)
row("submissions/s at 64 connections ÷ pgbench's transactions/s (the same inserts)", show(rate, 0, "/s"), show(pgbench, 0, "/s"),
    show(ratio, 2, " ×"), "≥ 2 ×", check(median(ratio), lambda r: r >= 2))
p99 = get("after", "p99_64")
row("… submission p99 at 64 connections", show(p99, 1, " ms"), "–", "–", "< 25 ms", check(median(p99), lambda v: v < 25))

# Goal 4: export, dashboards, reads.
layouts = sorted({measure.split("_", 1)[1] for scope, measure in figures if scope == "export" and measure.startswith("ratio_")})
for layout in layouts or ["responses", "answers"]:
    mine, theirs, ratio = get("export", f"mbps_{layout}"), get("export", f"psql_mbps_{layout}"), get("export", f"ratio_{layout}")
    connections = median(get("export", "connections")) or 2
    row(f"export --connections {connections:.0f} ÷ one psql \\copy, --layout {layout} (MB/s)", show(mine, 1), show(theirs, 1),
        show(ratio, 2, " ×"), "≥ 1.5 ×", check(median(ratio), lambda r: r >= 1.5))
dashboards, one = get("after", "viewer_cost_counts"), get("after", "viewer_cost_one")
dashboard_count = median(get("machine", "dashboards")) or 200
row(f"{dashboard_count:,.0f} hosts' dashboards (view=counts): cost on the submission rate", show(dashboards, 1, " %"),
    show(one, 1, " % (one stream: the recomputations)"), "–", "< 10 %", check(median(dashboards), lambda v: v < 10))
for size, name in (("small", "1,000 responses"), ("large", "the large form"), ("growing", "a form growing live")):
    reads, floors = get("after", f"read_p99_{size}"), get("after", f"floor_p99_{size}")
    ratio = ratios(reads, floors)
    row(f"results p99 ÷ /healthz p99 under the same load, {name}", show(reads, 1, " ms"), show(floors, 1, " ms"),
        show(ratio, 2, " ×"), "≤ 2 ×", check(median(ratio), lambda r: r <= 2))
reads, floors = get("growing", "worst_p99"), get("growing", "floor_p99")
ratio = ratios(reads, floors)
row("… a new installation's form growing live (scripts/bench-growing: worst 5-s window)", show(reads, 1, " ms"),
    show(floors, 1, " ms"), show(ratio, 2, " ×"), "≤ 2 ×", check(median(ratio), lambda r: r <= 2))

header = ["scenario", "measured", "floor (same run)", "ratio", "goal", "met?"]
print("| " + " | ".join(header) + " |")
print("| " + " | ".join("---" for _ in header) + " |")
for cells in rows:
    print("| " + " | ".join(cells) + " |")
met = sum(1 for cells in rows if cells[5] == "met")
missed = sum(1 for cells in rows if cells[5] == "NOT MET")
print(f"\n{met} goals met, {missed} not met, of {met + missed} measured ({cores:.0f} cores).")
