"""Hostile bodies against every route that reads a JSON body, over real sockets.

The routes come from the corpus' table (`bad_input_corpus.ROUTES`), checked against the server's
/openapi.yaml, so a new one without a corpus entry fails: truncated and invalid JSON, wrong types,
numbers no integer holds, deep nesting, bytes that are not UTF-8, NUL in strings, numbers written
unusually, text of only invisible characters. Each answer must be a 4xx problem document naming
the member. This module runs last of the bad-input modules (pytest keeps file order) and reports
how many cases they ran (artifacts/bad-input-cases.txt).
"""
from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

import rawhttp
from bad_input_corpus import (CASES_RUN, OPTIONAL_BODY, ROUTES, World, _slots, expect_refusal, json_operations, members,
                              replaced, send_raw, server, world)  # noqa: F401 (server, world: this module's fixtures)
from conftest import API, SAMPLE_FORM


def test_every_json_route_has_a_corpus_entry(api: API):
    assert json_operations(api) == set(ROUTES), "routes with a JSON body and the corpus differ"


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


def test_zz_report_the_case_count(artifacts: Path):
    """Runs last in this module (pytest keeps file order): records how many cases ran."""
    (artifacts / "bad-input-cases.txt").write_text(f"{len(CASES_RUN)} bad-input cases\n" + "\n".join(CASES_RUN) + "\n")
    print(f"\nbad-input corpus: {len(CASES_RUN)} cases")
    assert len(CASES_RUN) > 500
