"""Text that must come back exactly as it was sent, over real sockets: right-to-left scripts,
combining marks, emoji, SQL, spreadsheet formulas, in every field that stores text; and the CSV
exports, which must neutralize formulas in every layout.
"""
from __future__ import annotations

import csv
import io
import re
import unicodedata
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from bad_input_corpus import CASES_RUN, World, next_slot, server, world  # noqa: F401 (server, world: fixtures)
from conftest import iso


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
