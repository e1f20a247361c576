"""Fixtures for the end-to-end tests: the real `debrief` binary on a real PostgreSQL database.

scripts/test sets DEBRIEF_BINARY (the debug build) and DEBRIEF_TEST_DATABASE_URL (the throwaway
cluster's superuser URL). Each test module gets its own database, and `debrief_server` starts
`debrief serve` processes on free ports against it.
"""
from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import requests

from browser import browser, quit_idle  # noqa: F401 - the Chromium fixture of the page tests
from openapi_check import RECORDER

# Every exchange with a started server is checked against its OpenAPI document (openapi_check.py).
RECORDER.install()

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts" / "lib"))
from local_processes import free_port  # noqa: E402,F401 - one way to pick a port, the topologies' too

ARTIFACTS = ROOT / "Tests" / "e2e" / "artifacts"

# How long a test waits for one HTTP answer. Generous on purpose: the suite runs beside the
# Swift stage and other builds, and a test asserts what happens, never how fast (issue 69 goal 6).
REQUEST_SECONDS = 30


def _required_env(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        pytest.exit(f"{name} is not set; run the end-to-end tests through scripts/test", returncode=2)
    return value




def wait_until(condition, timeout: float, what: str):
    """Polls `condition` every 0.1 s until it returns something truthy, and returns that."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def psql(url: str, sql: str) -> str:
    """Runs SQL with psql and returns its unaligned, tuples-only output."""
    done = subprocess.run(
        ["psql", url, "-v", "ON_ERROR_STOP=1", "-XAtq", "-c", sql],
        capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"psql failed: {done.stderr}")
    return done.stdout.strip()


def database_url_named(cluster_url: str, name: str) -> str:
    parts = urllib.parse.urlsplit(cluster_url)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def fresh_database_url() -> str:
    """A new, empty database on the test cluster (migrated by the first `debrief serve`)."""
    cluster_url = _required_env("DEBRIEF_TEST_DATABASE_URL")
    name = "e2e_" + secrets.token_hex(6)
    psql(cluster_url, f"CREATE DATABASE {name}")
    return database_url_named(cluster_url, name)


@pytest.fixture(scope="module")
def database_url() -> str:
    """A fresh, empty database for one test module (migrated by the first `debrief serve`)."""
    return fresh_database_url()


@dataclass
class Server:
    """A running `debrief serve`; `base_url` is where it listens."""
    process: subprocess.Popen
    base_url: str
    log_path: Path
    port: int
    database_url: str

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30) -> int:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


# Each started server's database, by base URL: `API.sign_up` vouches for its hosts' addresses there.
SERVER_DATABASES: dict[str, str] = {}


def start_server(database_url: str, port: int | None = None, env: dict[str, str] | None = None,
                 args: list[str] | None = None, ready_timeout: float = 60) -> Server:
    """Starts `debrief serve` and waits until /readyz answers 200."""
    binary = _required_env("DEBRIEF_BINARY")
    port = port or free_port()
    log = Path(tempfile.mkstemp(prefix="debrief-e2e-", suffix=".log")[1])
    environment = dict(os.environ)
    environment.update({
        "DATABASE_URL": database_url,
        "DEBRIEF_BCRYPT_COST": "4",
        # Every test signs its hosts up from 127.0.0.1; the sign-up limit has tests of its own.
        "DEBRIEF_SIGNUP_LIMIT_PER_ADDRESS": "100000",
        # Most tests sign up several hosts through the API; the sign-up policy's own test
        # (test_host_pages.py) starts its servers with the default (first account, then closed).
        "DEBRIEF_SIGNUP": "open",
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "info",
    })
    environment.update(env or {})
    with open(log, "wb") as out:
        process = subprocess.Popen(
            [binary, "serve", "--host", "127.0.0.1", "--port", str(port), *(args or [])],
            stdout=out, stderr=subprocess.STDOUT, env=environment)
    server = Server(process, f"http://127.0.0.1:{port}", log, port, database_url)
    SERVER_DATABASES[server.base_url] = database_url
    deadline = time.monotonic() + ready_timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"debrief serve exited with {process.returncode}:\n{server.log()}")
        try:
            if requests.get(server.base_url + "/readyz", timeout=1).status_code == 200:
                RECORDER.watch(server.base_url, lambda: process.poll() is None)
                return server
        except requests.RequestException:
            pass
        time.sleep(0.1)
    server.stop(signal.SIGKILL)
    raise RuntimeError(f"debrief serve was not ready after {ready_timeout} s:\n{server.log()}")


def pytest_configure(config):
    config.addinivalue_line("markers", "off_document(why): the test's exchanges are not checked against the OpenAPI document")


# The files that took longest in the whole command (scripts/test on 2 cores, 2026-11-30: the
# schemathesis run alone 438 s, a host's week 113 s, ...), slowest first. scripts/test runs the
# files in collection order on two workers (--dist loadfile --no-loadscope-reorder), so these
# start first and the run ends on short files; xdist's own order (most tests first) put these
# one-test files last, where one worker ran the schemathesis run alone for minutes.
SLOWEST_FILES_FIRST = [
    "test_schemathesis.py", "test_host_pages.py", "test_host_week.py", "test_ha.py", "test_host_pages_builder.py",
    "test_soak.py", "test_series_weeks.py", "test_calendar.py", "test_meeting_loop.py", "test_series_clock_walk.py",
    "test_home_page.py", "test_builder_follow_up_lists.py",
]


def pytest_collection_modifyitems(items):
    rank = {name: place for place, name in enumerate(SLOWEST_FILES_FIRST)}
    # sort is stable: the other files keep their order after the slow ones, as do each file's tests.
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


# Under pytest-xdist each worker checks its own exchanges: a worker hands its count to the
# controller when it finishes, and the controller's summary adds them up.
_WORKERS_CHECKED: list[int] = []


def pytest_sessionfinish(session):
    quit_idle()
    worker_output = getattr(session.config, "workeroutput", None)
    if worker_output is not None:
        worker_output["openapi_checked"] = RECORDER.checked


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    _WORKERS_CHECKED.append(getattr(node, "workeroutput", {}).get("openapi_checked", 0))


def pytest_terminal_summary(terminalreporter):
    checked = RECORDER.checked + sum(_WORKERS_CHECKED)
    terminalreporter.write_line(f"OpenAPI: {checked} exchange(s) checked against the document")


@pytest.fixture(autouse=True)
def openapi_conformance(request):
    """Fails a test when one of its exchanges (or its fixtures') strays from the OpenAPI document.

    A test that talks to the server off the document on purpose (a route that is not part of the
    API, such as a fault-injection hook) says so with `@pytest.mark.off_document("why")`.
    """
    yield
    mismatches = RECORDER.take_mismatches()
    if mismatches and request.node.get_closest_marker("off_document") is None:
        listed = "\n".join(f"- {m}" for m in mismatches[:20])
        more = f"\n(and {len(mismatches) - 20} more)" if len(mismatches) > 20 else ""
        pytest.fail(f"{len(mismatches)} exchange(s) do not match the OpenAPI document:\n{listed}{more}", pytrace=False)


@pytest.fixture(scope="module")
def server(database_url: str):
    """One `debrief serve` for the module, stopped (SIGTERM) afterwards."""
    running = start_server(database_url)
    yield running
    running.stop()


SAMPLE_FORM = {
    "title": "How was the sync?",
    "anonymous": True,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 0, "max": 10, "required": True},
        {"key": "topic", "prompt": "Best topic?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}],
         "allowsOther": True},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500},
    ],
}


def iso(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class Host:
    """A signed-up host and its bearer token."""
    api: "API"
    email: str
    password: str
    token: str
    account_id: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {**self.auth, **kwargs.pop("headers", {})}
        return self.api.request(method, path, headers=headers, **kwargs)

    def create_meeting(self, title: str = "Weekly sync", starts_in: timedelta = timedelta(minutes=-15),
                       length: timedelta = timedelta(hours=1)) -> str:
        start = datetime.now(timezone.utc).replace(microsecond=0) + starts_in
        reply = self.request("POST", "/v1/meetings", json={
            "title": title, "startsAt": iso(start), "endsAt": iso(start + length), "expectedHeadCount": 10})
        assert reply.status_code == 201, reply.text
        return reply.json()["id"]

    def publish_form(self, meeting: str, form: dict | None = None) -> dict:
        """Saves `form` (the sample form by default) as the meeting's form and publishes it."""
        saved = self.request("PUT", f"/v1/meetings/{meeting}/form", json=form or SAMPLE_FORM)
        assert saved.status_code == 200, saved.text
        published = self.request("POST", f"/v1/meetings/{meeting}/form/publish")
        assert published.status_code == 200, published.text
        return published.json()


@dataclass
class API:
    """Plain HTTP to one server."""
    base_url: str
    session: requests.Session = field(default_factory=requests.Session)

    def request(self, method: str, path: str, **kwargs) -> requests.Response:
        kwargs.setdefault("timeout", REQUEST_SECONDS)
        return self.session.request(method, self.base_url + path, **kwargs)

    def sign_up(self, name: str = "Host", proven: bool = True) -> Host:
        """Signs a host up with open sign-up. Most tests share and transfer series between their
        hosts, which only a proven address receives (docs/decisions/0054-verified-addresses.md);
        open sign-up proves nothing, so unless `proven` is false the fixture records the proof in
        the server's database, as an admin vouching for the address would."""
        email = f"host-{secrets.token_hex(4)}@example.com"
        password = "correct horse battery"
        created = self.request("POST", "/v1/accounts", json={"email": email, "password": password, "displayName": name})
        assert created.status_code == 201, created.text
        database_url = SERVER_DATABASES.get(self.base_url)
        if proven and database_url:
            psql(database_url, f"UPDATE accounts SET email_verified_at = now() WHERE id = '{created.json()['id']}'")
        login = self.request("POST", "/v1/tokens", json={"email": email, "password": password})
        assert login.status_code == 201, login.text
        return Host(self, email, password, login.json()["token"], created.json()["id"])


@pytest.fixture(scope="module")
def api(server: Server) -> API:
    return API(server.base_url)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where tests write screenshots and other files meant for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
