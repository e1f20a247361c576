"""A Debrief topology on one machine, from Debian packages: a PostgreSQL primary, a streaming hot
standby made with pg_basebackup, N `debrief serve` instances and HAProxy in front of them.

`scripts/cluster up|down|status` drives it from the shell; the end-to-end topology tests import
`Topology` and use the same code to kill, restart and fail over its parts. Everything it starts
lives under one folder (data, logs, configuration, `state.json` with ports and process ids), and
`down` stops what `state.json` names and removes the folder.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from dataclasses import asdict
from pathlib import Path

from cluster_state import State
from local_processes import _alive, _as_server_user, free_port, pg_bin_dir

DATABASE = "debrief"


class Topology:
    """The primary, the standby, the instances and HAProxy under `root`."""

    def __init__(self, root: Path, binary: str | None = None, instances: int = 3, http_port: int = 8080,
                 environment: dict[str, str] | None = None, instance_args: list[str] | None = None,
                 apply_delay_ms: int = 0):
        self.root = Path(root).resolve()
        self.binary = binary
        self.instance_count = instances
        self.http_port = http_port
        self.environment = environment or {}
        self.instance_args = instance_args or []
        self.apply_delay_ms = apply_delay_ms
        self.bin = pg_bin_dir()
        self.state: State | None = self._load()

    # MARK: - Addresses

    @property
    def primary_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.state.primary_port}/{DATABASE}"

    @property
    def standby_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.state.standby_port}/{DATABASE}"

    @property
    def database_url(self) -> str:
        """Both servers, libpq picks the one that accepts writes: failover needs no reconfiguration."""
        s = self.state
        return (f"postgresql://postgres@127.0.0.1:{s.primary_port},127.0.0.1:{s.standby_port}/{DATABASE}"
                "?target_session_attrs=read-write&connect_timeout=2")

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.state.http_port}"

    def instance_url(self, index: int) -> str:
        return f"http://127.0.0.1:{self.state.instance_ports[index]}"

    # MARK: - Up and down

    def up(self) -> None:
        """Makes the folder (as root, owned by `postgres`, whose servers write there), picks the
        ports, starts every part, and waits until HAProxy's front answers ready."""
        if self.state is not None:
            raise RuntimeError(f"a cluster is already set up in {self.root} (run `down` first)")
        if not self.binary:
            raise RuntimeError("no debrief binary given")
        for path in (self.root, self.root / "logs"):
            path.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(path, "postgres", "postgres")
        self.state = self._new_state()
        self.state.instance_pids = [None] * self.instance_count
        self._save()
        try:
            self._start_parts()
            self.wait_until_ready(self.base_url, timeout=60)
        except BaseException:
            print(self.logs_tail())
            raise

    def _new_state(self) -> State:
        return State(primary_port=free_port(), standby_port=free_port(), http_port=self.http_port,
                     instance_ports=[free_port() for _ in range(self.instance_count)])

    def _start_parts(self) -> None:
        self._start_primary()
        self._start_standby()
        self._migrate()
        for index in range(self.instance_count):
            self.start_instance(index)
        self._start_haproxy()

    def down(self) -> None:
        if self.state is not None:
            if _alive(self.state.haproxy_pid):
                os.kill(self.state.haproxy_pid, signal.SIGTERM)
            for index in range(len(self.state.instance_ports)):
                self.stop_instance(index, signal.SIGTERM, timeout=30)
            for name in ("primary", "standby"):
                self._pg_ctl_stop(name, "fast")
        shutil.rmtree(self.root, ignore_errors=True)
        self.state = None

    def status(self) -> list[tuple[str, str, str]]:
        """(part, address, state) for each part."""
        if self.state is None:
            return []
        s = self.state
        rows = [
            ("haproxy", self.base_url, self._http_state(self.base_url, _alive(s.haproxy_pid))),
            ("primary", self.primary_url, self._pg_state(s.primary_port)),
            ("standby", self.standby_url, self._pg_state(s.standby_port)),
        ]
        for index in range(len(s.instance_ports)):
            rows.append((f"instance {index + 1}", self.instance_url(index),
                         self._http_state(self.instance_url(index), _alive(s.instance_pids[index]))))
        return rows

    # MARK: - PostgreSQL

    def _pg(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        done = subprocess.run(_as_server_user(list(command)), cwd="/", capture_output=True, text=True)
        if check and done.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed: {done.stdout}{done.stderr}")
        return done

    def _server_options(self, port: int) -> str:
        return (f"-c listen_addresses=127.0.0.1 -p {port} -c unix_socket_directories='{self.root}' "
                "-c fsync=on -c synchronous_commit=on -c max_connections=300 -c wal_keep_size=512MB "
                # A standby query that conflicts with replay (a long export) delays replay instead of
                # being cancelled at once, and no feedback holds back the primary's vacuum: the
                # lag grows, and Debrief stops sending reads that need freshness to a lagging standby.
                "-c hot_standby=on -c hot_standby_feedback=off -c max_standby_streaming_delay=300s")

    def _start(self, name: str, port: int) -> None:
        self._pg(str(self.bin / "pg_ctl"), "-D", str(self.root / name), "-l", str(self.root / "logs" / f"{name}.log"),
                 "-w", "-t", "60", "-o", self._server_options(port), "start")

    def _start_primary(self) -> None:
        self._pg(str(self.bin / "initdb"), "-D", str(self.root / "primary"), "-U", "postgres", "--auth=trust",
                 "--encoding=UTF8", "--locale=C.UTF-8")
        self._start("primary", self.state.primary_port)
        self.psql(f"postgresql://postgres@127.0.0.1:{self.state.primary_port}/postgres", f"CREATE DATABASE {DATABASE}")

    def _start_standby(self) -> None:
        # -R writes standby.signal and primary_conninfo: a streaming physical replica.
        self._pg(str(self.bin / "pg_basebackup"), "-h", "127.0.0.1", "-p", str(self.state.primary_port), "-U", "postgres",
                 "-D", str(self.root / "standby"), "-R", "-X", "stream", "--checkpoint=fast")
        if self.apply_delay_ms:
            with open(self.root / "standby" / "postgresql.auto.conf", "a") as conf:
                conf.write(f"recovery_min_apply_delay = '{self.apply_delay_ms}ms'\n")
        self._start("standby", self.state.standby_port)
        # Synchronous replication: a commit is acknowledged once the standby has flushed it, so a
        # failover loses nothing Debrief acknowledged. Set only now: with no standby connected
        # yet, every commit would wait.
        primary = f"postgresql://postgres@127.0.0.1:{self.state.primary_port}/postgres"
        self.psql(primary, "ALTER SYSTEM SET synchronous_standby_names = '*'")
        self.psql(primary, "SELECT pg_reload_conf()")

    def _pg_ctl_stop(self, name: str, mode: str) -> None:
        if (self.root / name / "postmaster.pid").exists():
            self._pg(str(self.bin / "pg_ctl"), "-D", str(self.root / name), "-m", mode, "-w", "stop", check=False)

    def kill_primary(self) -> None:
        """The primary's machine is gone: stopped at once, no checkpoint, never started again."""
        self._pg_ctl_stop("primary", "immediate")

    def promote_standby(self) -> None:
        self._pg(str(self.bin / "pg_ctl"), "-D", str(self.root / "standby"), "-w", "promote")

    def set_apply_delay(self, milliseconds: int) -> None:
        """Delays the standby's replay (recovery_min_apply_delay), to test reads that must not lag."""
        self.psql(self.standby_url, f"ALTER SYSTEM SET recovery_min_apply_delay = '{milliseconds}ms'")
        self.psql(self.standby_url, "SELECT pg_reload_conf()")

    @staticmethod
    def psql(url: str, sql: str) -> str:
        done = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-XAtq", "-c", sql],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"psql failed: {done.stderr}")
        return done.stdout.strip()

    def _pg_state(self, port: int) -> str:
        url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
        try:
            recovering = self.psql(url, "SELECT pg_is_in_recovery()")
        except RuntimeError:
            return "down"
        if recovering != "t":
            return "up, primary"
        # Caught up with what it received: no lag (the time since the last replayed transaction
        # only says how long the primary has been idle).
        lag = self.psql(url, "SELECT CASE WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN '0' "
                             "ELSE coalesce(round(extract(epoch FROM now() - pg_last_xact_replay_timestamp())::numeric, 1)::text, '?') END")
        return f"up, standby (replay lag {lag} s)"

    # MARK: - Debrief instances

    def _instance_environment(self) -> dict[str, str]:
        environment = dict(os.environ)
        environment.update({
            "DATABASE_URL": self.database_url,
            "DEBRIEF_REPLICA_URL": self.standby_url,
            "DEBRIEF_PUBLIC_URL": self.base_url,
            # HAProxy adds X-Forwarded-For; the instances trust it from HAProxy's address only.
            "DEBRIEF_TRUSTED_PROXIES": "127.0.0.1",
            "LOG_FORMAT": "json",
        })
        environment.update(self.environment)
        return environment

    def _migrate(self) -> None:
        done = subprocess.run([self.binary, "migrate", "--database-url", self.database_url],
                              capture_output=True, text=True, env=self._instance_environment())
        if done.returncode != 0:
            raise RuntimeError(f"debrief migrate failed: {done.stdout}{done.stderr}")

    def start_instance(self, index: int) -> None:
        port = self.state.instance_ports[index]
        with open(self.root / "logs" / f"instance-{index + 1}.log", "ab") as log:
            process = subprocess.Popen(
                [self.binary, "serve", "--host", "127.0.0.1", "--port", str(port), *self.instance_args],
                stdout=log, stderr=subprocess.STDOUT, env=self._instance_environment(), start_new_session=True)
        self.state.instance_pids[index] = process.pid
        self._save()
        self.wait_until_ready(self.instance_url(index), timeout=60, process=process)

    def stop_instance(self, index: int, sig: int = signal.SIGTERM, timeout: float = 30) -> None:
        self._stop_pid(self.state.instance_pids[index], sig, timeout)

    def _stop_pid(self, pid: int | None, sig: int, timeout: float) -> None:
        """Signals `pid`, waits up to `timeout` for it to exit, then kills it."""
        if not _alive(pid):
            return
        os.kill(pid, sig)
        deadline = time.monotonic() + timeout
        while _alive(pid) and time.monotonic() < deadline:
            self._reap(pid)
            time.sleep(0.05)
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
        self._reap(pid)

    @staticmethod
    def _reap(pid: int) -> None:
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass

    # MARK: - HAProxy

    def _haproxy_config(self) -> str:
        servers = "\n".join(
            f"    server debrief{index + 1} 127.0.0.1:{port} check inter 500ms fall 2 rise 2"
            for index, port in enumerate(self.state.instance_ports))
        return f"""# Written by scripts/cluster: HAProxy in front of the Debrief instances.
global
    maxconn 4096
    pidfile {self.root}/haproxy.pid
    stats socket {self.root}/haproxy.sock mode 600 level admin

defaults
    mode http
    log stdout format raw local0 info
    option httplog
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout http-request 30s
    timeout tunnel 1h
    # The instances trust X-Forwarded-For from this address only (DEBRIEF_TRUSTED_PROXIES).
    option forwardfor
    # A request whose connection failed, or whose instance closed the connection without an
    # answer (stopped or killed mid-request), goes to another instance: at once for reads, and
    # for writes only when they carry an Idempotency-Key (Debrief answers a replay with the
    # original outcome). Other writes are never replayed; their clients decide.
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response

frontend debrief
    bind 127.0.0.1:{self.state.http_port}
    http-request disable-l7-retry if !METH_GET !METH_HEAD !METH_OPTIONS !{{ req.hdr(Idempotency-Key) -m found }}
    default_backend instances

backend instances
    balance roundrobin
    # Out of rotation as soon as it answers 503 (database unreachable, draining on SIGTERM).
    option httpchk GET /readyz
    http-check expect status 200
{servers}
"""

    def _start_haproxy(self) -> None:
        haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
        if not os.path.exists(haproxy):
            raise RuntimeError("haproxy is not installed (Debian package haproxy)")
        config = self.root / "haproxy.cfg"
        config.write_text(self._haproxy_config())
        with open(self.root / "logs" / "haproxy.log", "ab") as log:
            process = subprocess.Popen([haproxy, "-f", str(config), "-db"], stdout=log, stderr=subprocess.STDOUT,
                                       start_new_session=True)
        self.state.haproxy_pid = process.pid
        self._save()

    # MARK: - Readiness and logs

    @staticmethod
    def _http_state(url: str, alive: bool) -> str:
        if not alive:
            return "down"
        try:
            with urllib.request.urlopen(url + "/readyz", timeout=2) as response:
                return "up, ready" if response.status == 200 else f"up, not ready ({response.status})"
        except Exception as error:  # noqa: BLE001 - any failure is "not ready"
            return f"up, not ready ({getattr(error, 'code', None) or type(error).__name__})"

    @staticmethod
    def wait_until_ready(url: str, timeout: float, process: subprocess.Popen | None = None) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if process is not None and process.poll() is not None:
                raise RuntimeError(f"the process behind {url} exited with {process.returncode}")
            try:
                with urllib.request.urlopen(url + "/readyz", timeout=2) as response:
                    if response.status == 200:
                        return
            except Exception:  # noqa: BLE001 - not up yet
                pass
            time.sleep(0.1)
        raise RuntimeError(f"{url}/readyz did not answer 200 within {timeout} s")

    def logs_tail(self, lines: int = 15) -> str:
        out = []
        for path in sorted((self.root / "logs").glob("*.log")):
            text = path.read_text(errors="replace").splitlines()[-lines:]
            out.append(f"--- {path.name}\n" + "\n".join(text))
        return "\n".join(out)

    # MARK: - State file

    def _load(self) -> State | None:
        path = self.root / "state.json"
        return State(**json.loads(path.read_text())) if path.exists() else None

    def _save(self) -> None:
        (self.root / "state.json").write_text(json.dumps(asdict(self.state), indent=2))
