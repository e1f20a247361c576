"""Bad input against a real `debrief serve`, over real sockets.

A table of hostile bodies is sent to every route that reads a JSON body (the routes come from
the server's /openapi.yaml, so a new one without a corpus entry fails): truncated and invalid
JSON, wrong types, numbers no integer holds, deep nesting, bytes that are not UTF-8, NUL in
strings. Then oversized bodies and headers, NUL in paths and queries, and text that must come
back exactly as it was sent: right-to-left scripts, combining marks, emoji, SQL, spreadsheet
formulas (which the CSV exports must neutralize in every layout).

Every answer must be a 4xx problem document (never a 5xx) whose `errors[].path` names what was
wrong. The number of cases is printed and written to artifacts/bad-input-cases.txt.
"""
from __future__ import annotations

import csv
import io
import itertools
import json
import re
import unicodedata
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import requests
import yaml

import rawhttp
from conftest import API, SAMPLE_FORM, iso, psql, start_server, wait_until

CASES_RUN: list[str] = []

# The sample form and a grid, in English and Korean, so its statements, ratings and every
# translated text are spoiled like every other member; a speeder threshold and a shuffled choice
# (honest responses) too.
CORPUS_FORM = {**SAMPLE_FORM, "language": "en", "speederThresholdSeconds": 20, "questions": SAMPLE_FORM["questions"] + [
    {"key": "meeting", "prompt": "How was the meeting?", "kind": "grid", "min": 1, "max": 5,
     "statements": [{"key": "agenda", "label": "The agenda was clear"}, {"key": "time", "label": "We finished on time"}]},
    {"key": "order", "prompt": "Which first?", "kind": "choice", "shuffleOptions": True,
     "options": [{"id": "one", "label": "One"}, {"id": "two", "label": "Two"}, {"id": "three", "label": "Three"}]},
]}


def korean(form: dict) -> dict:
    """A whole translation of `form` (every text, so it can be published): each text marked 한."""
    questions = {}
    for question in form["questions"]:
        texts = {"prompt": "한 " + question["prompt"]}
        for field in ("placeholder", "minLabel", "maxLabel"):
            if field in question:
                texts[field] = "한 " + question[field]
        for member, key in (("options", "id"), ("statements", "key")):
            if member in question:
                texts[member] = {item[key]: "한 " + item["label"] for item in question[member]}
        questions[question["key"]] = texts
    return {"title": "한 " + form["title"], "questions": questions}


CORPUS_FORM["translations"] = {"ko": korean(CORPUS_FORM)}

# ---------------------------------------------------------------------------- the world


@dataclass
class World:
    api: API
    host: object
    port: int
    identified_code: str
    identified_meeting: str
    anonymous_code: str
    anonymous_meeting: str
    draft_meeting: str
    meeting: str
    series: str
    member: str


_slots = itertools.count()


def next_slot() -> tuple[str, str]:
    """Start and end of a one-hour meeting that overlaps no other this module creates."""
    start = datetime(2031, 1, 1, tzinfo=timezone.utc) + timedelta(hours=3 * next(_slots))
    return iso(start), iso(start + timedelta(hours=1))


def publish(host, form: dict, starts_in: timedelta) -> tuple[str, str]:
    meeting = host.create_meeting(starts_in=starts_in)
    return meeting, host.publish_form(meeting, form)["code"]


@pytest.fixture(scope="module")
def server(database_url: str):
    """This module's server, with the participant rate limits off: hundreds of refused bodies in a
    second are the point here (the limits have tests of their own)."""
    running = start_server(database_url, env={"DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0", "DEBRIEF_RATE_LIMIT_PER_FORM": "0"})
    yield running
    running.stop()


@pytest.fixture(scope="module")
def world(api: API, server) -> World:
    host = api.sign_up("Corpus Host")
    identified = {**CORPUS_FORM, "anonymous": False, "title": "Who came"}
    identified_meeting, identified_code = publish(host, identified, timedelta(days=-1))
    anonymous = {**CORPUS_FORM, "privacyThreshold": 1, "title": "Open answers"}
    anonymous_meeting, anonymous_code = publish(host, anonymous, timedelta(days=-2))
    # The anonymous form's room takes questions (decision 75), so its unspoiled post is stored.
    opened = host.request("PUT", f"/v1/meetings/{anonymous_meeting}/room-questions/settings",
                          json={"enabled": True, "moderation": "postThenHide", "names": "anonymous"})
    assert opened.status_code == 200, opened.text
    draft_meeting = host.create_meeting(starts_in=timedelta(days=-3))
    meeting = host.create_meeting(starts_in=timedelta(days=-4))
    series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    member = host.request("POST", f"/v1/series/{series}/roster", json={"name": "Grace Hopper"})
    assert member.status_code == 201, member.text
    return World(api, host, server.port, identified_code, identified_meeting, anonymous_code, anonymous_meeting, draft_meeting,
                 meeting, series, member.json()["id"])


# ---------------------------------------------------------------------------- the routes


def json_operations(api: API) -> set[str]:
    """`METHOD /path` of every operation that takes an application/json body, from the document the
    server serves (its parts under Sources/DebriefHTTP/OpenAPI, joined)."""
    served = api.request("GET", "/openapi.yaml")
    assert served.status_code == 200, served.text
    document = yaml.safe_load(served.text)
    found = set()
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if isinstance(operation, dict) and "application/json" in operation.get("requestBody", {}).get("content", {}):
                found.add(f"{method.upper()} {path}")
    return found


def _meeting_body():
    starts, ends = next_slot()
    return {"title": "Corpus", "startsAt": starts, "endsAt": ends, "place": "Room 1", "expectedHeadCount": 5}


def _calendar_body():
    """A typed rule of two weekly sessions; only spoiled copies are sent, so none is made."""
    starts, ends = next_slot()
    return {"rule": "FREQ=WEEKLY;COUNT=2", "start": starts, "end": ends, "title": "Corpus", "place": "Room 1",
            "timeZone": "Europe/Berlin", "exclude": ["2030-01-08T09:00:00"]}


def _next_body():
    starts, ends = next_slot()
    return {"startsAt": starts, "endsAt": ends, "title": "Next", "expectedHeadCount": 5}


_ROOM_QUESTION: dict[str, str] = {}


def _room_voter(w) -> str:
    """An identity in the anonymous form's room, issued once (issue 67: posts need one)."""
    if "voter" not in _ROOM_QUESTION:
        issued = w.api.request("POST", f"/v1/f/{w.anonymous_code}/room-questions/voter")
        assert issued.status_code == 201, issued.text
        _ROOM_QUESTION["voter"] = issued.json()["voter"]
    return _ROOM_QUESTION["voter"]


def _room_question(w) -> str:
    """One question in the anonymous form's room, posted once, for the host's moderation route."""
    if "id" not in _ROOM_QUESTION:
        posted = w.api.request("POST", f"/v1/f/{w.anonymous_code}/room-questions", json={"text": "Who owns the roadmap?"},
                               headers={"Debrief-Voter": _room_voter(w)})
        assert posted.status_code == 201, posted.text
        _ROOM_QUESTION["id"] = posted.json()["id"]
    return _ROOM_QUESTION["id"]


# Headers a route needs besides its body: the room's posts carry an issued identity.
ROUTE_HEADERS = {
    "POST /v1/f/{code}/room-questions": lambda w: {"Debrief-Voter": _room_voter(w)},
}


# Each route: how to fill the path, and a valid body that the cases spoil one way at a time.
ROUTES = {
    "POST /v1/accounts": (lambda w: "/v1/accounts",
                          lambda w: {"email": "corpus@example.com", "password": "correct horse battery", "displayName": "Ana"}),
    "POST /v1/tokens": (lambda w: "/v1/tokens", lambda w: {"email": w.host.email, "password": w.host.password}),
    "PATCH /v1/me": (lambda w: "/v1/me", lambda w: {"displayName": "Ana"}),
    "POST /v1/meetings": (lambda w: "/v1/meetings", lambda w: _meeting_body()),
    "PATCH /v1/meetings/{id}": (lambda w: f"/v1/meetings/{w.meeting}", lambda w: {"title": "Renamed", "expectedHeadCount": 7}),
    "POST /v1/meetings/{id}/next": (lambda w: f"/v1/meetings/{w.meeting}/next", lambda w: _next_body()),
    "PUT /v1/meetings/{id}/form": (lambda w: f"/v1/meetings/{w.draft_meeting}/form", lambda w: json.loads(json.dumps(CORPUS_FORM))),
    "POST /v1/series/{id}/roster": (lambda w: f"/v1/series/{w.series}/roster", lambda w: {"name": "Katherine Johnson"}),
    "POST /v1/series/{id}/roster/list": (lambda w: f"/v1/series/{w.series}/roster/list", lambda w: {"text": "Mary Jackson"}),
    "PATCH /v1/series/{id}/roster/{memberId}": (lambda w: f"/v1/series/{w.series}/roster/{w.member}", lambda w: {"name": "Grace Hopper"}),
    "POST /v1/meetings/{id}/attendance": (lambda w: f"/v1/meetings/{w.meeting}/attendance", lambda w: {"rosterMemberId": w.member}),
    # A roster member's e-mail address (the unspoiled body sets it; nothing is mailed: no e-mail here).
    "PUT /v1/meetings/{id}/roster/{memberId}/email": (lambda w: f"/v1/meetings/{w.meeting}/roster/{w.member}/email",
                                                      lambda w: {"email": "grace@example.org"}),
    # The series' reminder before each session (nothing is mailed: no e-mail here).
    "PUT /v1/meetings/{id}/roster/reminder": (lambda w: f"/v1/meetings/{w.meeting}/roster/reminder",
                                              lambda w: {"on": True, "leadHours": 2}),
    # Sharing and transfer name another host by address: `nobody@` has no account, so the unspoiled
    # body shares nothing, and a transfer is only an offer (the heir accepts it), so no case can
    # move the series away.
    "POST /v1/series/{id}/shares": (lambda w: f"/v1/series/{w.series}/shares", lambda w: {"email": "nobody@example.com", "role": "viewer"}),
    "POST /v1/series/{id}/transfer": (lambda w: f"/v1/series/{w.series}/transfer", lambda w: {"email": "nobody@example.com"}),
    # Accepting an offer: the body (a choice for credentials made by others) is read and checked
    # before the offer is looked up, so an offer that does not exist serves every spoiled case.
    "POST /v1/transfers/{transferId}/accept": (lambda w: f"/v1/transfers/{uuid.uuid4()}/accept", lambda w: {"credentials": "keep"}),
    # A series from a rule (calendar): the typed form; test_calendar.py spoils the .ics form.
    "POST /v1/series/from-calendar": (lambda w: "/v1/series/from-calendar", lambda w: _calendar_body()),
    # Templates: saving one from the corpus meeting, and starting the draft meeting's form from one.
    "POST /v1/templates": (lambda w: "/v1/templates", lambda w: {"meetingId": w.meeting, "name": "Corpus", "scope": "account"}),
    "POST /v1/meetings/{id}/form/from-template": (lambda w: f"/v1/meetings/{w.draft_meeting}/form/from-template",
                                                  lambda w: {"templateId": "retrospective", "scope": "session"}),
    "POST /v1/webhooks": (lambda w: "/v1/webhooks",
                          lambda w: {"url": "https://hooks.example.com/debrief", "events": ["response.created"]}),
    # A series' team chat channel: the unspoiled body sets a Slack channel (nothing is posted:
    # no form of the corpus series closes).
    "PUT /v1/series/{id}/chat-channel": (lambda w: f"/v1/series/{w.series}/chat-channel",
                                         lambda w: {"url": "https://hooks.slack.com/services/T0001/B0001/abcdef",
                                                    "kind": "slack", "language": "ko", "daily": True}),
    "POST /v1/f/{code}/check-in": (lambda w: f"/v1/f/{w.identified_code}/check-in", lambda w: {"name": "Dorothy Vaughan"}),
    # A fresh view's signed ticket each time, so only the spoiled member is wrong.
    "POST /v1/f/{code}/responses": (lambda w: f"/v1/f/{w.anonymous_code}/responses",
                                    lambda w: {"language": "ko",
                                               "openedToken": w.api.request("GET", f"/v1/f/{w.anonymous_code}").json()["openedToken"],
                                               "answers": [{"questionKey": "useful", "rating": 7},
                                                           {"questionKey": "notes", "text": "fine"},
                                                           {"questionKey": "meeting", "ratings": {"agenda": 4, "time": 2}},
                                                           {"questionKey": "order", "optionIds": ["two"]}]}),
    # Action items (decision 74): a roster member owns the unspoiled one; the PATCH's action is
    # recorded once, on first use.
    "POST /v1/meetings/{id}/actions": (lambda w: f"/v1/meetings/{w.meeting}/actions",
                                       lambda w: {"title": "Shorter status round", "owner": {"kind": "rosterMember", "id": w.member},
                                                  "due": "nextSession", "status": "open"}),
    "PATCH /v1/meetings/{id}/actions/{actionId}": (lambda w: f"/v1/meetings/{w.meeting}/actions/{_corpus_action(w)}",
                                                   lambda w: {"title": "Renamed", "owner": {"kind": "rosterMember", "id": w.member},
                                                              "due": "2030-01-31", "status": "done"}),
    # A series' settings (decision 73): the unspoiled body changes only the default place.
    "PATCH /v1/series/{id}": (lambda w: f"/v1/series/{w.series}", lambda w: {"defaultPlace": "Room 7", "defaultDurationMinutes": 45}),
    # Questions from the room (decision 75): a post to the anonymous form's room, its settings,
    # and the host's decision on one question.
    "POST /v1/f/{code}/room-questions": (lambda w: f"/v1/f/{w.anonymous_code}/room-questions",
                                         lambda w: {"text": "Can we talk about hiring?", "name": "Ana"}),
    "PUT /v1/meetings/{id}/room-questions/settings": (lambda w: f"/v1/meetings/{w.anonymous_meeting}/room-questions/settings",
                                                      lambda w: {"enabled": True, "moderation": "postThenHide", "names": "anonymous"}),
    "PATCH /v1/meetings/{id}/room-questions/{questionId}": (
        lambda w: f"/v1/meetings/{w.anonymous_meeting}/room-questions/{_room_question(w)}",
        lambda w: {"status": "visible", "answered": False, "pinned": False}),
}


_ACTIONS: dict[str, str] = {}


def _corpus_action(w) -> str:
    """The corpus meeting's one action item, recorded on first use."""
    if w.meeting not in _ACTIONS:
        made = w.host.request("POST", f"/v1/meetings/{w.meeting}/actions", json={"title": "Corpus action"})
        assert made.status_code == 201, made.text
        _ACTIONS[w.meeting] = made.json()["id"]
    return _ACTIONS[w.meeting]


# Routes whose body may be left out (no body is the default choice, not a malformed one).
OPTIONAL_BODY = {"POST /v1/transfers/{transferId}/accept"}


def test_every_json_route_has_a_corpus_entry(api: API):
    assert json_operations(api) == set(ROUTES), "routes with a JSON body and the corpus differ"


# ---------------------------------------------------------------------------- checking answers


def send_raw(world: World, key: str, body: bytes, path: str | None = None) -> rawhttp.RawResponse:
    method = key.split(" ")[0]
    target = path or ROUTES[key][0](world)
    headers = {"Content-Type": "application/json", **world.host.auth, **ROUTE_HEADERS.get(key, lambda w: {})(world)}
    return rawhttp.send(world.port, method, target, body, headers)


def expect_refusal(response: rawhttp.RawResponse, where: str, *, paths: set[str] | None = None,
                   statuses: tuple[int, ...] = (400, 413, 422)) -> None:
    """A 4xx problem document naming one of `paths` (exactly, or a member below it)."""
    CASES_RUN.append(where)
    assert response.status < 500, f"{where}: {response.status} {response.body[:300]!r}"
    assert response.status in statuses, f"{where}: {response.status} {response.body[:300]!r}"
    assert response.headers.get("content-type") == "application/problem+json", where
    problem = response.json()
    assert problem["status"] == response.status and problem["code"], where
    if paths is not None:
        named = [error["path"] for error in problem.get("errors", [])]
        assert any(name == wanted or name.startswith(wanted + ".") or name.startswith(wanted + "[")
                   for name in named for wanted in paths), f"{where}: names {named}, wanted one of {sorted(paths)}"


def members(value, prefix: str = ""):
    """(path, value) of every member below `value`, depth first, paths as the API writes them."""
    if isinstance(value, dict):
        for key, child in value.items():
            path = f"{prefix}.{key}" if prefix else key
            yield path, child
            yield from members(child, path)
    elif isinstance(value, list):
        for index, child in enumerate(value):
            path = f"{prefix}[{index}]"
            yield path, child
            yield from members(child, path)


def replaced(body, path: str, literal: str) -> bytes:
    """`body` as JSON with the member at `path` replaced by the raw JSON text `literal`."""
    marker = "\u2063marker\u2063"
    copy = json.loads(json.dumps(body))
    target, key = copy, None
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        if key is not None:
            target = target[key]
        key = int(part[1:-1]) if part.startswith("[") else part
    target[key] = marker
    return json.dumps(copy, ensure_ascii=False).replace(json.dumps(marker, ensure_ascii=False), literal).encode()


WRONG_TYPES = {str: ["12345", "true", "{}"], bool: ['"yes"', "1"], int: ['"7"', "true", "[7]"],
               list: ['"x"', "{}"], dict: ['"x"', "[1]"], type(None): []}
HUGE_NUMBERS = ["1e400", "-1e400", "18446744073709551616", "-18446744073709551617", "9223372036854775808", "4.5"]
MALFORMED = [b"", b"{", b'{"title":', b"{'title': 'x'}", b'{"title" "x"}', b"[1,]", b'{"a":1,}', b"nul", b"\xef\xbb\xbf",
             b'{"a":"\x01"}', b"NaN", b"-", b"{}}"]
NOT_OBJECTS = [b"[]", b'"text"', b"42", b"null", b"true", b"[{}]"]
DEEP = [b"[" * 513, b"[" * 10_000 + b"]" * 10_000, b'{"a":' * 10_000 + b"1" + b"}" * 10_000,
        b'{"title":' + b"[" * 600 + b"]" * 600 + b"}"]


@pytest.mark.parametrize("key", sorted(ROUTES))
def test_malformed_and_deep_bodies_are_400_on_body(world: World, key: str):
    base = ROUTES[key][1](world)
    text = json.dumps(base).encode()
    for body in MALFORMED + DEEP + [text[: len(text) // 2], text[:-1]]:
        if body == b"" and key in OPTIONAL_BODY:
            continue
        expect_refusal(send_raw(world, key, body), f"{key} body {body[:40]!r}", paths={"body"}, statuses=(400,))


@pytest.mark.parametrize("key", sorted(ROUTES))
def test_bodies_that_are_not_objects_are_refused_on_body(world: World, key: str):
    for body in NOT_OBJECTS:
        expect_refusal(send_raw(world, key, body), f"{key} body {body!r}", paths={"body"}, statuses=(400, 422))


@pytest.mark.parametrize("key", sorted(ROUTES))
def test_wrong_types_are_422_naming_the_member(world: World, key: str):
    base = ROUTES[key][1](world)
    for path, value in list(members(base)):
        for literal in WRONG_TYPES[type(value)]:
            expect_refusal(send_raw(world, key, replaced(ROUTES[key][1](world), path, literal)),
                           f"{key} {path}={literal}", paths={path}, statuses=(422,))


@pytest.mark.parametrize("key", sorted(ROUTES))
def test_numbers_no_integer_holds_are_422_naming_the_member(world: World, key: str):
    base = ROUTES[key][1](world)
    for path, value in list(members(base)):
        if isinstance(value, (int, str)) and not isinstance(value, bool):
            for literal in HUGE_NUMBERS:
                expect_refusal(send_raw(world, key, replaced(ROUTES[key][1](world), path, literal)),
                               f"{key} {path}={literal}", paths={path}, statuses=(422,))


@pytest.mark.parametrize("key", sorted(ROUTES))
def test_strings_with_nul_or_bad_unicode_are_422_naming_the_member(world: World, key: str):
    base = ROUTES[key][1](world)
    for path, value in list(members(base)):
        if not isinstance(value, str):
            continue
        spoiled = [
            ('"a\\u0000b correct horse"', "NUL"),
            ('"\\ud800 lone surrogate"', "lone surrogate"),
            (b'"\xff\xfe not UTF-8"'.decode("latin-1"), "not UTF-8"),
            (b'"\xc0\xaf overlong"'.decode("latin-1"), "overlong UTF-8"),
        ]
        for literal, label in spoiled:
            body = replaced(ROUTES[key][1](world), path, "\u2062").replace("\u2062".encode(), literal.encode("latin-1"))
            expect_refusal(send_raw(world, key, body), f"{key} {path} {label}", paths={path}, statuses=(422,))


# Valid JSON numbers no decimal holds (beyond about 38 digits with an exponent from -128 to 127),
# or written unusually (issue 67: `1e-400` was a 400 "not valid JSON"). Each is a 422 naming its
# member, or accepted; never a 400.
EDGE_NUMBERS = ["1e-400", "-1e-400", "1e400", "0e-400", "0e400", "1e-130", "1e128", "-0", "-0.0", "1E+2", "4.5e1",
                "1e-2147483649", "1e99999999999"]
NUMBER_FORM = {"title": "Numbers", "anonymous": True, "questions": [
    {"key": "minutes", "prompt": "How long?", "kind": "number", "minimum": 0, "maximum": 200}]}


def expect_accepted_or_named(response: rawhttp.RawResponse, where: str, path: str) -> None:
    CASES_RUN.append(where)
    assert response.status in (200, 201, 422), f"{where}: {response.status} {response.body[:300]!r}"
    if response.status == 422:
        named = [error["path"] for error in response.json().get("errors", [])]
        assert named and named[0] == path, f"{where}: names {named}, wanted {path}"


def test_every_json_number_is_accepted_or_a_422_naming_its_member(world: World):
    slot = next(_slots)
    meeting = world.host.create_meeting(title="Numbers", starts_in=timedelta(days=500 + slot))
    code = world.host.publish_form(meeting, NUMBER_FORM)["code"]
    draft = world.host.create_meeting(title="Number draft", starts_in=timedelta(days=520 + slot))
    for literal in EDGE_NUMBERS:
        answer = ('{"answers":[{"questionKey":"minutes","number":%s}]}' % literal).encode()
        expect_accepted_or_named(rawhttp.send(world.port, "POST", f"/v1/f/{code}/responses", answer, {"Content-Type": "application/json"}),
                                 f"answer number={literal}", "answers[0].number")
        definition = json.dumps({**NUMBER_FORM, "questions": [{**NUMBER_FORM["questions"][0], "minimum": "MIN"}]})
        body = definition.replace('"MIN"', literal).encode()
        expect_accepted_or_named(send_raw(world, "PUT /v1/meetings/{id}/form", body, path=f"/v1/meetings/{draft}/form"),
                                 f"definition minimum={literal}", "questions[0].minimum")


# Text of only invisible characters is blank, as whitespace is (issue 67: a question of only a
# byte-order mark was stored, and shown as nothing).
INVISIBLE = ["\ufeff", "\u200b\u200d", "\u2060", "\u00ad", " \ufeff\u200c "]


def test_invisible_only_text_is_refused_like_whitespace(world: World):
    draft = world.host.create_meeting(title="Invisible", starts_in=timedelta(days=540 + next(_slots)))
    for text in INVISIBLE:
        form = {**SAMPLE_FORM, "title": text, "questions": [{**SAMPLE_FORM["questions"][0], "prompt": text}] + SAMPLE_FORM["questions"][1:]}
        reply = world.host.request("PUT", f"/v1/meetings/{draft}/form", json=form)
        CASES_RUN.append(f"invisible {text!r}")
        assert reply.status_code == 422, f"{text!r}: {reply.status_code} {reply.text[:300]}"
        named = {error["path"]: error["message"] for error in reply.json()["errors"]}
        assert named.get("title") == "must not be empty" and named.get("questions[0].prompt") == "must not be empty", named


def test_nul_in_paths_and_queries_is_a_4xx_problem(world: World):
    host = world.host
    cases = {
        f"/v1/meetings/%00": ({404}, None),
        f"/v1/meetings/{world.meeting}%00": ({404}, None),
        "/v1/f/%00": ({404}, None),
        f"/v1/f/{world.anonymous_code[:4]}%00{world.anonymous_code[4:]}": ({404}, None),
        f"/v1/meetings/{world.anonymous_meeting}/questions/no%00tes/answers": ({404}, None),
        "/v1/meetings?limit=%00": ({422}, "limit"),
        "/v1/meetings?cursor=%00": ({422}, "cursor"),
        "/v1/meetings?scope=all%00": ({422}, "scope"),
        f"/v1/meetings/{world.anonymous_meeting}/results?since=%00": ({422}, "since"),
        f"/v1/meetings/{world.anonymous_meeting}/results?checkedInOnly=true%00": ({422}, "checkedInOnly"),
        f"/v1/meetings/{world.anonymous_meeting}/export.csv?layout=answers%00": ({422}, "layout"),
        f"/v1/meetings/{world.anonymous_meeting}/questions/notes/answers?cursor=%00": ({422}, "cursor"),
    }
    for path, (statuses, field) in cases.items():
        response = rawhttp.send(world.port, "GET", path, headers=host.auth)
        expect_refusal(response, f"GET {path}", paths={field} if field else None, statuses=tuple(statuses))
    # A raw NUL byte in the request line is not HTTP: the parser refuses it and closes.
    raw = rawhttp.send(world.port, "GET", b"/v1/meetings/\x00", headers=host.auth)
    CASES_RUN.append("raw NUL in the request line")
    assert raw.status == 400


# ---------------------------------------------------------------------------- size limits


def test_a_10mb_body_with_its_length_declared_is_413_and_the_connection_ends(world: World):
    for key in ("POST /v1/meetings", "POST /v1/f/{code}/responses"):
        head = rawhttp.request_head(key.split(" ")[0], ROUTES[key][0](world), {
            **world.host.auth, "Content-Type": "application/json", "Content-Length": str(10 * 1024 * 1024)})
        response = rawhttp.exchange(world.port, head, [b"{" + b" " * 65_535], expect_close=True)
        expect_refusal(response, f"{key} 10 MB declared", statuses=(413,))
        assert response.json()["code"] == "body_too_large"
        assert response.headers.get("connection") == "close"
        assert response.closed, "the server kept the connection open, waiting for 10 MB it will never read"


def test_a_10mb_chunked_body_is_413_and_the_connection_ends(world: World):
    def chunks():
        for _ in range(160):
            yield b"10000\r\n" + b" " * 65_536 + b"\r\n"
        yield b"0\r\n\r\n"

    for key in ("POST /v1/meetings", "POST /v1/f/{code}/responses"):
        head = rawhttp.request_head(key.split(" ")[0], ROUTES[key][0](world), {
            **world.host.auth, "Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        response = rawhttp.exchange(world.port, head, chunks(), expect_close=True)
        expect_refusal(response, f"{key} 10 MB chunked", statuses=(413,))
        assert response.closed


def test_80kb_of_headers_is_a_clean_400_or_431_and_the_server_goes_on(world: World):
    cases = {
        "one 80 KB header": [("X-Padding", "a" * 80 * 1024)],
        "one 200 KB header": [("X-Padding", "a" * 200 * 1024)],
        "820 headers of 100 bytes": [(f"X-Padding-{index}", "a" * 100) for index in range(820)],
        "an 80 KB cookie": [("Cookie", "c=" + "a" * 80 * 1024)],
        "an 80 KB request target": None,
    }
    for label, headers in cases.items():
        if headers is None:
            head = rawhttp.request_head("GET", "/v1/meetings?cursor=" + "a" * 80 * 1024, world.host.auth)
        else:
            head = rawhttp.request_head("GET", "/v1/me", [*world.host.auth.items(), *headers])
        response = rawhttp.exchange(world.port, head, [], expect_close=True)
        CASES_RUN.append(label)
        assert response.status in (400, 431), f"{label}: {response.status}"
        assert response.closed, label
        assert world.api.request("GET", "/healthz").status_code == 200, f"the server is gone after {label}"
    # Below the limit, large headers are simply headers.
    head = rawhttp.request_head("GET", "/v1/me", [*world.host.auth.items(), ("X-Padding", "a" * 60 * 1024)])
    assert rawhttp.exchange(world.port, head, []).status == 200


# ---------------------------------------------------------------------------- text that must survive

TEXTS = [
    "مرحبا بالعالم",                                   # Arabic, right to left
    "\u202eשלום עולם\u202c",                           # Hebrew inside a right-to-left override
    "Zalgo: Z\u0351\u036ba\u0310l\u0313g\u030fo",      # stacked combining marks (no precomposed forms)
    "q\u0323\u0307 x\u0304\u0301",                     # combining sequences NFC keeps as they are
    "👩🏽‍💻 🇰🇷 👍🏽 🧑‍🤝‍🧑",                          # emoji: skin tones, flags, ZWJ sequences
    "회의 좋았어요 — 会議 ☕",
    "'; DROP TABLE meetings; --",
    "Robert'); DROP TABLE accounts;--",
    "1' OR '1'='1",
    "$$; SELECT pg_sleep(10); $$",
    "' UNION SELECT password_hash FROM accounts --",
    "\\x27 OR 1=1 /* E'\\\\' */",
    "%' AND 1=1 --",
    "=1+2",
    "+SUM(A1:A9)",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1,1)",
    "=HYPERLINK(\"http://x.example\",\"y\")",
    "<script>alert(1)</script>",
    "{{7*7}} ${7*7} %s %n",
]


def test_texts_are_nfc_and_trimmed_so_they_come_back_byte_for_byte():
    # The API normalizes to NFC and trims; these texts are already in that form, so nothing may change.
    for text in TEXTS:
        assert unicodedata.normalize("NFC", text) == text and text.strip() == text, text
        assert len(text) <= 60


def form_with(text: str) -> dict:
    return {
        "title": text, "anonymous": True, "privacyThreshold": 1,
        "questions": [
            {"key": "pick", "prompt": text, "kind": "choice", "allowsOther": True, "allowsMultiple": True,
             "options": [{"id": "mine", "label": text}, {"id": "plain", "label": "plain"}]},
            {"key": "scale", "prompt": text, "kind": "rating", "min": 1, "max": 5, "minLabel": text, "maxLabel": text},
            {"key": "words", "prompt": text, "kind": "shortAnswer", "placeholder": text},
        ],
    }


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_text_is_stored_and_read_back_exactly_in_every_field(world: World, index: int):
    text = TEXTS[index]
    host = world.host
    CASES_RUN.append(f"round trip {text!r}")

    profile = host.request("PATCH", "/v1/me", json={"displayName": text})
    assert profile.status_code == 200, profile.text
    assert host.request("GET", "/v1/me").json()["displayName"] == text

    starts, ends = next_slot()
    created = host.request("POST", "/v1/meetings", json={"title": text, "place": text, "startsAt": starts, "endsAt": ends})
    assert created.status_code == 201, created.text
    meeting = host.request("GET", f"/v1/meetings/{created.json()['id']}").json()
    assert (meeting["title"], meeting["place"]) == (text, text)

    member = host.request("POST", f"/v1/series/{meeting['seriesId']}/roster", json={"name": text})
    assert member.status_code == 201, member.text
    names = [item["name"] for item in host.request("GET", f"/v1/series/{meeting['seriesId']}/roster").json()["items"]]
    assert names == [text]

    saved = host.request("PUT", f"/v1/meetings/{meeting['id']}/form", json=form_with(text))
    assert saved.status_code == 200, saved.text
    form = host.request("GET", f"/v1/meetings/{meeting['id']}/form").json()
    pick, scale, words = form["questions"]
    assert form["title"] == pick["prompt"] == pick["options"][0]["label"] == text
    assert scale["prompt"] == scale["minLabel"] == scale["maxLabel"] == words["prompt"] == words["placeholder"] == text
    code = host.request("POST", f"/v1/meetings/{meeting['id']}/form/publish").json()["code"]
    participant = world.api.request("GET", f"/v1/f/{code}").json()
    assert participant["title"] == participant["meeting"]["title"] == participant["meeting"]["place"] == text

    answers = [{"questionKey": "pick", "optionIds": ["mine"], "otherText": text},
               {"questionKey": "scale", "rating": 3}, {"questionKey": "words", "text": text}]
    submitted = world.api.request("POST", f"/v1/f/{code}/responses", json={"answers": answers})
    assert submitted.status_code == 201, submitted.text
    stored = {answer["questionKey"]: answer for answer in submitted.json()["answers"]}
    assert stored["pick"]["otherText"] == stored["words"]["text"] == text
    page = host.request("GET", f"/v1/meetings/{meeting['id']}/questions/words/answers").json()
    assert [item["text"] for item in page["items"]] == [text]
    results = host.request("GET", f"/v1/meetings/{meeting['id']}/results").json()
    assert results["questions"][0]["otherTexts"] == [text]


def test_check_in_names_come_back_exactly(world: World):
    for text in TEXTS:
        assert world.api.request("POST", f"/v1/f/{world.identified_code}/check-in", json={"name": text}).status_code == 201
    attendance = world.host.request("GET", f"/v1/meetings/{world.identified_meeting}/attendance").json()
    names = [check_in.get("name") for check_in in attendance["checkIns"]]
    for text in TEXTS:
        assert text in names
    CASES_RUN.append("check-in names")


# ---------------------------------------------------------------------------- CSV formulas

FORMULAS = ["=1+2", "+SUM(A1:A9)", "-2+3+cmd|' /C calc'!A0", "@SUM(1,1)", "=HYPERLINK(\"http://x.example\",\"y\")"]
NUMBER = re.compile(r"^-?\d+(\.\d+)?(e[-+]?\d+)?$")


def formula_form(session: int) -> dict:
    return {
        "title": FORMULAS[0], "anonymous": False, "privacyThreshold": 1, "allowsEditing": False,
        "questions": [
            {"key": "-pick", "prompt": FORMULAS[1], "kind": "choice", "allowsOther": True, "allowsMultiple": True,
             "options": [{"id": "-minus", "label": FORMULAS[2]}, {"id": "plain", "label": FORMULAS[3]}]},
            {"key": "scale", "prompt": FORMULAS[4], "kind": "rating", "min": 0, "max": 10},
            {"key": "words", "prompt": f"@words {session}", "kind": "shortAnswer"},
        ],
    }


def test_formulas_are_neutralized_in_every_export_layout(world: World, artifacts: Path):
    host = world.host
    first = host.create_meeting(title=FORMULAS[0], starts_in=timedelta(days=-30))
    starts, ends = iso(datetime.now(timezone.utc) - timedelta(days=20)), iso(datetime.now(timezone.utc) - timedelta(days=20, hours=-1))
    second = host.request("POST", f"/v1/meetings/{first}/next", json={"startsAt": starts, "endsAt": ends})
    assert second.status_code == 201, second.text
    series = second.json()["seriesId"]
    for session, meeting in enumerate([first, second.json()["id"]], start=1):
        code = host.publish_form(meeting, formula_form(session))["code"]
        for formula in FORMULAS:
            token = world.api.request("POST", f"/v1/f/{code}/check-in", json={"name": formula}).json()["participantToken"]
            answers = [{"questionKey": "-pick", "optionIds": ["-minus", "plain"], "otherText": formula},
                       {"questionKey": "scale", "rating": 0}, {"questionKey": "words", "text": formula + " " + formula}]
            reply = world.api.request("POST", f"/v1/f/{code}/responses", json={"participantToken": token, "answers": answers})
            assert reply.status_code == 201, reply.text
    for layout in ("responses", "answers", "summary", "trends"):
        for target in (f"/v1/series/{series}", f"/v1/meetings/{first}"):
            export = host.request("GET", f"{target}/export.csv?layout={layout}")
            assert export.status_code == 200, export.text
            (artifacts / f"formulas-{layout}-{target.split('/')[2]}.csv").write_bytes(export.content)
            cells = [cell for row in csv.reader(io.StringIO(export.content.decode("utf-8"))) for cell in row]
            dangerous = [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not NUMBER.match(cell)]
            assert dangerous == [], f"{layout} {target}: cells a spreadsheet would run: {dangerous[:5]}"
            quoted = {cell[1:] for cell in cells if cell.startswith("'")}
            expected = {"summary": FORMULAS[1:3], "trends": FORMULAS[1:2]}.get(layout, FORMULAS)
            assert set(expected) <= quoted, f"{layout} {target}: {set(expected) - quoted} not neutralized as '…"
            CASES_RUN.append(f"export {layout} {target.split('/')[2]}")


def test_the_neutralizing_function_covers_tab_and_carriage_return(database_url: str):
    # Text fields are trimmed, so no stored text starts with a tab or CR; the one SQL function
    # every layout calls must still neutralize them (COPY writes whatever it is given).
    from conftest import psql
    # Compared inside PostgreSQL: psql's output would turn the CR into a line break.
    mismatches = psql(database_url, r"""
        SELECT count(*) FROM (VALUES (E'\t=1', E'''\t=1'), (E'\r=1', E'''\r=1'), ('=1', '''=1'), ('+1', '''+1'),
                                     ('-1', '''-1'), ('@1', '''@1'), ('ok', 'ok'), (NULL, NULL)) AS t(cell, expected)
        WHERE debrief_csv_cell(cell) IS DISTINCT FROM expected""")
    assert mismatches == "0"
    CASES_RUN.append("debrief_csv_cell tab and CR")


# ---------------------------------------------------------------------------- mail addresses
# Addresses the mail pages refuse (issue 34): each would reach an SMTP envelope or a header, so a
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


def test_zz_report_the_case_count(artifacts: Path):
    """Runs last in this module (pytest keeps file order): records how many cases ran."""
    (artifacts / "bad-input-cases.txt").write_text(f"{len(CASES_RUN)} bad-input cases\n" + "\n".join(CASES_RUN) + "\n")
    print(f"\nbad-input corpus: {len(CASES_RUN)} cases")
    assert len(CASES_RUN) > 500


def test_room_posts_and_votes_without_an_issued_identity_are_400_naming_the_header(world: World):
    """Issue 67: a post or a vote in the room's questions needs an identity the server issued for
    this form; none, a forged one, another form's or an oversized one is a 400 naming
    `Debrief-Voter`, and nothing is stored (they used to mint a new participant each)."""
    question = _room_question(world)
    other = world.api.request("POST", f"/v1/f/{world.identified_code}/room-questions/voter")
    assert other.status_code == 409, "the identified form's room is off: it issues none"
    forged = "00000000-0000-4000-8000-000000000000.bm90LWEtbWFj"
    for name, headers in [("none", {}), ("forged", {"Debrief-Voter": forged}), ("junk", {"Debrief-Voter": "x" * 4000}),
                          ("empty", {"Debrief-Voter": ""})]:
        for method, path, body in [
            ("POST", f"/v1/f/{world.anonymous_code}/room-questions", b'{"text":"Flood"}'),
            ("PUT", f"/v1/f/{world.anonymous_code}/room-questions/{question}/vote", b""),
            ("DELETE", f"/v1/f/{world.anonymous_code}/room-questions/{question}/vote", b""),
        ]:
            response = rawhttp.send(world.port, method, path, body, {"Content-Type": "application/json", **headers})
            expect_refusal(response, f"{method} room with {name} voter", paths={"Debrief-Voter"}, statuses=(400,))
    listed = world.api.request("GET", f"/v1/f/{world.anonymous_code}/room-questions").json()["questions"]
    assert [item["votes"] for item in listed if item["id"] == question] == [0]
