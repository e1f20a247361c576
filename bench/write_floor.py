#!/usr/bin/env python3
"""A floor under the room's writes (scripts/bench-viewers): what one loopback write of a live event
costs this machine with no server around it.

  write_floor.py CONNECTIONS WRITES_PER_S BYTES SECONDS

Opens CONNECTIONS TCP connections over 127.0.0.1 to a child process that never reads them (as
bench/viewers.py reads most of a room once in 5 s: a few KB a connection, far below a socket's
buffer), then writes BYTES to each in turn, WRITES_PER_S writes a second in all, for SECONDS, one
`send` a write as the server writes one event a viewer. It prints:

  FLOOR connections=… writes=… writes_per_s=… bytes=… process_us_per_write=… system_us_per_write=…
        machine_us_per_write=…

`process_us_per_write`: this process's CPU (user and system, /proc/self/stat, as bench/viewers.py
reads the server's `server_us_per_write`), so the two compare; `system_us_per_write`: its kernel
part; `machine_us_per_write`: every core's busy time over the run (/proc/stat, softirqs and the
acknowledgements' timers included, whichever process they land on) less the same idle machine's
busy time measured just before, per write. On loopback the receiving end's TCP work is this
machine's too: a phone's would not be, so the floor is high for a real room, and the server's
figure with it.
"""
import os
import resource
import socket
import sys
import time


def process_seconds():
    fields = open("/proc/self/stat").read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks  # utime, stime


def machine_busy_seconds():
    fields = [int(value) for value in open("/proc/stat").readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle, iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def main():
    count, rate, size, seconds = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    # The reading ends in a child process (each side is a file descriptor a connection, and one
    # process may hold no more than the limit), which holds them until the run's end.
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4096)
    done_reading, done_writing = os.pipe()
    child = os.fork()
    if child == 0:
        os.close(done_writing)
        readers = [listener.accept()[0] for _ in range(count)]
        os.read(done_reading, 1)
        for reader in readers:
            reader.close()
        os._exit(0)
    os.close(done_reading)
    writers = []
    for _ in range(count):
        writer = socket.create_connection(listener.getsockname())
        writer.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # as NIO sets it
        writers.append(writer)
    listener.close()
    payload = b"x" * size

    # The idle machine's busy time a second (over up to 5 s before the run): what the floor subtracts.
    idle_window = min(seconds, 5.0)
    busy0 = machine_busy_seconds()
    time.sleep(idle_window)
    idle_busy_per_s = (machine_busy_seconds() - busy0) / idle_window

    tick = 0.01
    per_tick = rate * tick
    written, owed, next_writer = 0, 0.0, 0
    user0, system0 = process_seconds()
    busy0 = machine_busy_seconds()
    start = time.monotonic()
    deadline = start + seconds
    next_tick = start
    while True:
        now = time.monotonic()
        if now >= deadline:
            break
        owed += per_tick
        while owed >= 1:
            writers[next_writer].send(payload)
            next_writer = (next_writer + 1) % count
            written += 1
            owed -= 1
        next_tick += tick
        pause = next_tick - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    elapsed = time.monotonic() - start
    user1, system1 = process_seconds()
    busy = machine_busy_seconds() - busy0 - idle_busy_per_s * elapsed
    per_write = 1e6 / max(1, written)
    print(f"FLOOR connections={count} writes={written} writes_per_s={written / elapsed:.0f} bytes={size} "
          f"process_us_per_write={((user1 - user0) + (system1 - system0)) * per_write:.1f} "
          f"system_us_per_write={(system1 - system0) * per_write:.1f} machine_us_per_write={busy * per_write:.1f}")
    for writer in writers:
        writer.close()
    os.close(done_writing)
    os.waitpid(child, 0)


if __name__ == "__main__":
    main()
