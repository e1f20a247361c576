"""Follow-up questions in a real browser (docs/decisions/0034-follow-up-questions.md).

The host builds an NPS question and its follow-up ("What should change?", shown for 0–6) in the
form builder and publishes it. A participant rating 9 never sees the follow-up; one rating 3
answers it (both with script); one without script sees every question with the condition in
words, and their answer is accepted. The dashboard says the follow-up was shown to 2 of the 3
respondents. axe-core (which needs script) checks the builder, the form and the dashboard.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS, API
from test_dashboard import sign_in


def set_text(driver, element_id: str, value: str) -> None:
    element = driver.find_element(By.ID, element_id)
    if element.get_attribute("type") == "number":
        driver.execute_script("arguments[0].value = arguments[1];", element, value)
    else:
        element.clear()
        element.send_keys(value)


def follow_up(driver):
    return driver.find_element(By.CSS_SELECTOR, "[data-show-when-field='q.nps']")


def answer(driver, base: str, code: str, rating: int, text: str | None) -> None:
    driver.get(f"{base}/f/{code}")
    driver.find_element(By.CSS_SELECTOR, f"label[for='q-nps-{rating}']").click()
    if text is not None:
        wait_for(driver, lambda d: follow_up(d).is_displayed())
        driver.find_element(By.ID, "q-change").send_keys(text)
    driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(driver, lambda d: d.current_url.endswith("/thanks"))


def test_host_builds_a_follow_up_and_only_those_shown_answer_it(api: API, browser) -> None:
    host = api.sign_up("Ada Host")
    meeting = host.create_meeting("Sprint retro")
    axe: dict[str, dict[str, int]] = {}

    builder = browser(width=1280, height=900)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    set_text(builder, "form-title", "Retro feedback")
    builder.find_element(By.ID, "add-rating").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt"))
    set_text(builder, "q0-prompt", "Would you recommend this meeting?")
    set_text(builder, "q0-key", "nps")
    set_text(builder, "q0-min", "0")
    set_text(builder, "q0-max", "10")
    builder.find_element(By.ID, "add-shortAnswer").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt"))
    set_text(builder, "q1-prompt", "What should change?")
    set_text(builder, "q1-key", "change")
    builder.execute_script("arguments[0].open = true", builder.find_element(By.CSS_SELECTOR, "#q1 details.show-when"))
    # Chosen from lists (issue 32): the earlier question by its text, then its scale.
    question = Select(builder.find_element(By.ID, "q1-showWhenQuestion"))
    wait_for(builder, lambda d: "nps" in [o.get_attribute("value") for o in question.options])
    question.select_by_value("nps")
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-showWhenTo"))
    Select(builder.find_element(By.ID, "q1-showWhenFrom")).select_by_value("0")
    Select(builder.find_element(By.ID, "q1-showWhenTo")).select_by_value("6")
    audit(builder, "form builder (follow-up)", axe)
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    assert stored["questions"][1]["showWhen"] == {"question": "nps", "ratingBetween": [0, 6]}, stored
    builder.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{meeting}/form/publish']").click()
    link = wait_for(builder, lambda d: d.find_element(By.CSS_SELECTOR, "a[href*='/f/']"))
    code = link.get_attribute("href").rsplit("/f/", 1)[1]

    # With script: hidden until a rating of 0–6.
    phone = browser()
    phone.get(f"{api.base_url}/f/{code}")
    assert not follow_up(phone).is_displayed(), "hidden before any rating"
    phone.find_element(By.CSS_SELECTOR, "label[for='q-nps-9']").click()
    assert not follow_up(phone).is_displayed(), "a 9 never shows it"
    audit(phone, "participant form (script)", axe)
    phone.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(phone, lambda d: d.current_url.endswith("/thanks"))
    answer(browser(), api.base_url, code, 3, "Shorter agenda")

    # Without script: every question, the condition in words, and the answer accepted.
    plain = browser(javascript=False)
    plain.get(f"{api.base_url}/f/{code}")
    condition = plain.find_element(By.CSS_SELECTOR, ".question .condition").text
    assert condition == "Answer if you rated 0–6 on “Would you recommend this meeting?”.", condition
    assert follow_up(plain).is_displayed()
    plain.find_element(By.CSS_SELECTOR, "label[for='q-nps-4']").click()
    plain.find_element(By.ID, "q-change").send_keys("More breaks")
    plain.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(plain, lambda d: d.current_url.endswith("/thanks"))

    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    change = next(q for q in results["questions"] if q["key"] == "change")
    assert (change["shownTo"], change["shownOf"], change["skipped"]) == (2, 3, 0), change
    builder.get(f"{api.base_url}/m/{meeting}")
    # The live panel may be replaced while it is read: wait for the words rather than hold the element.
    wait_for(builder, lambda d: "Shown to 2 of 3 respondents" in [e.text for e in d.find_elements(By.CSS_SELECTOR, ".shown-to")])
    audit(builder, "dashboard (follow-up)", axe)
    write(axe, ARTIFACTS / "axe-follow-up-questions.json")
