"""A live results stream lives no longer than what opened it.

Before, an open `…/results/live` kept sending events after `DELETE /v1/tokens/current`, after the
page's sign-out and after a password reset, and after its meeting was deleted. Now every stream
checks its token and meeting as it goes (every `DEBRIEF_LIVE_CHECK_SECONDS`) and ends with an
`end` event naming why; a meeting without a published form says so instead of staying silent.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import threading
import time

import pytest
import requests

from conftest import API, psql, start_server

CHECK_SECONDS = 1


@pytest.fixture(scope="module")
def live_server(database_url):
    running = start_server(database_url, env={"DEBRIEF_LIVE_CHECK_SECONDS": str(CHECK_SECONDS)})
    yield running
    running.stop()


class Stream:
    """Reads one live stream's events (name and data) in the background."""

    def __init__(self, base_url: str, meeting: str, headers: dict[str, str] | None = None,
                 cookies: dict[str, str] | None = None):
        self.response = requests.get(f"{base_url}/v1/meetings/{meeting}/results/live", headers=headers or {},
                                     cookies=cookies or {}, stream=True, timeout=60)
        assert self.response.status_code == 200, self.response.text
        self.events: list[tuple[str, str]] = []
        self.finished = threading.Event()
        self.closing = False
        threading.Thread(target=self._read, daemon=True).start()

    def close(self) -> None:
        """Stops reading: the reader ends quietly on the connection closed under it (urllib3
        raises whatever it meets mid-read then, an AttributeError among others)."""
        self.closing = True
        self.response.close()

    def _read(self) -> None:
        name = None
        try:
            for line in self.response.iter_lines():
                if line.startswith(b"event: "):
                    name = line[7:].decode()
                elif line.startswith(b"data: ") and name:
                    self.events.append((name, line[6:].decode()))
                    name = None
        except requests.RequestException:
            pass
        except Exception:
            if not self.closing:
                raise
        finally:
            self.finished.set()

    def end_reason(self, timeout: float = 15) -> str | None:
        """The reason of the stream's `end` event, once the server has closed it."""
        assert self.finished.wait(timeout), f"the stream did not end; events: {self.events}"
        ends = [json.loads(data)["reason"] for name, data in self.events if name == "end"]
        return ends[-1] if ends else None


def published_meeting(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    host.publish_form(meeting)
    return host, meeting


def test_revoking_the_token_ends_the_stream(live_server):
    host, meeting = published_meeting(API(live_server.base_url))
    stream = Stream(live_server.base_url, meeting, host.auth)
    time.sleep(0.5)
    assert host.request("DELETE", "/v1/tokens/current").status_code == 204
    assert stream.end_reason() == "token_revoked"


def test_an_expired_token_ends_the_stream(live_server):
    host, meeting = published_meeting(API(live_server.base_url))
    stream = Stream(live_server.base_url, meeting, host.auth)
    time.sleep(0.5)
    psql(live_server.database_url,
         f"UPDATE access_tokens SET expires_at = now() WHERE account_id = '{host.account_id}'")
    assert stream.end_reason() == "token_expired"


def test_a_password_reset_ends_the_stream(live_server):
    host, meeting = published_meeting(API(live_server.base_url))
    stream = Stream(live_server.base_url, meeting, host.auth)
    time.sleep(0.5)
    environment = {**os.environ, "DATABASE_URL": live_server.database_url, "DEBRIEF_BCRYPT_COST": "4"}
    reset = subprocess.run([os.environ["DEBRIEF_BINARY"], "admin", "reset-password", "--email", host.email,
                            "--password-stdin"], input="a brand new password\n", text=True,
                           capture_output=True, env=environment, timeout=60)
    assert reset.returncode == 0, reset.stderr
    assert stream.end_reason() == "token_revoked"


def test_signing_out_of_the_pages_ends_the_dashboards_stream(live_server):
    base = live_server.base_url
    host, meeting = published_meeting(API(base))
    browser = requests.Session()
    page = browser.get(f"{base}/signin", timeout=30)
    csrf = re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)
    signed_in = browser.post(f"{base}/signin", data={"email": host.email, "password": host.password, "csrf": csrf,
                                                      "next": "/m"}, allow_redirects=False, timeout=30)
    assert signed_in.status_code == 303, signed_in.text[:300]
    # The dashboard's script reads the stream with the session cookie.
    stream = Stream(base, meeting, cookies=browser.cookies.get_dict())
    time.sleep(0.5)
    dashboard = browser.get(f"{base}/m/{meeting}", timeout=30)
    sign_out_csrf = re.search(r'action="/signout"><input type="hidden" name="csrf" value="([^"]+)"', dashboard.text).group(1)
    assert browser.post(f"{base}/signout", data={"csrf": sign_out_csrf}, allow_redirects=False,
                        timeout=30).status_code == 303
    assert stream.end_reason() == "token_revoked"


def test_deleting_the_meeting_ends_its_streams(live_server):
    host, meeting = published_meeting(API(live_server.base_url))
    streams = [Stream(live_server.base_url, meeting, host.auth) for _ in range(2)]
    time.sleep(0.5)
    assert host.request("DELETE", f"/v1/meetings/{meeting}").status_code == 204
    assert [stream.end_reason() for stream in streams] == ["meeting_deleted", "meeting_deleted"]


def test_a_meeting_without_a_published_form_says_so(live_server):
    host = API(live_server.base_url).sign_up()
    meeting = host.create_meeting()
    stream = Stream(live_server.base_url, meeting, host.auth)
    deadline = time.monotonic() + 10
    while not stream.events and time.monotonic() < deadline:
        time.sleep(0.1)
    name, data = stream.events[0]
    assert (name, json.loads(data)) == ("waiting", {"reason": "no_published_form"})
    stream.close()
