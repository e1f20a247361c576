"""Ranking and number questions in a real browser (issue 49; decisions 0069 and 0070).

A host publishes a form with one ranking and one number question. Two phones at 390 px answer
(one with script, one without): places chosen in the ranking's selects, minutes typed into the
number field. The dashboard at 1280 px shows the Borda bars and the histogram, the responses
CSV has a column per ranked option and one for the number, and axe-core finds nothing serious
on the form or the dashboard. Screenshots at both widths go to docs/screenshots/.
"""
from __future__ import annotations

import csv
import io

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API
from test_dashboard import sign_in

SCREENSHOTS = ROOT / "docs" / "screenshots"

FORM = {
    "title": "Retro",
    "anonymous": True,
    "privacyThreshold": 1,
    # The thanks page shows the room's live bars (issue 68: a ranking's share says "of points").
    "sharesResultsWithParticipants": True,
    "sharesResultsLive": True,
    "questions": [
        {"key": "next", "kind": "ranking", "prompt": "What should we tackle next?",
         "options": [{"id": "tests", "label": "Flaky tests"}, {"id": "docs", "label": "Docs"},
                     {"id": "deploy", "label": "Deploys"}]},
        {"key": "minutes", "kind": "number", "prompt": "How many minutes should the meeting last?",
         "minimum": 15, "maximum": 90, "step": 5, "unit": "min", "required": True},
    ],
}


def answer(driver, base: str, code: str, places: dict[str, int], minutes: str) -> None:
    driver.get(f"{base}/f/{code}")
    if driver.find_elements(By.CSS_SELECTOR, "#q-next .ranking-tap"):
        # With script (ranking.js, issue 68): a button per option, tapped in order of preference.
        for option in sorted(places, key=places.__getitem__):
            driver.find_element(By.CSS_SELECTOR, f"button[data-select='q-next-{option}']").click()
    else:
        for option, place in places.items():
            Select(driver.find_element(By.ID, f"q-next-{option}")).select_by_value(str(place))
    field = driver.find_element(By.ID, "q-minutes")
    field.clear()
    field.send_keys(minutes)
    driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))


def test_a_ranking_and_a_number_on_phones_and_the_dashboard(api: API, browser) -> None:
    host = api.sign_up("Ada Host")
    meeting = host.create_meeting("Team retro")
    code = host.publish_form(meeting, FORM)["code"]
    axe: dict[str, dict[str, int]] = {}

    phone = browser(width=390, height=844)
    phone.get(f"{api.base_url}/f/{code}")
    number = phone.find_element(By.ID, "q-minutes")
    assert (number.get_attribute("type"), number.get_attribute("inputmode")) == ("number", "decimal")
    assert (number.get_attribute("min"), number.get_attribute("max"), number.get_attribute("step")) == ("15", "90", "5")
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "fits 390 px"
    audit(phone, "participant form (ranking, number)", axe)
    screenshot(phone, SCREENSHOTS / "ranking-number-phone.png")
    answer(phone, api.base_url, code, {"tests": 1, "docs": 2, "deploy": 3}, "45")
    answer(browser(width=390, height=844, javascript=False), api.base_url, code, {"tests": 1, "docs": 3, "deploy": 2}, "30")
    # A third from the API: deploys first, an hour.
    opened = host.request("GET", f"/v1/f/{code}").json()["openedToken"]
    sent = host.request("POST", f"/v1/f/{code}/responses", json={"openedToken": opened, "answers": [
        {"questionKey": "next", "ranking": ["deploy", "tests", "docs"]}, {"questionKey": "minutes", "number": 60}]})
    assert sent.status_code == 201, sent.text
    # The first phone's thanks page redrew its bars from the third answer's event: a ranking's
    # percent is a share of all Borda points (5 of 9), and says so.
    room = lambda d: d.find_element(By.CSS_SELECTOR, "[data-room-live-url]")  # noqa: E731
    wait_for(phone, lambda d: room(d).get_attribute("data-responses") == "3")
    shares = wait_for(phone, lambda d: {bar.find_element(By.CLASS_NAME, "room-label").text: bar.find_element(By.CLASS_NAME, "room-value").text
                                        for bar in d.find_elements(By.CSS_SELECTOR, "[data-key=next] .room-bar")})
    assert shares == {"Flaky tests": "55.6% of points", "Deploys": "33.3% of points", "Docs": "11.1% of points"}, shares

    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    ranking, minutes = results["questions"]
    # Borda (n - rank, n = 3): tests 2+2+1 = 5, deploy 0+1+2 = 3, docs 1+0+0 = 1.
    assert [(s["optionId"], s["bordaPoints"]) for s in ranking["ranking"]] == [("tests", 5), ("deploy", 3), ("docs", 1)], ranking
    assert minutes["respondents"] == 3 and minutes["statistics"]["mean"] == 45 and minutes["statistics"]["median"] == 45, minutes

    desk = browser(width=1280, height=900)
    sign_in(desk, api.base_url, host, f"/m/{meeting}")
    # Three Borda bars (rows of a bar chart) and the histogram's columns.
    wait_for(desk, lambda d: len(d.find_elements(By.CSS_SELECTOR, "section[aria-labelledby='result-next'] .chart svg g.row")) == 3)
    wait_for(desk, lambda d: d.find_elements(By.CSS_SELECTOR, "section[aria-labelledby='result-minutes'] .chart svg .bar"))
    # Read in one poll (the live panel may replace the chart between a lookup and its text).
    bars = wait_for(desk, lambda d: [row.text for row in d.find_elements(
        By.CSS_SELECTOR, "section[aria-labelledby='result-next'] .chart svg g.row")])
    assert bars and bars[0].startswith("Flaky tests"), f"the bars are sorted by Borda points: {bars}"
    audit(desk, "dashboard (ranking, number)", axe)
    screenshot(desk, SCREENSHOTS / "ranking-number-dashboard-1280.png")

    exported = host.request("GET", f"/v1/meetings/{meeting}/export.csv?layout=responses")
    assert exported.status_code == 200, exported.text[:500]
    table = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    header, body = table[0], table[1:]
    assert len(body) == 3, table
    # Headed `<prompt> [<key>]`, and a ranking's `<prompt>: <option> [<key>.<option id>]` per option.
    number_column = next(i for i, name in enumerate(header) if name.endswith("[minutes]"))
    assert sorted(row[number_column] for row in body) == ["30", "45", "60"], (header, body)
    rank_columns = [i for i, name in enumerate(header) if "[next." in name]
    assert len(rank_columns) == 3, header
    assert sorted(tuple(row[i] for i in rank_columns) for row in body) == sorted(
        [("1", "2", "3"), ("1", "3", "2"), ("2", "3", "1")]), (header, body)
    write(axe, ARTIFACTS / "axe-ranking-number.json")


def test_a_number_question_built_in_the_builder(api: API, browser) -> None:
    """The builder's own button adds a number question (without script, as a phone's or a
    keyboard's host may have it); its bounds, step and unit are stored as typed, come back into
    the same fields, and the page passes axe."""
    host = api.sign_up("Number Builder")
    meeting = host.create_meeting("Weekly retro")
    builder = browser(width=1280, height=900, javascript=False)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    builder.find_element(By.ID, "form-title").send_keys("Retro")
    builder.find_element(By.ID, "add-number").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt"))
    typed = {"q0-prompt": "How many minutes should the meeting last?", "q0-min": "15", "q0-max": "90",
             "q0-step": "2.5", "q0-unit": "min"}
    for field, value in typed.items():
        builder.find_element(By.ID, field).send_keys(value)
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()["questions"][0]
    assert (stored["kind"], stored["minimum"], stored["maximum"], stored["step"], stored["unit"]) == (
        "number", 15, 90, 2.5, "min"), stored
    builder.get(f"{api.base_url}/m/{meeting}/form")
    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()
    for field, value in typed.items():
        assert builder.find_element(By.ID, field).get_attribute("value") == value, field
    axe: dict[str, dict[str, int]] = {}
    scripted = browser(width=1280, height=900)  # axe-core runs as a script
    sign_in(scripted, api.base_url, host, f"/m/{meeting}/form")
    scripted.find_element(By.CSS_SELECTOR, "#q0 summary").click()
    audit(scripted, "form builder (number)", axe)
    write(axe, ARTIFACTS / "axe-builder-number.json")
