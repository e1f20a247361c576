"""Load for the fault and soak runs: participants who submit with idempotency keys and retry.

Each submission carries its own key, and the key is also its short answer, so the database can be
asked afterwards which acknowledged submissions it holds, and how many times.
"""
from __future__ import annotations

import collections
import json
import itertools
import threading
import time
from dataclasses import dataclass, field

import requests

from conftest import psql


def submission(key: str) -> dict:
    return {"answers": [
        {"questionKey": "useful", "rating": 7},
        {"questionKey": "topic", "optionIds": ["roadmap"]},
        {"questionKey": "notes", "text": key},
    ]}


# Rows one submission above stores: a rating, an option, a text.
ANSWERS_PER_SUBMISSION = 3


@dataclass
class Outcomes:
    """What the clients saw, counted by kind ("201", "503", "refused", "reset", "timeout", …)."""
    counts: collections.Counter = field(default_factory=collections.Counter)
    missing_retry_after: int = 0
    unexpected: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str) -> None:
        with self.lock:
            self.counts[kind] += 1


def classify(error: Exception) -> str:
    """Names a failed request the way an operator would: refused (nobody listening), reset (the
    connection was cut), timeout (no answer in time)."""
    if isinstance(error, requests.Timeout):
        return "timeout"
    text = repr(error)
    if "Connection refused" in text or "NewConnectionError" in text:
        return "refused"
    return "reset"


class Submitter:
    """`workers` threads submit to `code` until stopped; every submission is retried with the same
    key until acknowledged (201), as a careful client would. Retryable answers: 503 (with
    Retry-After), refused, reset. A request that takes longer than `timeout` counts as a hang."""

    def __init__(self, base_url: str, code: str, workers: int = 8, prefix: str = "load", timeout: float = 20,
                 fresh_connections: bool = False):
        self.base_url, self.code, self.prefix, self.timeout = base_url, code, prefix, timeout
        self.fresh_connections = fresh_connections
        self.outcomes = Outcomes()
        self.acked: set[str] = set()
        self.attempted: set[str] = set()
        self.abandoned: set[str] = set()
        self._numbers = itertools.count()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._run, daemon=True) for _ in range(workers)]

    def __enter__(self) -> "Submitter":
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def stop(self, settle: float = 60) -> None:
        """Stops new submissions; each worker finishes retrying the one it holds (up to `settle` s)."""
        self._stop.set()
        self._settle_deadline = time.monotonic() + settle
        for thread in self._threads:
            thread.join(settle + 30)

    @property
    def acked_count(self) -> int:
        with self._lock:
            return len(self.acked)

    def wait_for_acks(self, count: int, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while self.acked_count < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"only {self.acked_count} of {count} acknowledged; outcomes {dict(self.outcomes.counts)}")
            time.sleep(0.05)

    def _run(self) -> None:
        session = requests.Session()
        while not self._stop.is_set():
            key = f"{self.prefix}-{next(self._numbers)}"
            with self._lock:
                self.attempted.add(key)
            if self._submit_until_acknowledged(session, key):
                with self._lock:
                    self.acked.add(key)
            else:
                with self._lock:
                    self.abandoned.add(key)

    def _submit_until_acknowledged(self, session: requests.Session, key: str) -> bool:
        headers = {"Idempotency-Key": key}
        if self.fresh_connections:
            headers["Connection"] = "close"
        while True:
            if self._stop.is_set() and time.monotonic() > getattr(self, "_settle_deadline", float("inf")):
                return False
            try:
                reply = session.post(f"{self.base_url}/v1/f/{self.code}/responses", json=submission(key),
                                     headers=headers, timeout=self.timeout)
            except requests.RequestException as error:
                self.outcomes.add(classify(error))
                session = requests.Session()
                time.sleep(0.05)
                continue
            self.outcomes.add(str(reply.status_code))
            if reply.status_code == 201:
                return True
            if reply.status_code == 503:
                if "Retry-After" not in reply.headers:
                    with self.outcomes.lock:
                        self.outcomes.missing_retry_after += 1
                # A real client waits Retry-After; a tenth of it keeps the run short.
                time.sleep(min(float(reply.headers.get("Retry-After", "1")), 2) / 10)
                continue
            if reply.status_code == 409 and _names_field(reply, "Idempotency-Key"):
                # The key is still held by the first attempt (say, a transaction whose instance
                # was killed as it committed): the documented answer is to retry shortly.
                time.sleep(0.1)
                continue
            with self.outcomes.lock:
                self.outcomes.unexpected.append(f"{reply.status_code} {reply.text[:200]}")
            return False


def _names_field(reply: requests.Response, field_path: str) -> bool:
    try:
        return any(error.get("path") == field_path for error in reply.json().get("errors", []))
    except ValueError:
        return False


@dataclass
class StoredCheck:
    """What the database holds for a run's keys."""
    acknowledged: int
    stored_acknowledged: int
    missing: list[str]
    duplicated: list[str]
    partial_responses: int
    # Stored, but the client never saw its 201 (it gave up): a request cut after it was stored.
    stored_unacknowledged: int

    @property
    def clean(self) -> bool:
        return not self.missing and not self.duplicated and self.partial_responses == 0


def check_stored(database_url: str, load: Submitter) -> StoredCheck:
    """Acknowledged ⊆ stored, each exactly once, and no response without all of its answers."""
    rows = psql(database_url, f"""
        SELECT text_value || '|' || count(*) FROM answers
        WHERE question_key = 'notes' AND text_value LIKE '{load.prefix}-%'
        GROUP BY text_value""")
    stored = {line.split("|")[0]: int(line.split("|")[1]) for line in rows.splitlines() if line}
    partial = int(psql(database_url, f"""
        SELECT count(*) FROM responses r
        WHERE (SELECT count(*) FROM answers a WHERE a.response_id = r.id) <> {ANSWERS_PER_SUBMISSION}"""))
    missing = sorted(key for key in load.acked if key not in stored)
    duplicated = sorted(key for key, count in stored.items() if count > 1)
    return StoredCheck(
        acknowledged=len(load.acked), stored_acknowledged=sum(1 for key in load.acked if key in stored),
        missing=missing, duplicated=duplicated, partial_responses=partial,
        stored_unacknowledged=sum(1 for key in stored if key not in load.acked))


class LiveStream:
    """Reads a live-results stream in the background; counts its `results` events."""

    def __init__(self, base_url: str, meeting: str, headers: dict[str, str]):
        self.response = requests.get(f"{base_url}/v1/meetings/{meeting}/results/live", headers=headers,
                                     stream=True, timeout=60)
        assert self.response.status_code == 200, self.response.text
        self.events = 0
        # The newest `results` event's report (the JSON of GET …/results).
        self.last_report: dict | None = None
        self.ended_cleanly = False
        self.error: Exception | None = None
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            in_results = False
            for line in self.response.iter_lines():
                if line.startswith(b"event: results"):
                    self.events += 1
                    in_results = True
                elif line.startswith(b"data: ") and in_results:
                    self.last_report = json.loads(line[len(b"data: "):])
                    in_results = False
            # iter_lines returns only when the chunked body was terminated properly.
            self.ended_cleanly = True
        except Exception as error:  # noqa: BLE001 — kept for the test to assert on
            self.error = error

    def wait_for_events(self, count: int, timeout: float = 60) -> bool:
        deadline = time.monotonic() + timeout
        while self.events < count and time.monotonic() < deadline and self._thread.is_alive():
            time.sleep(0.05)
        return self.events >= count

    def last_total(self) -> int | None:
        """Responses in the newest report seen, or None before the first."""
        return self.last_report["summary"]["responses"] if self.last_report else None

    def wait_for_end(self, timeout: float = 30) -> None:
        self._thread.join(timeout)

    def close(self) -> None:
        self.response.close()
