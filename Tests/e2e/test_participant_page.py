"""The participant page in a real browser: a phone-sized Chromium answers every kind of question."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import requests
from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from conftest import ROOT, API, psql

SCREENSHOTS = ROOT / "docs" / "screenshots"

FORM = {
    "title": "How was the design review?",
    "anonymous": True,
    "sharesResultsWithParticipants": True,
    "privacyThreshold": 1,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 1, "max": 5, "required": True,
         "minLabel": "Not at all", "maxLabel": "Very"},
        {"key": "pace", "prompt": "How was the pace?", "kind": "choice", "required": True,
         "options": [{"id": "slow", "label": "Too slow"}, {"id": "ok", "label": "Just right"}, {"id": "fast", "label": "Too fast"}]},
        {"key": "topics", "prompt": "Which topics mattered?", "kind": "choice", "allowsMultiple": True, "maxSelections": 3,
         "allowsOther": True,
         "options": [{"id": "api", "label": "The API"}, {"id": "ui", "label": "The new pages"}, {"id": "ops", "label": "Operations"}]},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 300,
         "placeholder": "One thing to keep, one to change"},
    ],
}


def publish(api: API, form: dict | None = None) -> str:
    host = api.sign_up()
    meeting = host.create_meeting(title="Design review")
    return host.publish_form(meeting, form or FORM)["code"]


def stored_answers(database_url: str, code: str) -> list[str]:
    rows = psql(database_url, f"""
        SELECT a.question_key || '=' || coalesce(a.rating::text, a.option_id, a.other_text, a.text_value)
        FROM answers a JOIN forms f ON f.id = a.form_id WHERE f.code = '{code}'
        ORDER BY a.question_key, a.position""")
    return rows.splitlines() if rows else []


def responses(database_url: str, code: str) -> int:
    return int(psql(database_url, f"SELECT count(*) FROM responses r JOIN forms f ON f.id = r.form_id WHERE f.code = '{code}'"))


def fill_every_kind(driver) -> None:
    driver.find_element(By.CSS_SELECTOR, "label[for='q-useful-4']").click()
    driver.find_element(By.CSS_SELECTOR, "label[for='q-pace-ok']").click()
    driver.find_element(By.CSS_SELECTOR, "label[for='q-topics-api']").click()
    driver.find_element(By.CSS_SELECTOR, "label[for='q-topics-other']").click()
    driver.find_element(By.ID, "q-topics-other-text").send_keys("Hiring")
    driver.find_element(By.ID, "q-notes").send_keys("Keep the demos. 좋았어요!")


def send(driver) -> None:
    driver.find_element(By.CSS_SELECTOR, "form[action^='/f/']:not(.checkin) button[type='submit']").click()


def test_a_participant_answers_every_kind_on_a_phone(api: API, database_url: str, browser):
    code = publish(api)
    driver = browser(width=390, height=844)
    driver.get(f"{api.base_url}/f/{code}")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
    # Nothing wider than the phone: no sideways scrolling.
    too_wide = driver.execute_script("""
        return [...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > 390)
            .map(e => e.tagName + "#" + e.id + "." + e.className)""")
    assert too_wide == []
    fill_every_kind(driver)
    screenshot(driver, SCREENSHOTS / "participant-page.png")
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith(f"/f/{code}/thanks"))
    assert "Thank you!" in driver.page_source
    # The host shares results: they are on the thank-you page.
    assert "Results so far" in driver.page_source
    assert "The API" in driver.find_element(By.ID, "content").text
    screenshot(driver, SCREENSHOTS / "participant-thanks.png")

    assert responses(database_url, code) == 1
    assert stored_answers(database_url, code) == [
        "notes=Keep the demos. 좋았어요!", "pace=ok", "topics=api", "topics=Hiring", "useful=4"]


def test_a_double_submit_stores_one_response(api: API, database_url: str, browser):
    code = publish(api)
    driver = browser(width=390, height=844)
    driver.get(f"{api.base_url}/f/{code}")
    fill_every_kind(driver)
    # Two posts of the same page at once (what a double tap sends): the body the page would post.
    body = driver.execute_script(
        "return new URLSearchParams(new FormData(document.querySelector(\"form[action$='/f/%s']\"))).toString()" % code)
    with ThreadPoolExecutor(2) as pool:
        statuses = list(pool.map(lambda _: requests.post(
            f"{api.base_url}/f/{code}", data=body, allow_redirects=False, timeout=30,
            headers={"Content-Type": "application/x-www-form-urlencoded"}).status_code, range(2)))
    assert statuses == [303, 303], statuses
    # And once more the ordinary way: the same page, so the same response.
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))
    assert responses(database_url, code) == 1


def test_a_refused_submission_keeps_the_input_and_shows_the_error_at_its_field(api: API, database_url: str, browser):
    code = publish(api)
    driver = browser(width=390, height=844)
    driver.get(f"{api.base_url}/f/{code}")
    driver.find_element(By.CSS_SELECTOR, "label[for='q-pace-fast']").click()
    driver.find_element(By.ID, "q-notes").send_keys("My typed text")
    send(driver)  # the required rating is unanswered
    error = wait_for(driver, lambda d: d.find_element(By.ID, "q-useful-error"))
    assert error.text == "Please answer this question."
    fieldset = driver.find_element(By.ID, "q-useful")
    assert fieldset.get_attribute("aria-invalid") == "true"
    assert "q-useful-error" in fieldset.get_attribute("aria-describedby")
    assert driver.find_element(By.ID, "q-notes").get_attribute("value") == "My typed text"
    assert driver.find_element(By.ID, "q-pace-fast").is_selected()
    # The summary links to the field.
    assert driver.find_element(By.CSS_SELECTOR, ".error-summary a[href='#q-useful']")
    assert responses(database_url, code) == 0
    # Fixed and sent again: stored once.
    driver.find_element(By.CSS_SELECTOR, "label[for='q-useful-2']").click()
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))
    assert responses(database_url, code) == 1


def test_the_page_speaks_korean_to_a_korean_browser(api: API, browser):
    code = publish(api)
    driver = browser(width=390, height=844, language="ko")
    driver.get(f"{api.base_url}/f/{code}")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert "답변 보내기" in driver.page_source
    send(driver)
    error = wait_for(driver, lambda d: d.find_element(By.ID, "q-useful-error"))
    assert error.text == "이 질문에 답해 주세요."


def test_the_page_works_without_javascript(api: API, database_url: str, browser):
    code = publish(api, {**FORM, "anonymous": False})
    driver = browser(width=390, height=844, javascript=False)
    driver.get(f"{api.base_url}/f/{code}")
    # A form that is not anonymous: check in with a name first.
    driver.find_element(By.ID, "checkin-name").send_keys("Ana Lima")
    driver.find_element(By.CSS_SELECTOR, "form.checkin button").click()
    wait_for(driver, lambda d: "You are checked in as Ana Lima." in d.page_source)
    fill_every_kind(driver)
    send(driver)
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))
    linked = psql(database_url, f"""
        SELECT c.name FROM responses r JOIN check_ins c ON c.id = r.check_in_id JOIN forms f ON f.id = r.form_id
        WHERE f.code = '{code}'""")
    assert linked == "Ana Lima"


def test_a_closed_form_says_so(api: API, browser):
    host = api.sign_up()
    meeting = host.create_meeting()
    code = host.publish_form(meeting, FORM)["code"]
    assert host.request("POST", f"/v1/meetings/{meeting}/form/close").status_code == 200
    driver = browser(width=390, height=844, language="ko")
    driver.get(f"{api.base_url}/f/{code}")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert "설문이 마감되었어요" in driver.find_element(By.TAG_NAME, "h1").text
