"""Failover with no person awake: the HA topology of `scripts/cluster up --ha` (etcd, three
PostgreSQL nodes under Patroni, three instances, HAProxy; decision record 42) under 64
connections of submissions, through each fault Patroni must handle by itself.

Each test checks that every acknowledged submission is stored once on the node leading
afterwards (acknowledged ⊆ stored, by idempotency key), and prints its figures (acknowledged,
stored, doubled, outage) for the notes; timings are printed, never asserted. `scripts/cluster-soak
--ha` runs the same tests with ten times the submissions around each fault.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT, free_port, psql, wait_until
from load import Submitter, check_stored
from test_topology import BASE_ENVIRONMENT, published_form, report

sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from ha_topology import HATopology  # noqa: E402

SCALE = max(1, int(os.environ.get("DEBRIEF_TOPOLOGY_SCALE", "1")))
CONNECTIONS = 64
# How Debrief finds the writable node: HAProxy asking Patroni (the choice of record 42), or
# libpq's multi-host URL (DEBRIEF_HA_ROUTING=libpq, to measure the other).
ROUTING = os.environ.get("DEBRIEF_HA_ROUTING", "haproxy")


@pytest.fixture(scope="module")
def ha():
    root = Path(tempfile.mkdtemp(prefix="debrief-ha-", dir="/tmp"))
    os.rmdir(root)
    running = HATopology(root, binary=os.environ["DEBRIEF_BINARY"], http_port=free_port(),
                         environment=dict(BASE_ENVIRONMENT), routing=ROUTING)
    try:
        running.up()
    except BaseException:
        running.down()
        raise
    yield running
    running.down()


class AckClock:
    """When acknowledgements arrived: the outage is the longest stretch without one after the
    fault (the last accepted before the first refusal, to the first accepted after)."""

    def __init__(self, load: Submitter):
        self.load, self.times, self._stop = load, [time.monotonic()], threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)
        self._thread.start()

    def _watch(self) -> None:
        seen = self.load.acked_count
        while not self._stop.is_set():
            now = self.load.acked_count
            if now != seen:
                seen = now
                self.times.append(time.monotonic())
            time.sleep(0.01)

    def outage_since(self, fault: float) -> float:
        self._stop.set()
        self._thread.join()
        gaps = [after - before for before, after in zip(self.times, self.times[1:]) if after > fault]
        return round(max(gaps, default=0.0), 2)


def healthy(ha: HATopology) -> str:
    """Every test starts from a leader with two streaming replicas, one synchronous: a leader
    with no synchronous standby yet is, by design, not replaced automatically (record 42)."""
    ha.wait_for_replicas(2, timeout=120)
    return ha.leader()


def finish(ha: HATopology, load: Submitter, name: str, outage: float, **more) -> None:
    load.wait_for_acks(load.acked_count + 100 * SCALE, timeout=120)
    load.stop()
    leader = ha.wait_for_leader(60)
    stored = check_stored(ha.node_url(leader), load)
    report(name, acknowledged=stored.acknowledged, stored=stored.stored_acknowledged,
           doubled=len(stored.duplicated), missing=len(stored.missing), outage_seconds=outage,
           routing=ROUTING, client_saw=dict(load.outcomes.counts), **more)
    assert stored.clean, stored
    assert stored.acknowledged > 0
    assert not load.abandoned, load.abandoned
    assert not load.outcomes.unexpected, load.outcomes.unexpected


def test_primary_killed_is_replaced_automatically_and_rejoins_as_a_replica(ha):
    old = healthy(ha)
    host, meeting, code = published_form(ha.base_url)
    with Submitter(ha.base_url, code, workers=CONNECTIONS, prefix="ha-killed", timeout=30) as load:
        load.wait_for_acks(100 * SCALE)
        clock = AckClock(load)
        fault = time.monotonic()
        # The machine is gone: no agent to release the leader key, no PostgreSQL to demote.
        ha.kill_node(old)
        new = ha.wait_for_leader(60, other_than=old)
        promoted_after = round(time.monotonic() - fault, 2)
        load.wait_for_acks(load.acked_count + 10, timeout=120)
        outage = clock.outage_since(fault)
        # The old primary comes back (the machine restarts): its agent rewinds it onto the new
        # timeline and it follows the new leader, with nobody running anything.
        ha.start_agent(old)
        rejoined = wait_until(lambda: ha.role(old).get("role") == "replica" and ha.role(old).get("state") == "running",
                              120, "the old primary to rejoin as a replica")
        # pg_rewind runs when the killed primary had written WAL its standby never received.
        rewound = "pg_rewind exit code=0" in (ha.root / "logs" / f"{old}.log").read_text(errors="replace")
        finish(ha, load, "primary killed (PostgreSQL and Patroni), promoted by Patroni, old primary rejoined",
               outage, old_leader=old, new_leader=new, promoted_after_seconds=promoted_after, rewound=rewound)
    assert new != old
    assert rejoined
    assert ha.role(old)["timeline"] == ha.role(new)["timeline"]


def test_planned_switchover(ha):
    old = healthy(ha)
    host, meeting, code = published_form(ha.base_url)
    with Submitter(ha.base_url, code, workers=CONNECTIONS, prefix="ha-switchover", timeout=30) as load:
        load.wait_for_acks(100 * SCALE)
        clock = AckClock(load)
        fault = time.monotonic()
        answer = ha.switchover()
        new = ha.wait_for_leader(60, other_than=old)
        load.wait_for_acks(load.acked_count + 10, timeout=120)
        outage = clock.outage_since(fault)
        finish(ha, load, "planned switchover", outage, old_leader=old, new_leader=new, patroni=answer.strip())
    assert new != old
    wait_until(lambda: ha.role(old).get("role") == "replica", 60, "the old leader to follow the new one")


def test_primary_cut_off_from_etcd_demotes_and_no_write_lands_on_two_nodes(ha):
    old = healthy(ha)
    probe = ha.node_url(old)
    psql(probe, "CREATE TABLE IF NOT EXISTS ha_probe (id text PRIMARY KEY)")
    host, meeting, code = published_form(ha.base_url)
    with Submitter(ha.base_url, code, workers=CONNECTIONS, prefix="ha-cut-off", timeout=30) as load:
        load.wait_for_acks(100 * SCALE)
        clock = AckClock(load)
        fault = time.monotonic()
        # The agent stops: it renews no leader key and answers no health check, while its
        # PostgreSQL runs on, still a primary, unaware. HAProxy drops it; Patroni promotes the
        # synchronous standby once the key expires.
        ha.freeze_agent(old)
        try:
            new = ha.wait_for_leader(60, other_than=old)
            promoted_after = round(time.monotonic() - fault, 2)
            # A client that still reaches the old primary directly (as libpq's multi-host URL
            # would: it still accepts writes): its commit waits for a synchronous standby that is
            # gone. Cancelled (a client's timeout, a cancel request), PostgreSQL keeps the commit
            # locally and reports success with a WARNING; only the rewind below removes it. Why
            # Debrief reaches PostgreSQL through HAProxy's /primary check (record 42).
            stray = subprocess.Popen(["psql", probe, "-XAtq", "-v", "ON_ERROR_STOP=1",
                                      "-c", "INSERT INTO ha_probe VALUES ('written on the old timeline')"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     env={**os.environ, "PGAPPNAME": "ha-stray"})
            time.sleep(2)
            psql(probe, "SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE application_name = 'ha-stray'")
            stray_out, stray_err = stray.communicate(timeout=30)
            load.wait_for_acks(load.acked_count + 10, timeout=120)
        finally:
            ha.thaw_agent(old)
        outage = clock.outage_since(fault)
        # Thawed, the agent finds another leader's key: it demotes its PostgreSQL, rewinds it and
        # follows the new leader (on the new timeline; a first start as a replica precedes the rewind).
        wait_until(lambda: ha.role(old).get("role") == "replica" and ha.role(old).get("state") == "running"
                   and ha.role(old).get("timeline") == ha.role(new).get("timeline"),
                   120, "the cut-off primary to demote itself and follow on the new timeline")

        def refuses_writes():
            done = subprocess.run(["psql", ha.node_url(old), "-XAtq", "-c", "INSERT INTO ha_probe VALUES ('after demotion')"],
                                  capture_output=True, text=True)
            return done.returncode != 0 and "read-only" in done.stderr and done.stderr

        refused = wait_until(refuses_writes, 60, "the demoted node to refuse a write as read-only")
        finish(ha, load, "primary cut off from etcd (agent frozen), demoted itself", outage, old_leader=old,
               new_leader=new, promoted_after_seconds=promoted_after,
               stray_commit_succeeded=stray.returncode == 0,
               stray_warning="canceling wait for synchronous replication" in stray_err)
    # The demoted node refuses writes, and once it has replayed the new leader's history it holds
    # exactly the new leader's responses and none of its own stray commit: no write lives on two
    # timelines.
    assert "read-only" in refused
    keys = "SELECT string_agg(text_value, ',' ORDER BY text_value) FROM answers WHERE text_value LIKE 'ha-cut-off-%'"
    on_new = psql(ha.node_url(new), keys)
    wait_until(lambda: psql(ha.node_url(old), keys) == on_new, 60, "the old primary to replay the new timeline")
    assert psql(ha.node_url(old), "SELECT count(*) FROM ha_probe WHERE id = 'written on the old timeline'") == "0"
    assert psql(ha.node_url(new), "SELECT count(*) FROM ha_probe WHERE id = 'written on the old timeline'") == "0"


def test_etcd_down_for_30_seconds_with_a_healthy_primary(ha):
    leader = healthy(ha)
    host, meeting, code = published_form(ha.base_url)
    roles: list[str] = []
    with Submitter(ha.base_url, code, workers=CONNECTIONS, prefix="ha-etcd-down", timeout=30) as load:
        load.wait_for_acks(100 * SCALE)
        clock = AckClock(load)
        fault = time.monotonic()
        ha.stop_etcd()
        acked_at_fault = load.acked_count
        while time.monotonic() - fault < 30:
            role = ha.role(leader).get("role", "no answer")
            if not roles or roles[-1] != role:
                roles.append(role)
            time.sleep(0.5)
        acked_while_down = load.acked_count - acked_at_fault
        ha.start_etcd()
        outage = clock.outage_since(fault)
        finish(ha, load, "etcd down for 30 s, healthy primary (failsafe_mode)", outage, leader=leader,
               leader_roles=roles, acknowledged_while_etcd_was_down=acked_while_down)
    # failsafe_mode (record 42): every member answers the leader's POST /failsafe, so it stays
    # primary and submissions go on; without it Patroni 3.0 demotes the leader after retry_timeout.
    assert roles == ["master"] or roles == ["primary"], roles
    assert acked_while_down > 0
    assert ha.wait_for_leader(60) == leader
