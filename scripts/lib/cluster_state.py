"""What `scripts/cluster up` started, kept in the topology's `state.json` so that `status` and
`down` (another process) find it: `State` for `Topology`, `HAState` and its `Node`s for
`HATopology`.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class State:
    """What `up` started, so that `status` and `down` (another process) find it."""
    primary_port: int
    standby_port: int
    http_port: int
    instance_ports: list[int]
    instance_pids: list[int | None] = field(default_factory=list)
    haproxy_pid: int | None = None


@dataclass
class Node:
    name: str
    pg_port: int
    api_port: int
    pid: int | None = None


@dataclass
class HAState:
    etcd_client_port: int
    etcd_peer_port: int
    http_port: int
    pg_primary_port: int
    pg_replica_port: int
    routing: str
    nodes: list[Node]
    instance_ports: list[int]
    instance_pids: list[int | None] = field(default_factory=list)
    etcd_pid: int | None = None
    haproxy_pid: int | None = None
