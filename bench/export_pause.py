#!/usr/bin/env python3
"""What a server holds for an export download whose client stops reading (issue 72, goal 5).

  export_pause.py BASE TOKEN MEETING SERVER_PID [PAUSE_SECONDS]

Asks GET /v1/meetings/MEETING/export.csv?layout=answers on one keep-alive socket, reads 256 KiB of
the body, then stops reading for PAUSE_SECONDS (default 3) while it samples, every 50 ms, the
server's resident memory (/proc/PID/status VmRSS) and how far it has read its spool (the file
offset of its descriptor on the unlinked debrief-export-….csv, /proc/PID/fdinfo). Then reads to
the end. Prints one line:

  PAUSE size=… offset=… client=… kernel=… held=… rss_before_kib=… rss_paused_kib=… rss_growth_kib=…

held = spool offset − what the client read − what waits in both sockets' kernel queues
(/proc/net/tcp): what the server holds in its own memory for the paused client, by counts
(ExportSlowClientTests' measure). rss_growth_kib is the old test's measure: the server's
resident memory after the pause less before it (its allowance was a quarter of the file).
"""
import os
import socket
import sys
import time

base, token, meeting, pid = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
pause = float(sys.argv[5]) if len(sys.argv) > 5 else 3.0
host, port = base.split("://", 1)[1].rsplit(":", 1)
port = int(port)


def rss_kib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def spool():
    """(offset, size) of the server's open export spool, or None."""
    folder = f"/proc/{pid}/fd"
    for fd in os.listdir(folder):
        try:
            target = os.readlink(f"{folder}/{fd}")
        except OSError:
            continue
        if "/debrief-export-" in target:
            with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                offset = next(int(line.split()[1]) for line in info if line.startswith("pos:"))
            return offset, os.stat(f"{folder}/{fd}").st_size
    return None


def queues(client_port):
    """(bytes the client's socket received and was not read, bytes the server's socket holds)."""
    receive = send = 0
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as lines:
            for line in list(lines)[1:]:
                fields = line.split()
                local, remote = int(fields[1].rsplit(":", 1)[1], 16), int(fields[2].rsplit(":", 1)[1], 16)
                tx, rx = (int(value, 16) for value in fields[4].split(":"))
                if local == client_port and remote == port:
                    receive = rx
                if local == port and remote == client_port:
                    send = tx
    return receive, send


connection = socket.create_connection((host, port))
connection.sendall(f"GET /v1/meetings/{meeting}/export.csv?layout=answers HTTP/1.1\r\nHost: localhost\r\n"
                   f"Authorization: Bearer {token}\r\n\r\n".encode())
raw = b""
while b"\r\n\r\n" not in raw:
    chunk = connection.recv(65536)
    if not chunk:
        sys.exit(f"the server closed before the head: {raw[:200]!r}")
    raw += chunk
head, body = raw.split(b"\r\n\r\n", 1)
length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:"))
received = len(body)
while received < 256 * 1024:
    received += len(connection.recv(65536))

rss_before = rss_kib()
ends = time.monotonic() + pause
last, same, peak_rss = None, 0, rss_before
while time.monotonic() < ends or same < 10:
    time.sleep(0.05)
    reading = spool()
    peak_rss = max(peak_rss, rss_kib())
    same = same + 1 if reading == last else 0
    last = reading
rss_paused = rss_kib()
offset, size = last
client_queue, server_queue = queues(connection.getsockname()[1])
read_at_pause = received
held = offset - read_at_pause - client_queue - server_queue

while received < length:
    chunk = connection.recv(1 << 20)
    if not chunk:
        break
    received += len(chunk)
if received != length:
    sys.exit(f"the body ended at {received} of {length} bytes")
print(f"PAUSE size={size} offset={offset} client={read_at_pause} "
      f"kernel={client_queue + server_queue} held={held} rss_before_kib={rss_before} rss_paused_kib={rss_paused} "
      f"rss_peak_kib={peak_rss} rss_growth_kib={rss_paused - rss_before}")
