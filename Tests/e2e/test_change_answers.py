"""Issue 32 items 14 and 16 in a real browser: a participant changes their answers on a phone, and
a series' stable code opens the current session."""
from __future__ import annotations

from datetime import timedelta

from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from conftest import ROOT, API
from test_participant_page import FORM, fill_every_kind, responses, send, stored_answers

SCREENSHOTS = ROOT / "docs" / "screenshots"


def test_a_participant_changes_their_answers_and_the_series_code_opens_the_session(api: API, database_url: str, browser):
    host = api.sign_up()
    meeting = host.create_meeting(title="Design review")
    code = host.publish_form(meeting, {**FORM, "allowsEditing": True})["code"]
    series_code = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesCode"]

    # The room scans the series' QR code: it opens this session's form.
    driver = browser(width=390, height=844)
    driver.get(f"{api.base_url}/f/{series_code}")
    wait_for(driver, lambda d: d.current_url.endswith(f"/f/{code}"))
    fill_every_kind(driver)
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith(f"/f/{code}/thanks"))
    assert "useful=4" in stored_answers(database_url, code)

    # Reopening the form: "You already answered", with "Change my answers".
    driver.get(f"{api.base_url}/f/{code}")
    assert driver.find_element(By.TAG_NAME, "h1").text == "You already answered"
    assert not driver.find_elements(By.CSS_SELECTOR, "input[name='q.useful']")
    screenshot(driver, SCREENSHOTS / "participant-already-answered.png")
    driver.find_element(By.LINK_TEXT, "Change my answers").click()

    # The form comes back filled in with what was sent; a new rating and pace replace them.
    wait_for(driver, lambda d: d.current_url.endswith(f"/f/{code}/change"))
    assert driver.find_element(By.ID, "q-useful-4").is_selected()
    assert driver.find_element(By.ID, "q-pace-ok").is_selected()
    assert driver.find_element(By.ID, "q-topics-other-text").get_attribute("value") == "Hiring"
    assert "Keep the demos." in driver.find_element(By.ID, "q-notes").get_attribute("value")
    driver.find_element(By.CSS_SELECTOR, "label[for='q-useful-2']").click()
    driver.find_element(By.CSS_SELECTOR, "label[for='q-pace-fast']").click()
    screenshot(driver, SCREENSHOTS / "participant-change-answers.png")
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith(f"/f/{code}/thanks"))

    # One response, with the new answers.
    assert responses(database_url, code) == 1
    answers = stored_answers(database_url, code)
    assert "useful=2" in answers and "pace=fast" in answers and "useful=4" not in answers, answers

    # The form closes: changes are refused with a clear page.
    assert host.request("POST", f"/v1/meetings/{meeting}/form/close").status_code == 200
    driver.get(f"{api.base_url}/f/{code}/change")
    assert "closed" in driver.find_element(By.TAG_NAME, "h1").text.lower()
    # And the series code says no session is open right now.
    driver.get(f"{api.base_url}/f/{series_code}")
    assert driver.find_element(By.TAG_NAME, "h1").text == "No session is open right now"
    assert responses(database_url, code) == 1
