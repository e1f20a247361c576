"""The .xlsx export (issue 32, item 11) as a spreadsheet user gets it.

Read back with openpyxl (numbers are numbers, times are datetimes, Korean intact, a `=cmd` text
stays a string, withheld cells say `withheld`) and converted by LibreOffice Calc headless
(`soffice --convert-to csv`), which must open the file Debrief wrote and compute no formula.
"""
from __future__ import annotations

import io
import re
import os
import shutil
import subprocess
import tempfile
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
import requests

from conftest import API, SAMPLE_FORM

TEXTS = ["=cmd|' /C calc'!A0", "회의 시간이 너무 길어요, 30분으로", "plain"]


def answer(api: API, code: str, number: int, text: str, rating: int) -> None:
    reply = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30, json={"answers": [
        {"questionKey": "useful", "rating": rating}, {"questionKey": "notes", "text": text},
        {"questionKey": "topic", "optionIds": ["roadmap"]}]},
        headers={"Idempotency-Key": f"xlsx-{code}-{number}"})
    assert reply.status_code == 201, reply.text


def workbook(host, meeting: str) -> tuple[bytes, requests.Response]:
    reply = host.request("GET", f"/v1/meetings/{meeting}/export.xlsx")
    assert reply.status_code == 200, reply.text
    assert reply.headers["Content-Type"] == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return reply.content, reply


def rows(book, sheet: str) -> list[dict]:
    values = list(book[sheet].iter_rows(values_only=True))
    header = values[0]
    return [dict(zip(header, row)) for row in values[1:]]


def test_numbers_dates_korean_and_formula_texts_read_back_with_openpyxl(api: API):
    host = api.sign_up()
    meeting = host.create_meeting(title="주간 회고")
    code = host.publish_form(meeting, {**SAMPLE_FORM, "privacyThreshold": 1})["code"]
    for number, text in enumerate(TEXTS):
        answer(api, code, number, text, rating=number + 7)
    content, reply = workbook(host, meeting)
    disposition = reply.headers["Content-Disposition"]
    assert "filename*=UTF-8''debrief-%EC%A3%BC%EA%B0%84-%ED%9A%8C%EA%B3%A0-" in disposition, disposition

    book = openpyxl.load_workbook(io.BytesIO(content))
    assert book.sheetnames == ["summary", "responses", "trends"]
    responses = rows(book, "responses")
    assert len(responses) == len(TEXTS)
    notes = "Anything else? [notes]"
    assert sorted(row[notes] for row in responses) == sorted(TEXTS)
    for row in responses:
        assert isinstance(row["How useful was it? [useful]"], int), row
        # An anonymous form's export keeps the day only (decision 81).
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}( 00:00:00)?", str(row["submitted_at"])), row
        assert isinstance(row[notes], str)
        # Labels in the answer column, the code beside it.
        assert row["Best topic? [topic]"] == "Roadmap" and row["Best topic? [topic] (code)"] == "roadmap"
    # No cell of any sheet is a formula, whatever it starts with.
    for sheet in book.worksheets:
        for line in sheet.iter_rows():
            for cell in line:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
    summary = rows(book, "summary")
    assert any(isinstance(row["count"], int) for row in summary)
    assert any(isinstance(row["percent"], (int, float)) for row in summary)

    # LibreOffice opens it and keeps the texts as texts (the =cmd cell is no formula there either).
    converted = calc_csv(content)
    assert "회의 시간이 너무 길어요, 30분으로" in converted
    assert "=cmd|' /C calc'!A0" in converted


def test_withheld_cells_say_withheld(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    code = host.publish_form(meeting, {**SAMPLE_FORM, "privacyThreshold": 5})["code"]
    for number in range(2):
        answer(api, code, number, f"only two {number}", rating=5)
    content, _ = workbook(host, meeting)
    book = openpyxl.load_workbook(io.BytesIO(content))
    responses = rows(book, "responses")
    assert len(responses) == 2
    for row in responses:
        assert row["How useful was it? [useful]"] == "withheld", row
        assert row["Anything else? [notes]"] == "withheld", row
    assert "only two" not in calc_csv(content, sheet="responses")


def calc_csv(content: bytes, sheet: str = "responses") -> str:
    """The `sheet` of the workbook as LibreOffice Calc converts it to CSV (UTF-8)."""
    if shutil.which("soffice") is None:
        if os.environ.get("CI"):
            pytest.fail("soffice (libreoffice-calc-nogui) is missing in CI")
        pytest.skip("soffice is not installed (scripts/lib/postgres.sh installs libreoffice-calc-nogui)")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "export.xlsx")
        source.write_bytes(content)
        # 44,34,76: comma, double quote, UTF-8; the last field names the sheet to convert.
        done = subprocess.run(
            ["soffice", "--headless", "--norestore", "--convert-to", f"csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,{['summary', 'responses', 'trends'].index(sheet) + 1}",
             "--outdir", folder, str(source)],
            capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": folder})
        converted = list(Path(folder).glob("export*.csv"))
        assert converted, done.stdout + done.stderr
        return converted[0].read_text(encoding="utf-8")
