"""The local processes a topology starts (`Topology`, `HATopology`): free ports, PostgreSQL's
programs and the user they run as, whether a process is alive, and a process' parent.
"""
from __future__ import annotations

import glob
import os
import random
import shutil
import socket
from pathlib import Path


def free_port() -> int:
    """A port nothing listens on, below the kernel's range of ephemeral ports.

    A port from `bind(0)` is an ephemeral one, and until its server binds it a client's outgoing
    connection may take it as its own source port: HAProxy's health checks of an instance not
    yet listening connected to themselves there (a TCP self-connect, "Layer7 invalid response")
    and the instance found its port taken (the whole command beside stress-ng, 2026-12-01). No
    source port is picked below the range, so only another server could take one of these.
    """
    first_ephemeral = _first_ephemeral_port()
    if first_ephemeral > 11_000:
        for _ in range(200):
            port = random.randrange(10_000, first_ephemeral)
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _first_ephemeral_port() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32_768


def pg_bin_dir() -> Path:
    found = shutil.which("pg_ctl")
    if found:
        # Resolved: a symlink in PATH (pg_ctl alone) points into the folder holding every program.
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                        key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()])
    if not candidates:
        raise RuntimeError("PostgreSQL server binaries not found (pg_ctl); install the postgresql package")
    return Path(candidates[-1])


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run its programs as `postgres`."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie (exited, not yet reaped by its parent in this process) is not alive.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][:1] != "Z"
    except OSError:
        return False


def _server_user_kwargs() -> dict:
    """PostgreSQL refuses to run as root; Patroni starts it, so Patroni runs as `postgres`. The
    process id stays the agent's own (no runuser in between), so a test can signal it."""
    if os.geteuid() != 0:
        return {}
    return {"user": "postgres", "group": "postgres", "extra_groups": [],
            "env": {**os.environ, "HOME": "/var/lib/postgresql"}}


def _parent(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().split(") ", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None
