"""The bad-input corpus: the world its hostile requests are sent into, and how they are sent.

`ROUTES` is the one table of routes that read a JSON body (each with its path and a valid body
the cases spoil one way at a time); `test_bad_input_routes.py` checks it against the routes the
server's /openapi.yaml documents, so a new route without an entry here fails. The tests are by
theme in `test_bad_input_*.py`; each module gets its own server and world from the fixtures here.

Every refusal must be a 4xx problem document (never a 5xx) whose `errors[].path` names what was
wrong. The cases run are kept in `CASES_RUN`; `test_bad_input_routes.py` (the last of these
modules) prints their number and writes them to artifacts/bad-input-cases.txt.
"""
from __future__ import annotations

import itertools
import json
import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import pytest
import yaml

import rawhttp
from conftest import API, SAMPLE_FORM, iso, start_server

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


# Each module has a world of its own (its own server and database): what is issued or posted once
# is kept per anonymous form.
_ROOM_QUESTION: dict[tuple[str, str], str] = {}


def _room_voter(w) -> str:
    """An identity in the anonymous form's room, issued once (issue 67: posts need one)."""
    if (w.anonymous_code, "voter") not in _ROOM_QUESTION:
        issued = w.api.request("POST", f"/v1/f/{w.anonymous_code}/room-questions/voter")
        assert issued.status_code == 201, issued.text
        _ROOM_QUESTION[(w.anonymous_code, "voter")] = issued.json()["voter"]
    return _ROOM_QUESTION[(w.anonymous_code, "voter")]


def _room_question(w) -> str:
    """One question in the anonymous form's room, posted once, for the host's moderation route."""
    if (w.anonymous_code, "id") not in _ROOM_QUESTION:
        posted = w.api.request("POST", f"/v1/f/{w.anonymous_code}/room-questions", json={"text": "Who owns the roadmap?"},
                               headers={"Debrief-Voter": _room_voter(w)})
        assert posted.status_code == 201, posted.text
        _ROOM_QUESTION[(w.anonymous_code, "id")] = posted.json()["id"]
    return _ROOM_QUESTION[(w.anonymous_code, "id")]


# Headers a route needs besides its body: the room's posts carry an issued identity.
ROUTE_HEADERS = {
    "POST /v1/f/{code}/room-questions": lambda w: {"Debrief-Voter": _room_voter(w)},
    # A reaction (decision 100): a fresh identity each time, so no case meets one identity's cap.
    "POST /v1/f/{code}/reactions": lambda w: {"Debrief-Voter": w.api.request(
        "POST", f"/v1/f/{w.anonymous_code}/room-questions/voter").json()["voter"]},
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
    # The question bank (decision 102): saving the anonymous form's first question, renaming the
    # corpus entry, and inserting it into the draft meeting's form.
    "POST /v1/question-bank": (lambda w: "/v1/question-bank", lambda w: {"meetingId": w.anonymous_meeting, "questionKey": "useful", "name": "Corpus"}),
    "PATCH /v1/question-bank/{entryId}": (lambda w: f"/v1/question-bank/{_corpus_bank_entry(w)}", lambda w: {"name": "Renamed"}),
    "POST /v1/meetings/{id}/form/questions/from-bank": (lambda w: f"/v1/meetings/{w.draft_meeting}/form/questions/from-bank",
                                                        lambda w: {"entryId": _corpus_bank_entry(w), "scope": "session"}),
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
    # Reactions (decision 100): one to the anonymous form's room (its questions are on).
    "POST /v1/f/{code}/reactions": (lambda w: f"/v1/f/{w.anonymous_code}/reactions", lambda w: {"reaction": "clap"}),
    # Teams (decision 90): the corpus host's own team; the unspoiled member bodies name the host
    # itself or an address without an account, so no case changes who is in the team.
    "POST /v1/teams": (lambda w: "/v1/teams", lambda w: {"name": "Corpus team"}),
    "PATCH /v1/teams/{teamId}": (lambda w: f"/v1/teams/{_corpus_team(w)}", lambda w: {"name": "Corpus team"}),
    "POST /v1/teams/{teamId}/members": (lambda w: f"/v1/teams/{_corpus_team(w)}/members",
                                        lambda w: {"email": "nobody@example.com", "role": "viewer"}),
    "PATCH /v1/teams/{teamId}/members/{accountId}": (lambda w: f"/v1/teams/{_corpus_team(w)}/members/{w.host.account_id}",
                                                     lambda w: {"role": "admin"}),
    "POST /v1/series/{id}/transfer-to-team": (lambda w: f"/v1/series/{w.series}/transfer-to-team",
                                              lambda w: {"teamId": _corpus_team(w)}),
    # The team's look (decision 95): an accent that passes WCAG AA with the text it carries.
    "PUT /v1/teams/{teamId}/look": (lambda w: f"/v1/teams/{_corpus_team(w)}/look", lambda w: {"accent": "#1a5e20"}),
}


_TEAMS: dict[str, str] = {}


def _corpus_team(w) -> str:
    """The corpus host's team, made on first use."""
    if w.series not in _TEAMS:
        made = w.host.request("POST", "/v1/teams", json={"name": "Corpus team"})
        assert made.status_code == 201, made.text
        _TEAMS[w.series] = made.json()["id"]
    return _TEAMS[w.series]


_ACTIONS: dict[str, str] = {}


def _corpus_action(w) -> str:
    """The corpus meeting's one action item, recorded on first use."""
    if w.meeting not in _ACTIONS:
        made = w.host.request("POST", f"/v1/meetings/{w.meeting}/actions", json={"title": "Corpus action"})
        assert made.status_code == 201, made.text
        _ACTIONS[w.meeting] = made.json()["id"]
    return _ACTIONS[w.meeting]


_BANK_ENTRIES: dict[str, str] = {}


def _corpus_bank_entry(w) -> str:
    """The corpus host's one question bank entry, saved on first use."""
    if w.meeting not in _BANK_ENTRIES:
        made = w.host.request("POST", "/v1/question-bank", json={"meetingId": w.anonymous_meeting, "questionKey": "useful"})
        assert made.status_code == 201, made.text
        _BANK_ENTRIES[w.meeting] = made.json()["id"]
    return _BANK_ENTRIES[w.meeting]


# Routes whose body may be left out (no body is the default choice, not a malformed one).
OPTIONAL_BODY = {"POST /v1/transfers/{transferId}/accept"}


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
