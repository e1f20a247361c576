"""Cells starting with the full-width signs ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20).

Checked with LibreOffice Calc (Debian's libreoffice-calc-nogui, run headless): opening a CSV, it
evaluates a cell starting with an ASCII `=` but keeps full-width ones as text. So Debrief's
exports leave them as written (neutralizing them would put a stray `'` before legitimate
Japanese, Chinese and Korean text such as "＋α"), and this test holds that conclusion to the
spreadsheet itself: it opens Debrief's own export in LibreOffice and requires that no cell became
a formula, with a control file showing the check does see a formula when there is one.
"""
from __future__ import annotations

import os
import re
import subprocess
import tempfile
import zipfile
from pathlib import Path

import requests

from conftest import API

FULL_WIDTH = ["＝1+1", "＋1+1", "－1+1", "＠SUM(1;2)"]


def open_in_calc(csv: bytes) -> tuple[str, str]:
    """The sheet XML and shared strings of `csv` as LibreOffice Calc imports it (UTF-8, comma)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder, "export.csv")
        source.write_bytes(csv)
        done = subprocess.run(
            ["soffice", "--headless", "--norestore", "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx",
             "--outdir", folder, str(source)],
            capture_output=True, text=True, timeout=180, env={**os.environ, "HOME": folder})
        converted = Path(folder, "export.xlsx")
        assert converted.exists(), done.stdout + done.stderr
        with zipfile.ZipFile(converted) as book:
            return book.read("xl/worksheets/sheet1.xml").decode(), book.read("xl/sharedStrings.xml").decode()


def test_the_check_sees_a_formula_when_there_is_one():
    sheet, _ = open_in_calc("cell\n=1+1\n".encode())
    assert "<f" in sheet


def test_full_width_signs_are_not_evaluated_by_calc_and_stay_as_written(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    code = host.publish_form(meeting)["code"]
    for number, text in enumerate(FULL_WIDTH):
        reply = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30, json={"answers": [
            {"questionKey": "useful", "rating": 7}, {"questionKey": "notes", "text": text},
            {"questionKey": "topic", "optionIds": [], "otherText": text}]},
            headers={"Idempotency-Key": f"full-width-{number}"})
        assert reply.status_code == 201, reply.text
    for layout in ("responses", "answers"):
        csv = host.request("GET", f"/v1/meetings/{meeting}/export.csv?layout={layout}").content
        text = csv.decode()
        for cell in FULL_WIDTH:
            # As written: no leading quote added.
            assert re.search(rf"(^|,)\"?{re.escape(cell)}", text, re.MULTILINE), f"{layout}: {cell!r} changed"
        sheet, strings = open_in_calc(csv)
        assert "<f" not in sheet, f"{layout}: Calc evaluated a cell"
        for cell in FULL_WIDTH:
            assert cell[0] in strings, f"{layout}: {cell!r} is not a text cell"
