#!/usr/bin/env python3
"""Prints the issue-17 target table from the figures scripts/bench-targets collected.

  targets_table.py FIGURES ROUNDS

FIGURES has one "label measure value" line per measurement (label: before, after or pgbench).
Each cell is the median of the rounds, with the range in brackets when there are several.
"""
import statistics
import sys
from collections import defaultdict

figures = defaultdict(list)
with open(sys.argv[1]) as lines:
    for line in lines:
        parts = line.split()
        if len(parts) == 3 and parts[2] not in ("", "?"):
            figures[(parts[0], parts[1])].append(float(parts[2]))
labels = [label for label in ("before", "after") if any(key[0] == label for key in figures)]
pgbench = statistics.median(figures[("pgbench", "tps")]) if figures[("pgbench", "tps")] else None


def values(label, measure):
    return figures.get((label, measure), [])


def cell(numbers, digits=1, unit=""):
    if not numbers:
        return "-"
    text = f"{statistics.median(numbers):.{digits}f}{unit}"
    if len(numbers) > 1:
        text += f" [{min(numbers):.{digits}f}–{max(numbers):.{digits}f}]"
    return text


def ratio(label):
    return [rate / pgbench for rate in values(label, "rate64")] if pgbench else []


def scaling(label):
    small, large = values(label, "read_p50_small"), values(label, "read_p50_large")
    return [b / a for a, b in zip(small, large) if a > 0]


def inverse_scaling(label):
    small, large = values(label, "read_p50_small"), values(label, "read_p50_large")
    return [a / b for a, b in zip(small, large) if b > 0]


# The read p99 of each form over the /healthz p99 measured right after it, under the same load.
SIZES = [("small", "1,000"), ("large", "large size"), ("growing", "growing form")]


def floor_ratio(label, size):
    reads, floors = values(label, f"read_p99_{size}"), values(label, f"floor_p99_{size}")
    return [r / f for r, f in zip(reads, floors) if f > 0]


def median(numbers):
    return statistics.median(numbers) if numbers else None


def one_connection_check():
    after, before = median(values("after", "p50_1")), median(values("before", "p50_1"))
    if after is None or before is None:
        return "?"
    return "yes" if after <= before * 1.10 else "no"


rows = [
    ("submissions/s over HTTP, 64 connections, ÷ pgbench", "≥ 1.5 (≥ 1.0)",
     lambda l: cell(ratio(l), 2) + f" ({cell(values(l, 'rate64'), 0)}/s)",
     lambda: median(ratio("after")) is not None and median(ratio("after")) >= 1.5),
    ("submission latency p99, 64 connections", "< 50 ms",
     lambda l: cell(values(l, "p99_64"), 1, " ms"), lambda: (median(values("after", "p99_64")) or 1e9) < 50),
    ("submission latency p50, 1 connection", "within 10% of before",
     lambda l: cell(values(l, "p50_1"), 2, " ms"), None),
    ("results p50 at large size, 64 submitting", "< 5 ms",
     lambda l: cell(values(l, "read_p50_large"), 2, " ms"), lambda: (median(values("after", "read_p50_large")) or 1e9) < 5),
    ("results p99 at large size, 64 submitting", "< 20 ms",
     lambda l: cell(values(l, "read_p99_large"), 1, " ms"), lambda: (median(values("after", "read_p99_large")) or 1e9) < 20),
    ("results p50 large ÷ p50 at 1,000", "≤ 1.5",
     lambda l: cell(scaling(l), 2), lambda: (median(scaling("after")) or 1e9) <= 1.5),
    ("results p99 at 1,000, 64 submitting", "< 20 ms",
     lambda l: cell(values(l, "read_p99_small"), 1, " ms") + f" (p50 {cell(values(l, 'read_p50_small'), 2)})",
     lambda: (median(values("after", "read_p99_small")) or 1e9) < 20),
    ("results p50 at 1,000 ÷ p50 at large size", "≤ 1.0",
     lambda l: cell(inverse_scaling(l), 2), lambda: (median(inverse_scaling("after")) or 1e9) <= 1.0),
    ("results p99, form growing live under 64 submitting connections", "< 20 ms",
     lambda l: cell(values(l, "read_p99_growing"), 1, " ms") + f" (p50 {cell(values(l, 'read_p50_growing'), 2)})",
     lambda: (median(values("after", "read_p99_growing")) or 1e9) < 20),
] + [row for size, name in SIZES for row in (
    (f"/healthz p99 under the same load (floor), {name}", "-",
     lambda l, size=size: cell(values(l, f"floor_p99_{size}"), 1, " ms"), "-"),
    (f"results p99 ÷ floor, {name}", "≤ 3",
     lambda l, size=size: cell(floor_ratio(l, size), 2), lambda size=size: (median(floor_ratio("after", size)) or 1e9) <= 3),
)] + [
    ("live freshness A → viewer on B, p99", "< 250 ms",
     lambda l: cell(values(l, "fresh_p99"), 0, " ms") + f" (p50 {cell(values(l, 'fresh_p50'), 0)})",
     lambda: (median(values("after", "fresh_p99")) or 1e9) < 250),
    ("cost of 200 hosts' dashboards' streams (view=counts) on the submission rate (median of the rounds)", "< 10 %",
     lambda l: cell(values(l, "viewer_cost_counts"), 1, " %"), lambda: (median(values("after", "viewer_cost_counts")) or 1e9) < 10),
    ("the same with the whole report in each event (the API's default view)", "-",
     lambda l: cell(values(l, "viewer_cost_report"), 1, " %"), "-"),
    ("one host's stream (view=counts): the meeting's recomputations alone (floor)", "< 5 %",
     lambda l: cell(values(l, "viewer_cost_one"), 1, " %"), lambda: (median(values("after", "viewer_cost_one")) or 1e9) < 5),
    ("… its recomputations a second, and the cores they took (server + PostgreSQL; bench/recompute.py)", "-",
     lambda l: cell(values(l, "recompute_per_s"), 1, "/s") + f" ({cell(values(l, 'recompute_cores'), 3)} cores)", "-"),
    ("server peak RSS, 64 connections + 200 hosts' streams", "< 100 MiB",
     lambda l: cell(values(l, "rss"), 0, " MiB"), lambda: (median(values("after", "rss")) or 1e9) < 100),
]

header = ["measure", "target"] + labels + ["met (after)"]
table = [header]
for name, target, show, check in rows:
    met = one_connection_check() if check is None else check if isinstance(check, str) else ("yes" if check() else "no")
    table.append([name, target] + [show(label) for label in labels] + [met])
widths = [max(len(row[i]) for row in table) for i in range(len(header))]
for index, row in enumerate(table):
    print("  ".join(value.ljust(widths[i]) for i, value in enumerate(row)).rstrip())
    if index == 0:
        print("  ".join("-" * width for width in widths))
print(f"\npgbench, the same inserts one transaction per response, 64 clients: {cell(figures[('pgbench', 'tps')], 1)} transactions/s")


# Goal 3's explanation (issue 52): what a submission costs the machine in CPU, measured over the
# 64-connection run (and a pgbench transaction over pgbench's), so "how close to the machine's
# limit" is a figure: the limit is cores ÷ (server + PostgreSQL CPU per submission), the rate the
# machine could sustain if it did nothing else, not even run the load generator.
cores = median(figures[("machine", "cores")])


def cpu(label, measure):
    return values(label, measure)


def limit(label, parts):
    """cores ÷ the CPU seconds of `parts` per submission, per round: submissions a second."""
    rounds = list(zip(*(cpu(label, part) for part in parts)))
    return [cores / (sum(costs) / 1e6) for costs in rounds if sum(costs) > 0] if cores else []


def share(label, rate_measure, parts):
    rates, limits = values(label, rate_measure), limit(label, parts)
    return [rate / top * 100 for rate, top in zip(rates, limits)]


DEBRIEF = ("cpu_server_us", "cpu_pg_us")
PGBENCH = ("cpu_pg_us",)
budget = [
    ("server CPU per submission (instance A), µs", lambda l: cell(cpu(l, "cpu_server_us"), 0), "-"),
    ("the other instance's CPU per submission (B: its live listener), µs", lambda l: cell(cpu(l, "cpu_second_us"), 0), "-"),
    ("PostgreSQL CPU per submission / per pgbench transaction, µs", lambda l: cell(cpu(l, "cpu_pg_us"), 0),
     cell(cpu("pgbench", "cpu_pg_us"), 0)),
    ("the load generator's own CPU (wrk / pgbench), µs", lambda l: cell(cpu(l, "cpu_client_us"), 0),
     cell(cpu("pgbench", "cpu_client_us"), 0)),
    (f"the machine's limit: {cores:.0f} cores ÷ (server + PostgreSQL CPU), /s" if cores else "the machine's limit, /s",
     lambda l: cell(limit(l, DEBRIEF), 0), cell(limit("pgbench", PGBENCH), 0)),
    ("the rate achieved ÷ that limit", lambda l: cell(share(l, "rate64", DEBRIEF), 0, " %"),
     cell(share("pgbench", "tps", PGBENCH), 0, " %")),
    ("the limit counting every process above (B and the load generator too), /s",
     lambda l: cell(limit(l, DEBRIEF + ("cpu_second_us", "cpu_client_us")), 0),
     cell(limit("pgbench", PGBENCH + ("cpu_client_us",)), 0)),
]
print("\nThe submissions' CPU budget at 64 connections (median of the rounds; CPU from /proc, whatever else ran):\n")
table = [["per submission (Debrief) or transaction (pgbench)"] + labels + ["pgbench"]]
for name, show, baseline in budget:
    table.append([name] + [show(label) for label in labels] + [baseline])
widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
for index, row in enumerate(table):
    print("  ".join(value.ljust(widths[i]) for i, value in enumerate(row)).rstrip())
    if index == 0:
        print("  ".join("-" * width for width in widths))
# Against pgbench's rate, Debrief's limit is the best ratio the run allowed: 2 × needs pgbench
# below half of it, or Debrief's CPU per submission cut; against pgbench's limit, the ratio if both
# kept the cores busy.
best = [mine / theirs for mine, theirs in zip(limit("after", DEBRIEF), values("pgbench", "tps")) if theirs > 0]
at_limits = [mine / theirs for mine, theirs in zip(limit("after", DEBRIEF), limit("pgbench", PGBENCH))]
print(f"\nDebrief's limit ÷ pgbench's rate (the best ratio this run allowed; goal ≥ 2): {cell(best, 2)}")
print(f"Debrief's limit ÷ pgbench's limit (the ratio if both kept the cores busy): {cell(at_limits, 2)}")
