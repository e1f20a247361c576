"""Grid questions in a real browser (docs/decisions/0035-grid-questions.md).

The host builds a three-statement grid in the form builder (with script: the grid is added and
its third statement appended without a reload) and publishes it. One participant answers with
script, one without; both use the table of radio buttons. The dashboard shows the chart's three
bars with their centre line and the per-statement table. axe-core checks the builder, the form
and the dashboard.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS, API
from test_dashboard import sign_in
from test_follow_up_questions import set_text

STATEMENTS = [("agenda", "The agenda was clear"), ("time", "We finished on time"), ("voice", "Everyone could speak")]


def rate(driver, base: str, code: str, ratings: dict[str, int]) -> None:
    driver.get(f"{base}/f/{code}")
    for key, value in ratings.items():
        driver.find_element(By.ID, f"q-meeting-{key}-{value}").click()
    driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))


def test_host_builds_a_grid_and_participants_rate_its_statements(api: API, browser) -> None:
    host = api.sign_up("Ada Host")
    meeting = host.create_meeting("Team sync")
    axe: dict[str, dict[str, int]] = {}

    builder = browser(width=1280, height=900)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    set_text(builder, "form-title", "Team sync feedback")
    Select(builder.find_element(By.ID, "privacyThreshold")).select_by_value("1")  # a choice (issue 32)
    builder.find_element(By.ID, "add-grid").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt"))
    set_text(builder, "q0-prompt", "How was the meeting?")
    set_text(builder, "q0-key", "meeting")
    builder.find_element(By.CSS_SELECTOR, "#q0 button[value='addOption:0']").click()
    wait_for(builder, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#q0 ol.options li")) == 3)
    for index, (key, label) in enumerate(STATEMENTS):
        builder.execute_script(
            "arguments[0].value = arguments[1];", builder.find_element(By.NAME, f"q0.o{index}.id"), key)
        set_text(builder, f"q0-o{index}-label", label)
    set_text(builder, "q0-minLabel", "Disagree")
    set_text(builder, "q0-maxLabel", "Agree")
    audit(builder, "form builder (grid)", axe)
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    grid = stored["questions"][0]
    assert grid["kind"] == "grid" and [s["key"] for s in grid["statements"]] == [k for k, _ in STATEMENTS], grid
    assert (grid["min"], grid["max"], grid["minLabel"], grid["maxLabel"]) == (1, 5, "Disagree", "Agree"), grid
    builder.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{meeting}/form/publish']").click()
    link = wait_for(builder, lambda d: d.find_element(By.CSS_SELECTOR, "a[href*='/f/']"))
    code = link.get_attribute("href").rsplit("/f/", 1)[1]

    phone = browser()
    phone.get(f"{api.base_url}/f/{code}")
    rows = phone.find_elements(By.CSS_SELECTOR, "table.grid tbody tr")
    assert [r.find_element(By.CSS_SELECTOR, "th[scope='row']").text for r in rows] == [l for _, l in STATEMENTS]
    audit(phone, "participant form (grid)", axe)
    rate(phone, api.base_url, code, {"agenda": 4, "time": 2, "voice": 5})
    rate(browser(javascript=False), api.base_url, code, {"agenda": 5, "time": 3})

    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    statements = results["questions"][0]["statements"]
    assert [s["respondents"] for s in statements] == [2, 2, 1], statements
    assert [s["statistics"]["mean"] for s in statements] == [4.5, 2.5, 5], statements

    builder.get(f"{api.base_url}/m/{meeting}")
    grid_chart = "section[aria-labelledby='result-meeting'] .chart svg"
    wait_for(builder, lambda d: len(d.find_elements(By.CSS_SELECTOR, f"{grid_chart} g.row")) == 3)
    assert builder.find_elements(By.CSS_SELECTOR, f"{grid_chart} line.centre"), "the centre line is drawn"
    # The dashboard's live stream may swap the table while it is read: read it whole, within wait_for,
    # which counts a replaced row as "not yet".
    def first_row(d):
        rows = [r.text for r in d.find_elements(By.CSS_SELECTOR, "table.statements tbody tr")]
        return rows[0] if rows and rows[0].startswith("The agenda was clear") and "4.5" in rows[0] else None
    wait_for(builder, first_row)
    audit(builder, "dashboard (grid)", axe)
    write(axe, ARTIFACTS / "axe-grid-question.json")
