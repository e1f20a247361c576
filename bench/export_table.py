#!/usr/bin/env python3
"""Prints the export benchmark's tables from the runs scripts/bench-export measured.

  export_table.py FIGURES CONNECTIONS CORES

FIGURES has one line per run: "layout side run seconds client_cpu postgres_cpu rss_kib bytes
processes", side being psql, debrief1 or debrief<CONNECTIONS>, and run pairing the sides measured
back to back. postgres_cpu is "?" when the cluster's processes could not be read.

The first table is goal 4's row per layout beside its floor (one COPY) and the ceiling the CPU
sets; the second says where that CPU went.
"""
import os
import statistics
import sys
from collections import defaultdict

path, connections, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
runs = defaultdict(dict)  # (layout, side) -> run -> figures
layouts = []
with open(path) as lines:
    for line in lines:
        layout, side, run, seconds, client, postgres, rss, size, processes = line.split()
        if layout not in layouts:
            layouts.append(layout)
        runs[(layout, side)][int(run)] = dict(
            seconds=max(float(seconds), 0.01), client=float(client),
            postgres=None if postgres == "?" else float(postgres),
            rss=int(rss) / 1024, bytes=int(size), processes=int(processes))

sides = ["debrief1"] + ([f"debrief{connections}"] if connections != 1 else [])
names = {"psql": "psql \\copy", "debrief1": "debrief export --connections 1"}
names[f"debrief{connections}"] = f"debrief export --connections {connections}"


def cell(numbers, digits=2, unit=""):
    """The median, and the range when there are several."""
    if not numbers:
        return "?"
    text = f"{statistics.median(numbers):.{digits}f}{unit}"
    if len(numbers) > 1:
        text += f" ({min(numbers):.{digits}f} to {max(numbers):.{digits}f})"
    return text


def paired(layout, side):
    """Each round's export run with the psql run measured just before it."""
    psql, export = runs[(layout, "psql")], runs[(layout, side)]
    return [(psql[run], export[run]) for run in sorted(export) if run in psql]


def ratios(layout, side):
    """debrief MB/s ÷ psql MB/s, per round."""
    return [(e["bytes"] / e["seconds"]) / (p["bytes"] / p["seconds"]) for p, e in paired(layout, side)]


def ceilings(layout, side, connections):
    """The ratio the CPU allows, per round, whatever else the machine ran: psql's \\copy takes at
    least its PostgreSQL CPU seconds (one backend builds every row), and the export at least its
    CPU seconds (its own and PostgreSQL's) spread over min(cores, connections) busy cores."""
    lanes = min(cores, connections)
    return [(p["postgres"] / p["bytes"]) / ((e["client"] + e["postgres"]) / lanes / e["bytes"])
            for p, e in paired(layout, side) if p["postgres"] and e["postgres"] is not None and e["client"] + e["postgres"] > 0]


def row(cells):
    print("| " + " | ".join(cells) + " |")


goal = f"debrief{connections}"
row(["measure", "target", "this run: median of the rounds (range)", "met"])
row(["---"] * 4)
for layout in layouts:
    figures = ratios(layout, goal)
    met = "yes" if figures and statistics.median(figures) >= 1.5 else "no"
    row([f"export ÷ psql \\copy, --connections {connections}, --layout {layout}", "≥ 1.5 ×", cell(figures, 2, " ×"), met])
    if connections != 1:
        row(["… floor: --connections 1 (one COPY, what a single statement gives)", "–", cell(ratios(layout, "debrief1"), 2, " ×"), "–"])
    row([f"… the CPU's ceiling: psql's PostgreSQL CPU s ÷ (the export's CPU s ÷ {min(cores, connections)} cores)", "–",
         cell(ceilings(layout, goal, connections), 2, " ×"), "–"])
# For scripts/bench-targets' one table (bench/goals_table.py): each layout's ratio and both sides'
# MB/s, medians of the rounds, appended to the file BENCH_FIGURES names.
if os.environ.get("BENCH_FIGURES"):
    with open(os.environ["BENCH_FIGURES"], "a") as out:
        out.write(f"export connections {connections}\n")
        for layout in layouts:
            pairs = paired(layout, goal)
            if not pairs:
                continue
            out.write(f"export ratio_{layout} {statistics.median(ratios(layout, goal)):.3f}\n")
            out.write(f"export mbps_{layout} {statistics.median(e['bytes'] / 1e6 / e['seconds'] for _, e in pairs):.2f}\n")
            out.write(f"export psql_mbps_{layout} {statistics.median(p['bytes'] / 1e6 / p['seconds'] for p, _ in pairs):.2f}\n")
peak = max((r["rss"] for (layout, side), by_run in runs.items() if side != "psql" for r in by_run.values()), default=0)
row(["the export process's peak RSS, largest of the runs", "< 64 MiB", f"{peak:.1f} MiB", "yes" if peak < 64 else "no"])

print()
print("Where the CPU went (median of the rounds; cores busy = (client + PostgreSQL CPU) ÷ wall seconds):")
print()
row(["layout", "client", "seconds", "MB/s", "client CPU s", "PostgreSQL CPU s", "cores busy",
     "PostgreSQL processes at once", "client peak RSS"])
row(["---"] * 9)
for layout in layouts:
    for side in ["psql"] + sides:
        done = list(runs[(layout, side)].values())
        if not done:
            continue
        postgres = [r["postgres"] for r in done if r["postgres"] is not None]
        busy = [(r["client"] + r["postgres"]) / r["seconds"] for r in done if r["postgres"] is not None]
        row([layout, names[side], cell([r["seconds"] for r in done]), cell([r["bytes"] / 1e6 / r["seconds"] for r in done], 1),
             cell([r["client"] for r in done]), cell(postgres), cell(busy),
             str(max(r["processes"] for r in done)), f"{max(r['rss'] for r in done):.1f} MiB"])
