"""The builder a host would enjoy (issue 32, items 3, 5 and 6).

A follow-up is built by choosing from lists — the earlier question by its text, then its
options by their labels — with script (the lists follow the chosen question live) and without
(choose, then "Update choices"). Questions collapse to summary lines; the preview stands beside
the editor at 1280 px and inline at 390 px (screenshots in docs/screenshots/); axe finds no
serious problem on the builder.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API
from test_dashboard import sign_in
from test_follow_up_questions import set_text

SCREENSHOTS = ROOT / "docs" / "screenshots"


def build_choice_and_short_answer(builder) -> None:
    builder.find_element(By.ID, "add-choice").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt").is_displayed())
    set_text(builder, "q0-prompt", "Best topic?")
    set_text(builder, "q0-o0-label", "Roadmap")
    set_text(builder, "q0-o1-label", "Hiring")
    builder.find_element(By.ID, "add-shortAnswer").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt").is_displayed())
    set_text(builder, "q1-prompt", "What about hiring?")
    builder.find_element(By.CSS_SELECTOR, "#q1 details.show-when > summary").click()


def stored_condition(host, meeting):
    stored = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    return stored["questions"][1].get("showWhen")


def test_a_follow_up_is_chosen_from_lists_with_script(api: API, browser) -> None:
    host = api.sign_up("Lists Host")
    meeting = host.create_meeting("Weekly retro")
    axe: dict[str, dict[str, int]] = {}
    builder = browser(width=1280, height=900)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    wait_for(builder, lambda d: d.find_element(By.ID, "reorder-hint").is_displayed())  # the script runs
    build_choice_and_short_answer(builder)
    question = Select(builder.find_element(By.ID, "q1-showWhenQuestion"))
    wait_for(builder, lambda d: "Question 1: Best topic?" in [o.text for o in question.options])
    question.select_by_visible_text("Question 1: Best topic?")
    # The options appear by their labels at once, no reload and no codes.
    hiring = wait_for(builder, lambda d: d.find_element(By.XPATH, "//fieldset[@id='q1-showWhenValues']//label[normalize-space()='Hiring']"))
    assert not builder.find_element(By.CSS_SELECTOR, "#q1 [data-update-choices]").is_displayed()
    hiring.click()
    wait_for(builder, lambda d: "shown when Question 1 is Hiring" in d.find_element(By.CSS_SELECTOR, "#q1 [data-summary-condition]").text)
    audit(builder, "form builder (follow-up lists)", axe)
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    assert stored_condition(host, meeting) == {"question": "q1", "chosen": ["o2"]}

    # Saved: every question is a summary line, the preview beside them.
    assert not builder.find_elements(By.CSS_SELECTOR, "details.question-body[open]")
    assert "What about hiring?" in builder.find_element(By.CSS_SELECTOR, "#q1 summary").text
    # Preview refreshes in place: the page is not reloaded (a marker set now survives).
    builder.execute_script("document.body.setAttribute('data-still-here', '1')")
    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()
    set_text(builder, "q0-prompt", "Best topic this week?")
    builder.find_element(By.CSS_SELECTOR, "button[data-preview]").click()
    wait_for(builder, lambda d: "Best topic this week?" in d.find_element(By.CSS_SELECTOR, "#preview .phone").text)
    assert builder.execute_script("return document.body.getAttribute('data-still-here')") == "1"
    box = builder.execute_script("const r = document.getElementById('preview').getBoundingClientRect(); return [r.left, r.top];")
    assert box[0] > 640, f"the preview stands beside the editor at 1280 px: {box}"
    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()  # closed again for the picture
    audit(builder, "form builder (collapsed, preview beside)", axe)
    builder.execute_script("window.scrollTo(0, 0)")
    screenshot(builder, SCREENSHOTS / "builder-wide.png")

    # The threshold is chosen, with its meaning beside it.
    Select(builder.find_element(By.ID, "privacyThreshold")).select_by_value("5")
    assert "fewer than 5 answers" in builder.find_element(By.ID, "privacyThreshold-explanation").text

    phone = browser(width=390, height=844)
    sign_in(phone, api.base_url, host, f"/m/{meeting}/form")
    left = phone.execute_script("return document.getElementById('preview').getBoundingClientRect().left")
    assert left < 40, "inline under the editor on a phone"
    width = phone.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, f"nothing scrolls sideways on a phone ({width} px)"
    audit(phone, "form builder (phone)", axe)
    screenshot(phone, SCREENSHOTS / "builder-phone.png")
    write(axe, ARTIFACTS / "axe-builder-lists.json")


def test_a_follow_up_is_chosen_from_lists_without_script(api: API, browser) -> None:
    host = api.sign_up("No Script Host")
    meeting = host.create_meeting("Weekly retro")
    builder = browser(width=1280, height=900, javascript=False)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    builder.find_element(By.ID, "add-choice").click()
    wait_for(builder, lambda d: d.find_element(By.ID, "q0-prompt").is_displayed())
    set_text(builder, "q0-prompt", "Best topic?")
    set_text(builder, "q0-o0-label", "Roadmap")
    set_text(builder, "q0-o1-label", "Hiring")
    builder.find_element(By.ID, "add-shortAnswer").click()  # the page comes back with question 2 open
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt").is_displayed())
    set_text(builder, "q1-prompt", "What about hiring?")
    builder.find_element(By.CSS_SELECTOR, "#q1 details.show-when > summary").click()
    Select(builder.find_element(By.ID, "q1-showWhenQuestion")).select_by_visible_text("Question 1: Best topic?")
    builder.find_element(By.CSS_SELECTOR, "#q1 button[value='showWhen:1']").click()
    hiring = wait_for(builder, lambda d: d.find_element(By.XPATH, "//fieldset[@id='q1-showWhenValues']//label[normalize-space()='Hiring']"))
    assert builder.find_element(By.ID, "q1-prompt").get_attribute("value") == "What about hiring?", "nothing typed is lost"
    hiring.click()
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    assert stored_condition(host, meeting) == {"question": "q1", "chosen": ["o2"]}
