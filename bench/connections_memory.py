#!/usr/bin/env python3
"""What one open connection costs the server in memory (standard library only; needs gdb).

  connections_memory.py BASE CODE SERVER_PID SERVER_LOG COUNTS [MODES]

For each mode and each count in COUNTS (e.g. "1000 4000"), in one run against one server:
  1. the floor: the server's RSS (/proc/PID/status) and glibc's malloc totals with no connection
     of this script open (`malloc_stats()`, called in the server through gdb; it prints to the
     server's stderr, SERVER_LOG, read back from there);
  2. COUNT connections, each in MODE:
       connect  connected only, never a byte sent;
       request  one `GET /healthz` answered, then idle on the keep-alive connection;
       stream   a participant's live stream of form CODE (GET /v1/f/CODE/results/live), held
                after its first `results` event;
     then the same two readings;
  3. the same readings 6 s after all of them closed (the heap is trimmed 2 s after a burst ends:
     memory given back, or not).
Prints one `CONN` line per mode and count, each figure beside its floor of the same run, so the
machine's load does not enter the bytes (a reading waits for the server, it does not time it):

  CONN mode=… n=… rss_floor_mib=… rss_mib=… rss_after_mib=… rss_kb_per_conn=…
       heap_floor_mib=… heap_mib=… heap_after_mib=… heap_kb_per_conn=… arena_mib=… arena_after_mib=…

(`heap`: malloc's bytes in use; `arena`: what malloc holds from the system, in use or not.)
The connections are measured well within the server's idle timeout (30 s by default), which
would close the first two modes' connections.
"""
import os
import re
import socket
import subprocess
import sys
import time

from memory import read_until, rss_mib

STATS = re.compile(r"Total \(incl\. mmap\):\s*system bytes\s*=\s*(\d+)\s*in use bytes\s*=\s*(\d+)")


def malloc_mib(pid, log):
    """(in use, held from the system) in MiB, from the server's own `malloc_stats()`."""
    start = os.path.getsize(log)
    subprocess.run(["gdb", "-nx", "-batch", "-p", str(pid), "-ex", "call (void)malloc_stats()"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, timeout=300)
    for _ in range(50):
        with open(log, "rb") as file:
            file.seek(start)
            found = STATS.search(file.read().decode(errors="replace"))
        if found:
            return int(found.group(2)) / 2**20, int(found.group(1)) / 2**20
        time.sleep(0.1)
    raise RuntimeError("malloc_stats printed nothing to " + log)


def reading(pid, log):
    time.sleep(2)  # what a burst leaves to settle (a connection's first timers, the trim's delay)
    heap, arena = malloc_mib(pid, log)
    return rss_mib(pid), heap, arena


def open_connections(host, port, code, mode, count):
    request = {
        "connect": b"",
        "request": f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode(),
        "stream": (f"GET /v1/f/{code}/results/live HTTP/1.1\r\nHost: {host}\r\n"
                   "Accept: text/event-stream\r\n\r\n").encode(),
    }[mode]
    until = {"connect": None, "request": b"\r\n\r\n", "stream": b"event: results"}[mode]
    sockets = []
    for i in range(count):
        sock = socket.create_connection((host, port), timeout=60)
        if request:
            sock.sendall(request)
        sockets.append(sock)
        if i % 200 == 199:
            time.sleep(0.02)  # the listen backlog is never the limit
    if until:
        for sock in sockets:
            read_until(sock, until, mode)
    return sockets


def main():
    base, code, pid, log, counts = sys.argv[1:6]
    modes = (sys.argv[6] if len(sys.argv) > 6 else "connect request stream").split()
    host, port = base.split("://", 1)[1].rsplit(":", 1)
    pid = int(pid)
    for mode in modes:
        for count in map(int, counts.split()):
            floor = reading(pid, log)
            sockets = open_connections(host, int(port), code, mode, count)
            held = reading(pid, log)
            for sock in sockets:
                sock.close()
            time.sleep(4)
            after = reading(pid, log)
            per = lambda index: (held[index] - floor[index]) * 1024 / count
            print(f"CONN mode={mode} n={count} rss_floor_mib={floor[0]:.1f} rss_mib={held[0]:.1f} "
                  f"rss_after_mib={after[0]:.1f} rss_kb_per_conn={per(0):.1f} heap_floor_mib={floor[1]:.1f} "
                  f"heap_mib={held[1]:.1f} heap_after_mib={after[1]:.1f} heap_kb_per_conn={per(1):.1f} "
                  f"arena_mib={held[2]:.1f} arena_after_mib={after[2]:.1f}", flush=True)


if __name__ == "__main__":
    main()
