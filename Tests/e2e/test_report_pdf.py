"""The reports to hand on, printed to PDF by Chromium and read back (issue 71 goal 5, decision 104).

A session of three answers on a form written in Korean: its report printed on A4 and on Letter
(the paper's size read with `pdfinfo`), its numbers and Korean words read back with `pdftotext`
(the words are text in the PDF, in an embedded CJK font, not pictures), and the series' report.
"""
from __future__ import annotations

import base64
import subprocess
from datetime import timedelta
from pathlib import Path

import requests

from conftest import API
from test_dashboard import sign_in

FORM = {
    "title": "주간 회고",
    "anonymous": True,
    "privacyThreshold": 2,
    "questions": [
        {"key": "useful", "prompt": "얼마나 유익했나요?", "kind": "rating", "min": 1, "max": 5},
        {"key": "pace", "prompt": "How was the pace?", "kind": "choice",
         "options": [{"id": "slow", "label": "Too slow"}, {"id": "ok", "label": "Just right"},
                     {"id": "fast", "label": "Too fast"}]},
    ],
}


def printed(driver, tmp_path: Path, name: str) -> tuple[str, str]:
    """The page printed to PDF at the size its stylesheet asks: (pdftotext's text, pdfinfo's page size)."""
    result = driver.execute_cdp_cmd("Page.printToPDF", {"preferCSSPageSize": True})
    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(base64.b64decode(result["data"]))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    size = next(line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("Page size:"))
    return " ".join(text.split()), size


def test_a_session_report_prints_on_a4_and_letter_with_its_numbers_and_korean_words(server, browser, tmp_path):
    api = API(server.base_url)
    host = api.sign_up("Report host")
    meeting = host.create_meeting("주간 회의", starts_in=timedelta(minutes=-30))
    code = host.publish_form(meeting, FORM)["code"]
    for rating, pace in [(2, "ok"), (4, "ok"), (5, "fast")]:
        sent = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30, json={"answers": [
            {"questionKey": "useful", "rating": rating}, {"questionKey": "pace", "optionIds": [pace]}]})
        assert sent.status_code == 201, sent.text

    driver = browser(width=1280, height=900)
    sign_in(driver, api.base_url, host, f"/m/{meeting}/report")
    text, size = printed(driver, tmp_path, "a4")
    assert "(A4)" in size, size
    assert "주간 회의" in text and "얼마나 유익했나요?" in text, text[:400]
    # The tiles stand side by side (numbers above their labels): the per-minute chart says it in words.
    assert "3 responses · responses per minute" in text, text[:600]
    # The rating's mean (2, 4, 5) and the choice's numbers table, open on paper: 2 of 3 "Just right".
    assert "3.7" in text, text
    assert "Just right 2 66.7%" in text and "Too fast 1 33.3%" in text, text

    driver.get(f"{api.base_url}/m/{meeting}/report?paper=letter")
    letter_text, letter_size = printed(driver, tmp_path, "letter")
    assert "(letter)" in letter_size.lower(), letter_size
    assert "3.7" in letter_text

    driver.get(f"{api.base_url}/m/{meeting}/trends/report")
    series_text, series_size = printed(driver, tmp_path, "series")
    assert "(A4)" in series_size and "Series report: 주간 회의" in series_text, series_text[:400]
