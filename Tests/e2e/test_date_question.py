"""A date question in a real browser (issue 69; decision 0084).

The builder's own button adds a date question without script; its earliest and latest day are
native date fields and come back as stored. Two phones at 390 px answer it, one without script,
in the browser's own date field; a third answer comes from the API. The results give the
histogram by day and the median day, and the responses CSV holds each day as `YYYY-MM-DD`.
"""
from __future__ import annotations

import csv
import io

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in

FORM = {
    "title": "Offsite",
    "anonymous": True,
    "privacyThreshold": 1,
    "questions": [
        {"key": "when", "kind": "date", "prompt": "When suits you for the offsite?",
         "earliest": "2026-12-01", "latest": "2026-12-20", "required": True},
    ],
}


def pick(driver, field_id: str, day: str) -> None:
    """Types `day` (`YYYY-MM-DD`) into a native date field as an English (US) Chromium shows it:
    month, day, year."""
    year, month, date = day.split("-")
    field = driver.find_element(By.ID, field_id)
    field.send_keys(month + date + year)
    assert field.get_attribute("value") == day, (field_id, field.get_attribute("value"))


def test_a_date_question_from_the_builder_to_phones_and_results(api: API, browser) -> None:
    host = api.sign_up("Date Host")
    meeting = host.create_meeting("Offsite planning")
    builder = browser(width=1280, height=900, javascript=False)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    builder.find_element(By.ID, "form-title").send_keys("Offsite")
    builder.find_element(By.ID, "add-date").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt"))
    builder.find_element(By.ID, "q0-prompt").send_keys("When suits you for the offsite?")
    for field in ("q0-min", "q0-max"):
        assert builder.find_element(By.ID, field).get_attribute("type") == "date", field
    pick(builder, "q0-min", "2026-12-01")
    pick(builder, "q0-max", "2026-12-20")
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()["questions"][0]
    assert (stored["kind"], stored["earliest"], stored["latest"]) == ("date", "2026-12-01", "2026-12-20"), stored
    builder.get(f"{api.base_url}/m/{meeting}/form")
    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()
    assert builder.find_element(By.ID, "q0-min").get_attribute("value") == "2026-12-01"

    # Published as a participant's form with k = 1, so three answers show.
    code = host.publish_form(meeting, FORM)["code"]
    key = "when"
    phone = browser(width=390, height=844)
    phone.get(f"{api.base_url}/f/{code}")
    field = phone.find_element(By.ID, f"q-{key}")
    assert (field.get_attribute("type"), field.get_attribute("min"), field.get_attribute("max")) == (
        "date", "2026-12-01", "2026-12-20")
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "fits 390 px"

    def answer(driver, day: str) -> None:
        driver.get(f"{api.base_url}/f/{code}")
        pick(driver, f"q-{key}", day)
        driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
        wait_for(driver, lambda d: d.current_url.endswith("/thanks"))

    answer(phone, "2026-12-04")
    answer(browser(width=390, height=844, javascript=False), "2026-12-11")
    opened = host.request("GET", f"/v1/f/{code}").json()["openedToken"]
    sent = host.request("POST", f"/v1/f/{code}/responses", json={"openedToken": opened, "answers": [
        {"questionKey": key, "date": "2026-12-04"}]})
    assert sent.status_code == 201, sent.text

    result = host.request("GET", f"/v1/meetings/{meeting}/results").json()["questions"][0]
    counts = {row["label"]: row["count"] for row in result["chart"]["rows"]}
    assert len(counts) == 20 and counts["2026-12-04"] == 2 and counts["2026-12-11"] == 1, result
    assert result["statistics"]["medianValue"] == "2026-12-04", result

    desk = browser(width=1280, height=900)
    sign_in(desk, api.base_url, host, f"/m/{meeting}")
    wait_for(desk, lambda d: d.find_elements(By.CSS_SELECTOR, f"section[aria-labelledby='result-{key}'] .chart svg .bar"))
    # The dashboard replaces the section as live results arrive: read it where a replaced
    # element counts as "not yet" (a stale reference failed a clean-clone run).
    assert wait_for(desk, lambda d: "2026-12-04" in d.find_element(By.CSS_SELECTOR, f"section[aria-labelledby='result-{key}']").text)

    exported = host.request("GET", f"/v1/meetings/{meeting}/export.csv?layout=responses")
    table = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    column = next(i for i, name in enumerate(table[0]) if name.endswith(f"[{key}]"))
    assert sorted(row[column] for row in table[1:]) == ["2026-12-04", "2026-12-04", "2026-12-11"], table
