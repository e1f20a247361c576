"""A generated question key is a suggestion until the host edits it (issue 68, item d).

A question added in the builder gets the key a save would give it (`q2`), so a follow-up can
name it at once. Typing a key into that field used to append to the suggestion (`q2hiring`);
now the typed key replaces it, and once edited the key is the host's: the generator never
changes it again, while a suggestion nobody edited moves aside when the host's key takes it.
At 390 px, in English and Korean.
"""
from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from accessibility import audit
from browser import wait_for
from conftest import API
from test_dashboard import sign_in
from test_follow_up_questions import set_text


def key(driver, index: int) -> str:
    return driver.find_element(By.ID, f"q{index}-key").get_attribute("value")


def type_key(driver, index: int, text: str) -> None:
    """Clicks into the field (the caret lands after its text, as a host's click does) and types."""
    field = driver.find_element(By.ID, f"q{index}-key")
    field.click()
    field.send_keys(text)


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_typed_key_replaces_the_generated_one_and_stays_the_hosts(api: API, browser, language: str) -> None:
    host = api.sign_up("Key Host")
    meeting = host.create_meeting("Weekly retro")
    builder = browser(width=390, height=844, language=language)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    wait_for(builder, lambda d: d.find_element(By.ID, "reorder-hint").is_displayed())  # the script runs
    builder.find_element(By.ID, "add-choice").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt").is_displayed())
    set_text(builder, "q0-prompt", "Best topic?")
    set_text(builder, "q0-o0-label", "Roadmap")
    set_text(builder, "q0-o1-label", "Hiring")
    builder.find_element(By.ID, "add-shortAnswer").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt").is_displayed())
    set_text(builder, "q1-prompt", "What about hiring?")
    assert key(builder, 1) == "q2", "the suggestion a save would give"

    # Typing replaces the suggestion; what follows is appended to the host's own key.
    type_key(builder, 1, "hiring")
    assert key(builder, 1) == "hiring", key(builder, 1)
    type_key(builder, 1, "2")
    assert key(builder, 1) == "hiring2", key(builder, 1)

    # A third question's suggestion (q3) moves aside when the host gives q3 to the first one;
    # the host's own key (hiring2) is never touched.
    builder.find_element(By.ID, "add-shortAnswer").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q2-prompt").is_displayed())
    set_text(builder, "q2-prompt", "Anything else?")
    assert key(builder, 2) == "q3"
    if not builder.find_element(By.ID, "q0-key").is_displayed():
        builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()
    type_key(builder, 0, "q3")
    assert key(builder, 0) == "q3"
    assert key(builder, 2) == "q4", "the untouched suggestion moved to a free key"
    assert key(builder, 1) == "hiring2"
    assert builder.execute_script("return document.documentElement.scrollWidth") <= 390
    audit(builder, f"form builder keys ({language})", {})

    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    assert [q["key"] for q in stored["questions"]] == ["q3", "hiring2", "q4"], stored
