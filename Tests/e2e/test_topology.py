"""Many instances, one truth: the real topology of `scripts/cluster` (a PostgreSQL primary, a
streaming hot standby, three `debrief serve` instances, HAProxy in front) under load and faults.

Each test prints its figures (acknowledged, stored, failed, outage) for the notes. The runs are
short here; `scripts/cluster-soak` runs the same tests with DEBRIEF_TOPOLOGY_SCALE=10, ten
times the submissions around each fault.
"""
from __future__ import annotations

import json
import os
import re
import signal
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
import requests

from conftest import API, REQUEST_SECONDS, ROOT, psql, wait_until
from load import LiveStream, Submitter, check_stored, submission

sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from topology import Topology  # noqa: E402

# How many times the short run's submissions each load test waits for (scripts/cluster-soak: 10).
SCALE = max(1, int(os.environ.get("DEBRIEF_TOPOLOGY_SCALE", "1")))

# Load tests measure loss and duplication, not abuse limits: off, until the rate-limit test.
BASE_ENVIRONMENT = {
    "DEBRIEF_BCRYPT_COST": "4",
    "DEBRIEF_SIGNUP": "open",
    "DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS": "100000",
    "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0",
    "DEBRIEF_RATE_LIMIT_PER_FORM": "0",
    # The read-your-writes test delays the standby by seconds; it must still count as fresh.
    "DEBRIEF_REPLICA_MAX_LAG": "30",
    "DEBRIEF_SHUTDOWN_TIMEOUT": "10",
    "LOG_LEVEL": "info",
}


@pytest.fixture(scope="module")
def topology():
    root = Path(tempfile.mkdtemp(prefix="debrief-topology-", dir="/tmp"))
    os.rmdir(root)
    running = Topology(root, binary=os.environ["DEBRIEF_BINARY"], http_port=_free_port(),
                       environment=dict(BASE_ENVIRONMENT))
    try:
        running.up()
    except BaseException:
        running.down()
        raise
    yield running
    running.down()


def _free_port() -> int:
    from conftest import free_port
    return free_port()


def report(name: str, **figures) -> None:
    print(f"\nTOPOLOGY {name}: " + json.dumps(figures))


def published_form(base_url: str):
    api = API(base_url)
    host = api.sign_up()
    meeting = host.create_meeting()
    return host, meeting, host.publish_form(meeting)["code"]


def results_total(host, meeting: str) -> int:
    reply = host.request("GET", f"/v1/meetings/{meeting}/results")
    assert reply.status_code == 200, reply.text
    return reply.json()["summary"]["responses"]


def assert_nothing_lost(load: Submitter, stored) -> None:
    assert stored.clean, stored
    assert stored.acknowledged > 0
    assert not load.abandoned, load.abandoned
    assert not load.outcomes.unexpected, load.outcomes.unexpected


def test_mixed_load_through_haproxy_is_stored_once_and_seen_live_on_every_instance(topology):
    host, meeting, code = published_form(topology.base_url)
    # The viewer watches instance 1 directly; HAProxy spreads the submissions over all three.
    viewer = LiveStream(topology.instance_url(0), meeting, host.auth)
    try:
        with Submitter(topology.base_url, code, workers=8, prefix="mixed") as load:
            load.wait_for_acks(300 * SCALE)
            load.stop()
        stored = check_stored(topology.primary_url, load)
        # Every instance answered some of them (round robin), and the fold of three instances
        # leaves the tallies exact: the results count what is stored.
        served = [_log_count(topology, index, "/responses") for index in range(3)]
        total = wait_until(lambda: (n := results_total(host, meeting)) == stored.acknowledged + stored.stored_unacknowledged and n,
                         30, "the results to count every stored response")
        # The viewer on instance 1 saw a report with every response, most of which went through 2 and 3.
        seen = wait_until(lambda: viewer.last_total() == total and viewer.last_total(), 15, "the live viewer to catch up")
    finally:
        viewer.close()
    report("mixed load through HAProxy", acknowledged=stored.acknowledged, stored=stored.stored_acknowledged,
           duplicated=len(stored.duplicated), missing=len(stored.missing), results=total, live_viewer_total=seen,
           posts_per_instance=served, client_saw=dict(load.outcomes.counts))
    assert_nothing_lost(load, stored)
    assert all(count > 0 for count in served), served


def _log_count(topology: Topology, index: int, path_part: str) -> int:
    """POSTs of `path_part` that instance `index` logged (its JSON request log)."""
    text = (topology.root / "logs" / f"instance-{index + 1}.log").read_text(errors="replace")
    return sum(1 for line in text.splitlines() if '"POST"' in line and path_part in line)


def test_state_is_shared_across_instances(topology):
    a, b = API(topology.instance_url(0)), API(topology.instance_url(1))
    host = a.sign_up()
    meeting = host.create_meeting()
    code = host.publish_form(meeting)["code"]

    # A page session made through A is good at B (the session lives in the database).
    page = requests.Session()
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.get(f"{topology.instance_url(0)}/signin", timeout=REQUEST_SECONDS).text).group(1)
    signed_in = page.post(f"{topology.instance_url(0)}/signin", data={"email": host.email, "password": host.password, "csrf": csrf},
                          allow_redirects=False, timeout=REQUEST_SECONDS)
    assert signed_in.status_code == 303, signed_in.text
    cookies = {cookie.name: cookie.value for cookie in page.cookies}
    at_b = requests.get(f"{topology.instance_url(1)}/m", cookies=cookies, allow_redirects=False, timeout=REQUEST_SECONDS)
    assert at_b.status_code == 200, (at_b.status_code, at_b.headers.get("Location"))
    # A CSRF token from a page of A is good for a post at C (derived from the session, no
    # per-process secret): signing out there works.
    page_at_a = requests.get(f"{topology.instance_url(0)}/m", cookies=cookies, timeout=REQUEST_SECONDS).text
    token = re.search(r'action="/signout"><input type="hidden" name="csrf" value="([^"]+)"', page_at_a).group(1)
    signed_out = requests.post(f"{topology.instance_url(2)}/signout", data={"csrf": token}, cookies=cookies,
                               allow_redirects=False, timeout=REQUEST_SECONDS)
    assert signed_out.status_code == 303, signed_out.text
    assert requests.get(f"{topology.instance_url(0)}/m", cookies=cookies, allow_redirects=False, timeout=REQUEST_SECONDS).status_code == 303

    # An idempotency key used at A replays at B: one response, the same id.
    body = submission("shared-key-1")
    first = a.request("POST", f"/v1/f/{code}/responses", json=body, headers={"Idempotency-Key": "shared-key-1"})
    again = b.request("POST", f"/v1/f/{code}/responses", json=body, headers={"Idempotency-Key": "shared-key-1"})
    assert first.status_code == 201, first.text
    assert again.status_code in (200, 201), again.text
    assert again.json()["id"] == first.json()["id"]

    # B has the form cached (it served the replay); closed through A, B refuses at once.
    assert b.request("GET", f"/v1/f/{code}").status_code == 200
    closed = host.request("POST", f"/v1/meetings/{meeting}/form/close")
    assert closed.status_code == 200, closed.text
    refused = b.request("POST", f"/v1/f/{code}/responses", json=body, headers={"Idempotency-Key": "after-close"})
    report("shared state", replay_status=again.status_code, after_close_at_b=refused.status_code)
    assert refused.status_code in (409, 410), refused.text
    assert int(psql(topology.primary_url, f"SELECT count(*) FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.code = '{code}'")) == 1


def test_a_host_reads_their_own_writes_while_the_standby_lags(topology):
    host, meeting, code = published_form(topology.base_url)
    series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    topology.set_apply_delay(3000)
    try:
        # Let the standby's replay position settle behind the delay.
        time.sleep(1)
        reads_on_standby_before = _standby_commits(topology)
        misses = 0
        for attempt in range(5):
            head_count = 20 + attempt
            changed = host.request("PATCH", f"/v1/meetings/{meeting}", json={"expectedHeadCount": head_count})
            assert changed.status_code == 200, changed.text
            # Trends (a lag-tolerant read) through HAProxy, so through any instance, at once.
            trends = host.request("GET", f"/v1/series/{series}/trends")
            assert trends.status_code == 200, trends.text
            session = next(s for s in trends.json()["sessions"] if s["meetingId"] == meeting)
            if session.get("expectedHeadCount") != head_count:
                misses += 1
        standby_lag = topology.psql(topology.standby_url, "SELECT extract(epoch FROM now() - pg_last_xact_replay_timestamp())")
    finally:
        topology.set_apply_delay(0)
    # Once the standby has replayed the host's writes, their reads go to it.
    time.sleep(1.5)
    for _ in range(10):
        assert host.request("GET", f"/v1/series/{series}/trends").status_code == 200
    reads_on_standby_after = _standby_commits(topology)
    report("read your writes on a delayed standby", stale_reads=misses, standby_delay_ms=3000,
           standby_lag_seconds=standby_lag, standby_transactions=reads_on_standby_after - reads_on_standby_before)
    assert misses == 0
    assert reads_on_standby_after - reads_on_standby_before >= 10


def _standby_commits(topology: Topology) -> int:
    return int(topology.psql(topology.standby_url, "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"))


def test_rolling_restart_under_load_fails_no_submission(topology):
    host, meeting, code = published_form(topology.base_url)
    started = time.monotonic()
    with Submitter(topology.base_url, code, workers=8, prefix="rolling") as load:
        load.wait_for_acks(100 * SCALE)
        for index in range(3):
            topology.stop_instance(index, signal.SIGTERM)
            time.sleep(0.5)
            topology.start_instance(index)
            # HAProxy puts it back after two good checks.
            time.sleep(1.2)
        load.wait_for_acks(load.acked_count + 100 * SCALE)
        load.stop()
    stored = check_stored(topology.primary_url, load)
    retried = sum(count for kind, count in load.outcomes.counts.items() if kind != "201")
    report("rolling restart", acknowledged=stored.acknowledged, stored=stored.stored_acknowledged,
           duplicated=len(stored.duplicated), retried_by_clients=retried, seconds=round(time.monotonic() - started, 1),
           client_saw=dict(load.outcomes.counts))
    # No submission failed for a client that retries its key on 503 and connection errors:
    # nothing abandoned, nothing unexpected, every acknowledged one stored once. HAProxy sends
    # refused connections elsewhere, so retries are rare (0 to 1 per run seen).
    assert_nothing_lost(load, stored)


def test_sigkill_of_one_instance_under_load_loses_nothing(topology):
    host, meeting, code = published_form(topology.base_url)
    with Submitter(topology.base_url, code, workers=8, prefix="killed") as load:
        load.wait_for_acks(100 * SCALE)
        topology.stop_instance(1, signal.SIGKILL)
        load.wait_for_acks(load.acked_count + 150 * SCALE)
        topology.start_instance(1)
        load.wait_for_acks(load.acked_count + 50 * SCALE)
        load.stop()
    stored = check_stored(topology.primary_url, load)
    failed = sum(count for kind, count in load.outcomes.counts.items() if kind != "201")
    report("SIGKILL of one instance", acknowledged=stored.acknowledged, stored=stored.stored_acknowledged,
           duplicated=len(stored.duplicated), failed_then_retried=failed, client_saw=dict(load.outcomes.counts))
    assert_nothing_lost(load, stored)


def test_the_rate_limit_is_global_across_three_instances(topology):
    # The documented limit for this test: 10 requests a second per address, bursts of 10.
    rate, burst = 10.0, 10.0
    topology.environment.update({"DEBRIEF_RATE_LIMIT_PER_ADDRESS": str(rate), "DEBRIEF_RATE_LIMIT_ADDRESS_BURST": str(burst)})
    for index in range(3):
        topology.stop_instance(index, signal.SIGTERM)
        topology.start_instance(index)
    host, meeting, code = published_form(topology.base_url)
    # Every instance must know there are three before the measurement.
    wait_until(lambda: all(_knows_three(topology, index) for index in range(3)), 15, "the heartbeats")
    time.sleep(max(2.0, burst / rate))  # buckets full again

    accepted, refused, lock, stop = [0], [0], threading.Lock(), threading.Event()

    def hammer():
        session = requests.Session()
        while not stop.is_set():
            # One client address (HAProxy appends the real peer, which the instances trust).
            reply = session.get(f"{topology.base_url}/v1/f/{code}", headers={"X-Forwarded-For": "198.51.100.7"}, timeout=REQUEST_SECONDS)
            with lock:
                if reply.status_code == 200:
                    accepted[0] += 1
                elif reply.status_code == 429:
                    refused[0] += 1

    seconds = 10.0
    threads = [threading.Thread(target=hammer) for _ in range(4)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - started
    observed_rate = (accepted[0] - burst) / elapsed
    report("global rate limit", documented_per_second=rate, burst=burst, seconds=round(elapsed, 2), accepted=accepted[0],
           refused=refused[0], observed_per_second=round(observed_rate, 2))
    assert refused[0] > 0
    assert abs(observed_rate - rate) <= 0.10 * rate, observed_rate


def _knows_three(topology: Topology, index: int) -> bool:
    text = (topology.root / "logs" / f"instance-{index + 1}.log").read_text(errors="replace")
    counts = re.findall(r'"instances":"(\d+)"', text)
    return bool(counts) and counts[-1] == "3"


def test_primary_killed_and_standby_promoted_under_load(topology):
    # The instances still run with the rate-limit test's limits; this load names no address, so
    # it comes from HAProxy's: off for it.
    topology.environment.update({"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0"})
    for index in range(3):
        topology.stop_instance(index, signal.SIGTERM)
        topology.start_instance(index)
    host, meeting, code = published_form(topology.base_url)
    readiness: list[str] = []
    stop = threading.Event()

    def watch():
        while not stop.is_set():
            try:
                status = str(requests.get(topology.instance_url(0) + "/readyz", timeout=2).status_code)
            except requests.RequestException:
                status = "unreachable"
            if not readiness or readiness[-1] != status:
                readiness.append(status)
            time.sleep(0.05)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    with Submitter(topology.base_url, code, workers=8, prefix="failover", timeout=30) as load:
        load.wait_for_acks(100 * SCALE)
        acked_before = load.acked_count
        killed_at = time.monotonic()
        topology.kill_primary()
        time.sleep(1)
        topology.promote_standby()
        # Submissions resume by themselves once the instances reach the new primary.
        load.wait_for_acks(acked_before + 10, timeout=120)
        outage = time.monotonic() - killed_at
        load.wait_for_acks(load.acked_count + 100 * SCALE, timeout=120)
        load.stop()
    wait_until(lambda: readiness[-1] == "200", 30, "/readyz to turn green")
    stop.set()
    watcher.join()
    stored = check_stored(topology.standby_url, load)
    report("primary killed, standby promoted", acknowledged=stored.acknowledged, stored=stored.stored_acknowledged,
           duplicated=len(stored.duplicated), missing=len(stored.missing), outage_seconds=round(outage, 2),
           readyz=readiness, client_saw=dict(load.outcomes.counts))
    # Replication is synchronous (the topology's primary waits for the standby's flush), so
    # nothing the dead primary acknowledged is missing on the promoted standby.
    assert_nothing_lost(load, stored)
    assert "503" in readiness and readiness[-1] == "200", readiness
