"""Addresses and calendars that must be refused, over real sockets: bad mail addresses on the
pages and the API (each a 422 naming the field, never a message sent), a series' calendar rule or
.ics file (a 422 naming the very member, the oversized one a 413), and calendar feed tokens that
are not live (404).
"""
from __future__ import annotations

import json
import re

import pytest
import requests

import rawhttp
from bad_input_corpus import (CASES_RUN, World, _calendar_body, expect_refusal, send_raw, server,  # noqa: F401 (fixture)
                              world)  # noqa: F401 (this module's fixture)
from conftest import psql, wait_until


# line break (header injection), NUL, a second @, a space or an overlong part must be a 422 page
# that names the field, never a 5xx and never a message.
BAD_ADDRESSES = [
    "not an address", "ana@", "@example.com", "ana@@example.com", "ana@exa mple.com", "ana@example..com",
    "ana@example.com\r\nBcc: eve@example.com", "ana@example.com\nBcc: eve@example.com", "ana\u0000@example.com",
    "ana@example.com\u0000", "ana@" + "b" * 250 + ".com", "ana@example.com, eve@example.com",
    # A name or brackets, a list, quotes, a comment, a domain literal, overlong parts, dots at the ends.
    "<ana@example.com>", "Ana <ana@example.com>", '"Ana" <ana@example.com>', "ana@example.com;eve@example.com",
    '"ana"@example.com', "ana(x)@example.com", "ana@[192.0.2.1]", "a" * 65 + "@example.com", "ana@" + "b" * 64 + ".com",
    ".ana@example.com", "ana.@example.com",
]


def _page_session(world: World, email: str, password: str) -> tuple[requests.Session, str]:
    session = requests.Session()
    base = world.api.base_url
    form = session.get(base + "/signin", timeout=30)
    csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    signed = session.post(base + "/signin", data={"email": email, "password": password, "csrf": csrf, "next": "/m"},
                          allow_redirects=False, timeout=30)
    assert signed.status_code == 303, signed.text
    page = session.get(base + "/m", timeout=30)
    return session, re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)


@pytest.mark.parametrize("address", BAD_ADDRESSES, ids=lambda a: repr(a)[:40])
def test_bad_mail_addresses_are_422_pages_naming_the_field(world: World, server, address: str):
    base = world.api.base_url
    # This server has no e-mail configured: the reset page answers "ask an admin" (the field
    # itself is named on a server with mail, test_email.py), and the address is still refused.
    reset = requests.post(base + "/password-reset", data={"email": address}, timeout=30)
    assert reset.status_code == 422, (address, reset.status_code)
    CASES_RUN.append(f"POST /password-reset email={address!r}")

    session, csrf = _page_session(world, world.host.email, world.host.password)
    # The roster's one Save: each member's field is `email-{memberId}`; the bad one is named.
    roster = session.post(f"{base}/m/{world.meeting}/roster/mail", data={"csrf": csrf, f"email-{world.member}": address}, timeout=30)
    assert roster.status_code == 422 and f'id="email-{world.member}-error"'.lower() in roster.text.lower(), (address, roster.status_code)
    CASES_RUN.append(f"POST /m/{{id}}/roster/mail email-{{memberId}}={address!r}")
    api = send_raw(world, "PUT /v1/meetings/{id}/roster/{memberId}/email", json.dumps({"email": address}).encode())
    expect_refusal(api, f"PUT /v1/meetings/{{id}}/roster/{{memberId}}/email email={address!r}", paths={"email"}, statuses=(422,))

    psql(server.database_url, f"UPDATE accounts SET role = 'admin' WHERE email = '{world.host.email}'")
    # The server hears of the new role by a notification that forgets its cached session: wait for
    # it, or the page would still be the non-admin's 404.
    wait_until(lambda: session.get(base + "/admin", timeout=30).status_code == 200, 10, "the admin role to be heard")
    invitation = session.post(base + "/admin/invitations", data={"csrf": csrf, "email": address}, timeout=30)
    assert invitation.status_code == 422 and 'id="invite-email-error"' in invitation.text, (address, invitation.status_code)
    assert 'id="invitation-link"' not in invitation.text
    CASES_RUN.append(f"POST /admin/invitations email={address!r}")



# ---------------------------------------------------------------------------- calendar inputs
# A series from a calendar event (issue 34): an .ics file's text or a typed RRULE. Each refusal is
# a 422 whose errors name the very member (`rule.COUNT`, `ics.EXDATE`), the oversized body a 413;
# nothing is planned. The first session is in the module's free slots, so a case the server
# wrongly accepted would show as a 201 here, not as an overlap.

def _ics(**changes: str | None) -> str:
    """A valid event (weekly, five sessions in 2033, one excluded) with lines replaced or removed."""
    lines = {"DTSTART": "DTSTART;TZID=Europe/Berlin:20330301T090000", "DTEND": "DTEND;TZID=Europe/Berlin:20330301T100000",
             "SUMMARY": "SUMMARY:Corpus review", "RRULE": "RRULE:FREQ=WEEKLY;COUNT=5",
             "EXDATE": "EXDATE;TZID=Europe/Berlin:20330315T090000"}
    for name, line in changes.items():
        lines[name] = line
    body = [line for line in lines.values() if line is not None]
    return "\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Corpus//EN", "BEGIN:VEVENT", "UID:corpus@example.com",
                         *body, "END:VEVENT", "END:VCALENDAR", ""])


# (case, body builder, status, the member the problem must name)
CALENDAR_CASES = [
    # Typed rules.
    ("unbounded daily rule", lambda: {**_calendar_body(), "rule": "FREQ=DAILY"}, 422, "rule"),
    ("secondly", lambda: {**_calendar_body(), "rule": "FREQ=SECONDLY;COUNT=2"}, 422, "rule.FREQ"),
    ("minutely", lambda: {**_calendar_body(), "rule": "FREQ=MINUTELY;COUNT=2"}, 422, "rule.FREQ"),
    ("hourly", lambda: {**_calendar_body(), "rule": "FREQ=HOURLY;COUNT=2"}, 422, "rule.FREQ"),
    ("yearly", lambda: {**_calendar_body(), "rule": "FREQ=YEARLY;COUNT=2"}, 422, "rule.FREQ"),
    ("no FREQ", lambda: {**_calendar_body(), "rule": "COUNT=2"}, 422, "rule.FREQ"),
    ("interval 0", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;INTERVAL=0;COUNT=2"}, 422, "rule.INTERVAL"),
    ("interval 10^20", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;INTERVAL=100000000000000000000;COUNT=2"}, 422,
     "rule.INTERVAL"),
    ("count 201", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=201"}, 422, "rule.COUNT"),
    ("count 0", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=0"}, 422, "rule.COUNT"),
    ("count -1", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=-1"}, 422, "rule.COUNT"),
    ("count 10^20", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=100000000000000000000"}, 422, "rule.COUNT"),
    ("count too many within the horizon", lambda: {**_calendar_body(), "rule": "FREQ=DAILY;COUNT=200"}, 422, "rule"),
    ("until before the start", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;UNTIL=20300101T000000Z"}, 422, "rule.UNTIL"),
    ("until and count", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=2;UNTIL=20400101"}, 422, "rule.UNTIL"),
    ("until garbage", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;UNTIL=soon"}, 422, "rule.UNTIL"),
    ("unknown part", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=2;BYSECOND=1"}, 422, "rule.BYSECOND"),
    ("part twice", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=2;COUNT=3"}, 422, "rule.COUNT"),
    ("garbage rule", lambda: {**_calendar_body(), "rule": "every other tuesday, roughly"}, 422, "rule"),
    ("overlong rule", lambda: {**_calendar_body(), "rule": "FREQ=WEEKLY;COUNT=2;" + "WKST=MO;" * 100}, 422, "rule"),
    ("bad exclude", lambda: {**_calendar_body(), "exclude": ["next tuesday"]}, 422, "exclude[0]"),
    ("too many excludes", lambda: {**_calendar_body(), "exclude": ["2031-01-01T09:00:00"] * 201}, 422, "exclude"),
    ("missing start", lambda: {key: value for key, value in _calendar_body().items() if key != "start"}, 422, "start"),
    ("missing rule", lambda: {key: value for key, value in _calendar_body().items() if key != "rule"}, 422, "rule"),
    ("rule and ics", lambda: {"ics": _ics(), "rule": "FREQ=WEEKLY;COUNT=2"}, 422, "rule"),
    # .ics files.
    ("ics unbounded daily", lambda: {"ics": _ics(RRULE="RRULE:FREQ=DAILY")}, 422, "ics.RRULE"),
    ("ics secondly", lambda: {"ics": _ics(RRULE="RRULE:FREQ=SECONDLY;COUNT=5")}, 422, "ics.RRULE.FREQ"),
    ("ics count 201", lambda: {"ics": _ics(RRULE="RRULE:FREQ=WEEKLY;COUNT=201")}, 422, "ics.RRULE.COUNT"),
    ("ics until before DTSTART", lambda: {"ics": _ics(RRULE="RRULE:FREQ=WEEKLY;UNTIL=20320101T000000Z")}, 422,
     "ics.RRULE.UNTIL"),
    ("ics no RRULE", lambda: {"ics": _ics(RRULE=None)}, 422, "ics.RRULE"),
    ("ics bad EXDATE", lambda: {"ics": _ics(EXDATE="EXDATE:the fifteenth")}, 422, "ics.EXDATE"),
    ("ics EXDATE removing every session", lambda: {"ics": _ics(RRULE="RRULE:FREQ=WEEKLY;COUNT=1",
                                                               EXDATE="EXDATE;TZID=Europe/Berlin:20330301T090000")}, 422,
     "ics.RRULE"),
    ("ics missing DTSTART", lambda: {"ics": _ics(DTSTART=None)}, 422, "ics.DTSTART"),
    ("ics whole-day DTSTART", lambda: {"ics": _ics(DTSTART="DTSTART;VALUE=DATE:20330301")}, 422, "ics.DTSTART"),
    ("ics DTSTART garbage", lambda: {"ics": _ics(DTSTART="DTSTART:tomorrow morning")}, 422, "ics.DTSTART"),
    ("ics unknown zone", lambda: {"ics": _ics(DTSTART="DTSTART;TZID=Mars/Olympus:20330301T090000")}, 422, "ics.DTSTART"),
    ("ics missing DTEND", lambda: {"ics": _ics(DTEND=None)}, 422, "ics.DTEND"),
    ("ics garbage text", lambda: {"ics": "this is not a calendar at all"}, 422, "ics"),
    ("ics binary-looking text", lambda: {"ics": "\u00ff\u00fe\u0001BEGIN" * 50}, 422, "ics"),
    ("ics without an event", lambda: {"ics": "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"}, 422, "ics"),
    ("ics over 64 KiB", lambda: {"ics": _ics(SUMMARY="SUMMARY:" + "x" * 70_000)}, 422, "ics"),
    # Refused before the body is read: the problem's code says what, as for every route.
    ("ics over the body limit", lambda: {"ics": _ics(SUMMARY="SUMMARY:" + "x" * 2_000_000)}, 413, "code=body_too_large"),
]


@pytest.mark.parametrize("case,build,status,field", CALENDAR_CASES, ids=[case[0] for case in CALENDAR_CASES])
def test_calendar_inputs_are_refused_naming_the_member(world: World, case: str, build, status: int, field: str):
    body = json.dumps(build()).encode()
    response = send_raw(world, "POST /v1/series/from-calendar", body)
    expect_refusal(response, f"POST /v1/series/from-calendar {case}", statuses=(status,))
    if field.startswith("code="):
        assert response.json()["code"] == field.removeprefix("code="), f"{case}: {response.body[:300]!r}"
        return
    named = [error["path"] for error in response.json().get("errors", [])]
    assert field in named, f"{case}: names {named}, wanted {field}: {response.body[:300]!r}"


def test_calendar_feed_tokens_that_are_not_live_are_404(world: World):
    """A wrong, malformed, rotated or revoked feed token: the same 404 problem as any missing page,
    whatever it looks like, and the live token still reads."""
    issued = world.host.request("POST", f"/v1/series/{world.series}/calendar-feed")
    assert issued.status_code == 201, issued.text
    old = issued.json()["url"].rsplit("/", 1)[1].removesuffix(".ics")
    rotated = world.host.request("POST", f"/v1/series/{world.series}/calendar-feed")
    assert rotated.status_code == 201, rotated.text
    live = rotated.json()["url"].rsplit("/", 1)[1].removesuffix(".ics")
    assert live != old
    assert world.api.request("GET", f"/v1/calendar/{live}.ics").status_code == 200
    tokens = {"rotated away": old, "wrong": "dbc_" + "A" * 43, "no prefix": live.split("_", 1)[-1], "other case": live.swapcase(),
              "one character more": live + "x", "one character less": live[:-1], "empty": "", "long": "dbc_" + "a" * 4000,
              "dots": "..%2f..%2fetc%2fpasswd", "percent-encoded": "%64%62%63_x", "unicode": "dbc_%ED%95%9C"}
    for name, token in tokens.items():
        response = rawhttp.send(world.port, "GET", f"/v1/calendar/{token}.ics", b"", {})
        CASES_RUN.append(f"GET /v1/calendar/{{token}}.ics {name}")
        assert response.status == 404, f"{name}: {response.status} {response.body[:200]!r}"
        assert response.headers.get("content-type") == "application/problem+json", name
        assert response.json()["code"] == "not_found", name
    revoked = world.host.request("DELETE", f"/v1/series/{world.series}/calendar-feed")
    assert revoked.status_code == 204, revoked.text
    for name, token in {"revoked": live, "revoked, rotated away": old}.items():
        response = rawhttp.send(world.port, "GET", f"/v1/calendar/{token}.ics", b"", {})
        CASES_RUN.append(f"GET /v1/calendar/{{token}}.ics {name}")
        assert response.status == 404 and response.json()["code"] == "not_found", f"{name}: {response.status}"
