"""A series' live sheet against a real `debrief serve` (docs/decisions/0101-live-sheet.md).

The address a host pastes into Google Sheets' `IMPORTDATA` is fetched with a plain HTTP client
(no credential but its token) and parsed with Python's `csv` module, as a spreadsheet would read
it: the summary layout's header, numbers withheld under k and shown at k, a Korean prompt intact,
a prompt a spreadsheet would run as a formula neutralized, an unchanged sheet answered 304 to its
ETag, and a revoked address a 404.
"""
from __future__ import annotations

import csv
import io
from datetime import timedelta

import requests

from conftest import API

FORM = {
    "title": "Weekly retro",
    "anonymous": True,
    "privacyThreshold": 3,
    "questions": [
        {"key": "useful", "prompt": "=1+2 얼마나 유용했나요?", "kind": "rating", "min": 1, "max": 5, "required": True},
        {"key": "pace", "prompt": "속도는?", "kind": "choice",
         "options": [{"id": "slow", "label": "느림"}, {"id": "ok", "label": "적당"}]},
    ],
}


def read_sheet(url: str, **headers) -> tuple[requests.Response, list[dict[str, str]]]:
    reply = requests.get(url, headers=headers, timeout=30)
    if reply.status_code != 200:
        return reply, []
    assert reply.headers["Content-Type"] == "text/csv; charset=utf-8"
    text = reply.content.decode("utf-8")
    assert not text.startswith("\ufeff"), "no byte order mark: IMPORTDATA would keep it in A1"
    return reply, list(csv.DictReader(io.StringIO(text, newline="")))


def test_a_spreadsheet_reads_the_series_summary_under_k(api: API):
    host = api.sign_up("Sheet host")
    meeting = host.create_meeting("주간 회고", starts_in=timedelta(minutes=-10))
    code = host.publish_form(meeting, FORM)["code"]
    series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    issued = host.request("POST", f"/v1/series/{series}/sheet")
    assert issued.status_code == 201, issued.text
    url = issued.json()["url"]
    assert url.startswith(api.base_url + "/v1/sheets/dbs_") and url.endswith(".csv")
    assert issued.json()["formula"] == f'=IMPORTDATA("{url}")'

    def answer(rating: int, pace: str):
        reply = api.request("POST", f"/v1/f/{code}/responses", json={"answers": [
            {"questionKey": "useful", "rating": rating}, {"questionKey": "pace", "optionIds": [pace]}]})
        assert reply.status_code == 201, reply.text

    answer(5, "ok")
    answer(4, "slow")
    reply, rows = read_sheet(url)
    assert reply.status_code == 200, reply.text
    assert reply.headers["Cache-Control"] == "private, max-age=60"
    assert list(rows[0].keys())[:9] == [
        "meeting_id", "series_id", "session_number", "form_version", "responses", "responses_removed_by_host",
        "question_key", "question_kind", "question_prompt"]
    useful = [row for row in rows if row["question_key"] == "useful"]
    assert useful and all(row["withheld"] == "true" and row["count"] == "" and row["mean"] == "" for row in useful), useful
    assert all(row["question_prompt"] == "'=1+2 얼마나 유용했나요?" for row in useful), "neutralized, Korean intact"

    etag = reply.headers["ETag"]
    unchanged = requests.get(url, headers={"If-None-Match": etag}, timeout=30)
    assert unchanged.status_code == 304 and unchanged.content == b""

    answer(3, "ok")
    reply, rows = read_sheet(url, **{"If-None-Match": etag})
    assert reply.status_code == 200 and reply.headers["ETag"] != etag
    useful = {row["category"]: row for row in rows if row["question_key"] == "useful"}
    assert {key: useful[key]["count"] for key in "12345"} == {"1": "0", "2": "0", "3": "1", "4": "1", "5": "1"}
    assert all(row["withheld"] == "false" and row["mean"] == "4" for row in useful.values())
    pace = {row["category"]: row for row in rows if row["question_key"] == "pace"}
    assert pace["ok"]["label"] == "적당" and pace["ok"]["count"] == "2"

    assert host.request("DELETE", f"/v1/series/{series}/sheet").status_code == 204
    gone = requests.get(url, timeout=30)
    assert gone.status_code == 404 and gone.headers["Content-Type"] == "application/problem+json"
    assert "question_key" not in gone.text
