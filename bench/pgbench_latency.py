"""Prints the p50 and p99 transaction latency (ms) of pgbench per-transaction logs (-l).

Each log line is: client_id transaction_no latency_us script_no epoch epoch_us.
Usage: python3 pgbench_latency.py LOGFILE...
"""
import sys

latencies = []
for path in sys.argv[1:]:
    with open(path) as log:
        for line in log:
            fields = line.split()
            if len(fields) >= 3 and fields[2].isdigit():
                latencies.append(int(fields[2]))
latencies.sort()
if not latencies:
    print("PGBENCH_LATENCY p50_ms=nan p99_ms=nan transactions=0")
else:
    def pct(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] / 1000
    print(f"PGBENCH_LATENCY p50_ms={pct(50):.3f} p99_ms={pct(99):.3f} transactions={len(latencies)}")
