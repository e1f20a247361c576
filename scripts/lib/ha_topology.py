"""The high-availability topology on one machine (decision record 42): etcd, PostgreSQL nodes
managed by Patroni (synchronous mode, pg_rewind, failsafe mode), three `debrief serve` instances
and HAProxy, which fronts both the instances and PostgreSQL (a port for the node Patroni names
primary, one for its replicas).

`scripts/cluster up --ha|down|status|switchover` drives it from the shell; Tests/e2e/test_ha.py
imports `HATopology` and uses the same code to kill, freeze and restart its parts. Like
`Topology`, everything lives under one folder, with `state.json` naming ports and process ids.
"""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from cluster_state import HAState, Node
from local_processes import _alive, _parent, _server_user_kwargs, free_port
from topology import DATABASE, Topology

TEMPLATES = Path(__file__).resolve().parents[2] / "deploy" / "patroni"
SCOPE = "debrief"

# How Debrief reaches the writable node (record 42 measures both): "haproxy" (a port whose
# backend asks Patroni's REST API /primary) or "libpq" (every node in the URL,
# target_session_attrs=read-write).
ROUTINGS = ("haproxy", "libpq")


class HATopology(Topology):
    def __init__(self, root: Path, binary: str | None = None, nodes: int = 3, instances: int = 3,
                 http_port: int = 8080, environment: dict[str, str] | None = None, routing: str = "haproxy"):
        if routing not in ROUTINGS:
            raise ValueError(f"routing must be one of {ROUTINGS}, got {routing!r}")
        self.node_count = nodes
        self.routing = routing
        super().__init__(root, binary=binary, instances=instances, http_port=http_port, environment=environment)

    # MARK: - Addresses

    @property
    def database_url(self) -> str:
        s = self.state
        if s.routing == "libpq":
            hosts = ",".join(f"127.0.0.1:{node.pg_port}" for node in s.nodes)
            return f"postgresql://postgres@{hosts}/{DATABASE}?target_session_attrs=read-write&connect_timeout=2"
        return f"postgresql://postgres@127.0.0.1:{s.pg_primary_port}/{DATABASE}?connect_timeout=2"

    @property
    def standby_url(self) -> str:
        """The replica path: HAProxy's port for the nodes Patroni reports as streaming replicas."""
        return f"postgresql://postgres@127.0.0.1:{self.state.pg_replica_port}/{DATABASE}?connect_timeout=2"

    @property
    def primary_url(self) -> str:
        """The node leading now, directly (for checks; Debrief uses `database_url`)."""
        return self.node_url(self.leader())

    def node(self, name: str) -> Node:
        return next(node for node in self.state.nodes if node.name == name)

    def node_url(self, name: str, database: str = DATABASE) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.node(name).pg_port}/{database}?connect_timeout=2"

    def api_url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.node(name).api_port}"

    # MARK: - Up and down

    def _new_state(self) -> HAState:
        return HAState(
            etcd_client_port=free_port(), etcd_peer_port=free_port(), http_port=self.http_port,
            pg_primary_port=free_port(), pg_replica_port=free_port(), routing=self.routing,
            nodes=[Node(f"pg{index + 1}", free_port(), free_port()) for index in range(self.node_count)],
            instance_ports=[free_port() for _ in range(self.instance_count)])

    def _start_parts(self) -> None:
        self._start_etcd()
        for node in self.state.nodes:
            self._write_patroni_config(node)
        # The first agent bootstraps the cluster; the others then clone it (pg_basebackup).
        self.start_agent(self.state.nodes[0].name)
        leader = self.wait_for_leader(timeout=90)
        self.psql(self.node_url(leader, "postgres"), f"CREATE DATABASE {DATABASE}")
        for node in self.state.nodes[1:]:
            self.start_agent(node.name)
        self.wait_for_replicas(len(self.state.nodes) - 1, timeout=120)
        self._start_haproxy()
        self._wait_for_database(self.database_url, timeout=30)
        self._migrate()
        for index in range(self.instance_count):
            self.start_instance(index)

    def down(self) -> None:
        if self.state is not None:
            if _alive(self.state.haproxy_pid):
                os.kill(self.state.haproxy_pid, signal.SIGTERM)
            for index in range(len(self.state.instance_ports)):
                self.stop_instance(index, signal.SIGTERM, timeout=30)
            for node in self.state.nodes:
                self.stop_agent(node.name)
            self._stop_pid(self.state.etcd_pid, signal.SIGTERM, timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)
        self.state = None

    # MARK: - etcd

    def _start_etcd(self) -> None:
        s = self.state
        data = self.root / "etcd"
        # One member here: the processes share one machine, so three members would add no
        # independence (record 42; the compose file runs three, on three hosts).
        command = ["etcd", "--name", "etcd1", "--data-dir", str(data),
                   "--listen-client-urls", f"http://127.0.0.1:{s.etcd_client_port}",
                   "--advertise-client-urls", f"http://127.0.0.1:{s.etcd_client_port}",
                   "--listen-peer-urls", f"http://127.0.0.1:{s.etcd_peer_port}",
                   "--initial-advertise-peer-urls", f"http://127.0.0.1:{s.etcd_peer_port}",
                   "--initial-cluster", f"etcd1=http://127.0.0.1:{s.etcd_peer_port}",
                   "--initial-cluster-state", "existing" if data.exists() else "new",
                   # Patroni speaks etcd's v2 API (deploy/patroni/node.yml.in says why).
                   "--enable-v2=true"]
        with open(self.root / "logs" / "etcd.log", "ab") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        s.etcd_pid = process.pid
        self._save()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self._get_json(f"http://127.0.0.1:{s.etcd_client_port}/health") is not None:
                return
            time.sleep(0.1)
        raise RuntimeError("etcd did not answer /health within 30 s")

    def stop_etcd(self) -> None:
        """etcd is gone (every member): Patroni cannot read or renew the leader key."""
        self._stop_pid(self.state.etcd_pid, signal.SIGKILL, timeout=5)

    def start_etcd(self) -> None:
        self._start_etcd()

    # MARK: - Patroni agents

    def _write_patroni_config(self, node: Node) -> None:
        s = self.state
        values = {
            "scope": SCOPE, "name": node.name, "api_port": node.api_port, "pg_port": node.pg_port,
            "etcd_hosts": f"127.0.0.1:{s.etcd_client_port}", "data_dir": self.root / node.name,
            "bin_dir": self.bin, "run_dir": self.root,
        }
        text = (TEMPLATES / "node.yml.in").read_text()
        for key, value in values.items():
            text = text.replace("@" + key.upper() + "@", str(value))
        path = self.root / f"{node.name}.yml"
        path.write_text(text)
        if os.geteuid() == 0:
            shutil.chown(path, "postgres", "postgres")

    def start_agent(self, name: str) -> None:
        node = self.node(name)
        log = open(self.root / "logs" / f"{name}.log", "ab")
        if os.geteuid() == 0:
            shutil.chown(log.name, "postgres", "postgres")
        with log:
            process = subprocess.Popen(["patroni", str(self.root / f"{name}.yml")], stdout=log, stderr=subprocess.STDOUT,
                                       cwd=self.root, start_new_session=True, **_server_user_kwargs())
        node.pid = process.pid
        self._save()

    def stop_agent(self, name: str) -> None:
        """A clean stop: Patroni stops its PostgreSQL (and hands over the leader key) first."""
        node = self.node(name)
        if _alive(node.pid):
            os.kill(node.pid, signal.SIGCONT)
        self._stop_pid(node.pid, signal.SIGTERM, timeout=60)
        # Whatever survived (the agent was killed, its PostgreSQL was left running).
        self._kill_postgres(name)

    def kill_node(self, name: str) -> None:
        """The node's machine is gone: SIGKILL of its agent and of its PostgreSQL (every process)."""
        node = self.node(name)
        self._stop_pid(node.pid, signal.SIGKILL, timeout=5)
        self._kill_postgres(name)

    def freeze_agent(self, name: str) -> None:
        """SIGSTOP: the agent no longer renews the leader key nor answers its REST API, while its
        PostgreSQL keeps running, still a primary: a node cut off from etcd that does not know."""
        os.kill(self.node(name).pid, signal.SIGSTOP)

    def thaw_agent(self, name: str) -> None:
        os.kill(self.node(name).pid, signal.SIGCONT)

    def _postmaster_pid(self, name: str) -> int | None:
        try:
            return int((self.root / name / "postmaster.pid").read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return None

    def _kill_postgres(self, name: str) -> None:
        pid = self._postmaster_pid(name)
        if not _alive(pid):
            return
        children = [int(entry) for entry in os.listdir("/proc") if entry.isdigit() and _parent(int(entry)) == pid]
        for victim in [pid, *children]:
            try:
                os.kill(victim, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.monotonic() + 10
        while any(_alive(victim) for victim in [pid, *children]) and time.monotonic() < deadline:
            time.sleep(0.05)

    # MARK: - What Patroni says

    @staticmethod
    def _get_json(url: str, timeout: float = 2):
        try:
            with urllib.request.urlopen(url, timeout=timeout) as response:
                return json.loads(response.read() or b"null")
        except Exception as error:  # noqa: BLE001 - down, frozen or answering 503
            body = getattr(error, "read", None)
            if body is not None and getattr(error, "code", None) == 503:
                try:
                    return json.loads(body() or b"null")
                except ValueError:
                    return None
            return None

    def members(self) -> list[dict]:
        """Patroni's view of the cluster (GET /cluster) from the first agent that answers."""
        for node in self.state.nodes:
            if not _alive(node.pid):
                continue
            cluster = self._get_json(self.api_url(node.name) + "/cluster", timeout=1)
            if cluster and cluster.get("members"):
                return cluster["members"]
        return []

    def leader(self) -> str | None:
        return next((m["name"] for m in self.members() if m.get("role") == "leader" and m.get("state") == "running"), None)

    def role(self, name: str) -> dict:
        """The node's own answer (GET /patroni): role, state, timeline."""
        return self._get_json(self.api_url(name) + "/patroni", timeout=1) or {}

    def wait_for_leader(self, timeout: float, other_than: str | None = None) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            leader = self.leader()
            if leader and leader != other_than:
                return leader
            time.sleep(0.1)
        raise RuntimeError(f"no leader{' other than ' + other_than if other_than else ''} within {timeout} s")

    def wait_for_replicas(self, count: int, timeout: float) -> list[str]:
        """Until `count` members stream from the leader, one of them as the synchronous standby."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            members = self.members()
            streaming = [m["name"] for m in members if m.get("role") in ("replica", "sync_standby")
                         and m.get("state") in ("running", "streaming")]
            synchronous = any(m.get("role") == "sync_standby" for m in members)
            if len(streaming) >= count and synchronous:
                return streaming
            time.sleep(0.2)
        raise RuntimeError(f"fewer than {count} streaming replicas within {timeout} s: {self.members()}")

    def synchronous_standby(self) -> str | None:
        return next((m["name"] for m in self.members() if m.get("role") == "sync_standby"), None)

    def switchover(self, candidate: str | None = None) -> str:
        """A planned switchover through Patroni's REST API; returns Patroni's answer."""
        leader = self.leader()
        body = {"leader": leader}
        if candidate:
            body["candidate"] = candidate
        request = urllib.request.Request(self.api_url(leader) + "/switchover", data=json.dumps(body).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.read().decode()

    # MARK: - Status

    def status(self) -> list[tuple[str, str, str]]:
        if self.state is None:
            return []
        s = self.state
        etcd = self._get_json(f"http://127.0.0.1:{s.etcd_client_port}/health")
        rows = [
            ("etcd", f"http://127.0.0.1:{s.etcd_client_port}", "up, healthy" if etcd and etcd.get("health") == "true" else "down"),
            ("haproxy", self.base_url, self._http_state(self.base_url, _alive(s.haproxy_pid))),
            ("pg primary", f"127.0.0.1:{s.pg_primary_port} (HAProxy, Patroni /primary)", self._routed_to(s.pg_primary_port)),
            ("pg replicas", f"127.0.0.1:{s.pg_replica_port} (HAProxy, Patroni /replica)", self._routed_to(s.pg_replica_port)),
        ]
        members = {m["name"]: m for m in self.members()}
        for node in s.nodes:
            member = members.get(node.name)
            if member is None:
                state = "down" if not _alive(node.pid) else "agent not answering"
            else:
                lag = member.get("lag", 0)
                lag_text = "" if member.get("role") == "leader" else f", lag {lag} bytes" if isinstance(lag, int) else f", lag {lag}"
                state = f"{member.get('role')}, {member.get('state')}, timeline {member.get('timeline', '?')}{lag_text}"
            rows.append((node.name, f"127.0.0.1:{node.pg_port} (REST {self.api_url(node.name)})", state))
        for index in range(len(s.instance_ports)):
            url = self.instance_url(index)
            alive = _alive(s.instance_pids[index])
            health = self._get_json(url + "/healthz") is not None if alive else False
            rows.append((f"instance {index + 1}", url,
                         ("healthz ok, " if health else "healthz failing, ") + self._http_state(url, alive) if alive else "down"))
        return rows

    def _routed_to(self, port: int) -> str:
        """Which node a new connection through HAProxy's port reaches now."""
        try:
            served = int(self.psql(f"postgresql://postgres@127.0.0.1:{port}/postgres?connect_timeout=2", "SELECT inet_server_port()"))
        except (RuntimeError, ValueError):
            return "no node"
        return next((f"→ {node.name}" for node in self.state.nodes if node.pg_port == served), f"→ port {served}")

    def patronictl(self, *arguments: str) -> subprocess.CompletedProcess:
        """patronictl with the first live node's configuration (it only needs the DCS address)."""
        node = next((n for n in self.state.nodes if _alive(n.pid)), self.state.nodes[0])
        return subprocess.run(["patronictl", "-c", str(self.root / f"{node.name}.yml"), *arguments],
                              capture_output=True, text=True)

    # MARK: - HAProxy

    def _haproxy_config(self) -> str:
        s = self.state
        primary = "\n".join(f"    server {n.name} 127.0.0.1:{n.pg_port} check port {n.api_port}" for n in s.nodes)
        return super()._haproxy_config() + f"""
# PostgreSQL through Patroni's REST API (record 42). A node is in `postgres_primary` only while
# its agent answers /primary (it holds the leader key and runs as primary): an agent that died
# or froze stops answering, the node leaves within two checks, and `shutdown-sessions` cuts the
# connections Debrief holds to it, so no write waits on a node that may have been replaced.
defaults postgres
    mode tcp
    log stdout format raw local0 info
    option tcplog
    timeout connect 2s
    # Debrief's pool keeps idle connections and one LISTEN connection: long idle timeouts, with
    # TCP keepalives, and the pool reconnects after a cut.
    timeout client 30m
    timeout server 30m
    timeout check 1s
    option clitcpka
    option srvtcpka
    # A refused connection marks the node down at once (observe layer4, error-limit 1): a demoted
    # primary refuses before its /primary check fails twice, and HAProxy would otherwise retry it
    # with a 1 s turn-around per attempt. A node that is down is checked every 100 ms, so the
    # promoted one is admitted within a check of Patroni answering /primary (record 42: the
    # switchover's outage went from 3.1 s to 1.7 s).
    default-server inter 500ms fastinter 100ms downinter 100ms fall 2 rise 1 on-marked-down shutdown-sessions observe layer4 error-limit 1 on-error mark-down

listen postgres_primary
    bind 127.0.0.1:{s.pg_primary_port}
    option httpchk GET /primary
    http-check expect status 200
{primary}

# Lag-tolerant reads (record 31): the replicas Patroni reports as running, streaming and less
# than 16 MB behind; `balance first` keeps them on one replica, whose lag Debrief measures. A
# node being rewound or cut off answers 503 and is left out. With no replica, Debrief's replica
# check fails and the reads go to the primary.
listen postgres_replicas
    bind 127.0.0.1:{s.pg_replica_port}
    balance first
    option httpchk GET /replica?lag=16MB
    http-check expect status 200
{primary}
"""

    def _wait_for_database(self, url: str, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                self.psql(url, "SELECT 1")
                return
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    # MARK: - State file

    def _load(self) -> HAState | None:
        path = self.root / "state.json"
        if not path.exists():
            return None
        raw = json.loads(path.read_text())
        if "nodes" not in raw:
            raise RuntimeError(f"{self.root} holds a cluster without --ha: run `scripts/cluster down` first")
        raw["nodes"] = [Node(**node) for node in raw["nodes"]]
        return HAState(**raw)
