"""What a benchmark reads of a process's memory and of a raw HTTP connection, shared by the
memory harnesses (connections_memory.py, streams_memory.py)."""

import socket


def rss_mib(pid: int) -> float:
    """The process's resident memory (VmRSS), in MiB."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def read_until(sock: socket.socket, marker: bytes, what: str) -> bytes:
    """Reads from `sock` until `marker` arrives; an early close or a status other than 200 ends
    the benchmark, naming `what`."""
    received = b""
    while marker not in received:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit(f"{what}: closed early: {received[:300]!r}")
        received += chunk
    if not received.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"{what}: refused: {received[:300]!r}")
    return received
