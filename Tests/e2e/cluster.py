"""A private PostgreSQL cluster that a test may restart, crash or lock: fault tests own theirs,
so nothing they do reaches the shared test cluster."""
from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from conftest import free_port


def _bin_dir() -> Path:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in Path(p).parent.name.split(".") if x.isdigit()])
    if not candidates:
        raise RuntimeError("PostgreSQL server binaries not found (pg_ctl)")
    return Path(candidates[-1])


def _as_server_user(command: list[str]) -> list[str]:
    """PostgreSQL refuses to run as root: as root, run it as `postgres`."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


class PrivateCluster:
    """initdb + pg_ctl in a temporary folder, crash-safe settings (fsync on) as in production."""

    def __init__(self):
        self.directory = Path(tempfile.mkdtemp(prefix="debrief-fault-pg-", dir="/tmp"))
        self.data = self.directory / "data"
        self.port = free_port()
        self.bin = _bin_dir()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres")

    def _pg(self, program: str, *args: str) -> None:
        done = subprocess.run(_as_server_user([str(self.bin / program), *args]), cwd="/",
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{program} {' '.join(args)} failed: {done.stdout}{done.stderr}\n{self.log()}")

    def log(self) -> str:
        path = self.directory / "postgres.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    def start(self) -> "PrivateCluster":
        self._pg("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8")
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.directory / "postgres.log"), "-w", "-t", "60",
                 "-o", self._options(), "start")
        return self

    def _options(self) -> str:
        return (f"-c listen_addresses=127.0.0.1 -p {self.port} -c unix_socket_directories='{self.directory}' "
                "-c fsync=on -c synchronous_commit=on -c max_connections=200")

    def restart(self, mode: str) -> None:
        """`pg_ctl restart -m fast|immediate`: every connection is cut; immediate skips the checkpoint."""
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.directory / "postgres.log"), "-w", "-t", "60",
                 "-m", mode, "-o", self._options(), "restart")

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(_as_server_user([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop"]),
                           cwd="/", capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)
