"""Nothing a host types in the form builder is lost (issue 32, item 1).

Without script: a saved draft is edited (a question's text changed, a question added with the
page's own button) and published without "Save draft": the published form is the one on the
page. With script: leaving the builder with unsaved changes (a typed text, an added question)
asks first (`beforeunload`); after a save, or a Publish (which saves), it does not.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in
from test_follow_up_questions import set_text

DRAFT = {
    "title": "Retro feedback",
    "anonymous": True,
    "questions": [
        {"key": "topic", "prompt": "Best topic?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
    ],
}

# What the builder's `beforeunload` listener says about leaving now: true when it asks first.
# (ChromeDriver settles a real navigation's prompt itself, so the listener is asked directly.)
ASKS_BEFORE_LEAVING = """
const event = new Event('beforeunload', {cancelable: true});
window.dispatchEvent(event);
return event.defaultPrevented;
"""


def saved_draft(api: API):
    host = api.sign_up("Builder Host")
    meeting = host.create_meeting("Weekly retro")
    saved = host.request("PUT", f"/v1/meetings/{meeting}/form", json=DRAFT)
    assert saved.status_code == 200, saved.text
    return host, meeting


def test_publish_without_script_publishes_the_edits_on_the_page(api: API, browser) -> None:
    host, meeting = saved_draft(api)
    builder = browser(width=1280, height=900, javascript=False)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()  # a saved question is a summary line
    set_text(builder, "q0-prompt", "Best topic this week?")
    builder.find_element(By.ID, "add-rating").click()  # without script: the page comes back with it added
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt"))
    assert builder.find_element(By.ID, "q0-prompt").get_attribute("value") == "Best topic this week?"
    set_text(builder, "q1-prompt", "Was the pace right?")
    builder.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{meeting}/form/publish']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, "a[href*='/f/']"))
    published = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    assert published["publishedAt"] is not None, published
    assert [q["prompt"] for q in published["questions"]] == ["Best topic this week?", "Was the pace right?"], published


def test_leaving_with_unsaved_changes_asks_first(api: API, browser) -> None:
    host, meeting = saved_draft(api)
    builder = browser(width=1280, height=900)
    sign_in(builder, api.base_url, host, f"/m/{meeting}/form")
    wait_for(builder, lambda d: d.find_element(By.ID, "reorder-hint").is_displayed())  # the script runs
    assert not builder.execute_script(ASKS_BEFORE_LEAVING), "nothing changed yet"

    builder.find_element(By.CSS_SELECTOR, "#q0 summary").click()  # a saved question is a summary line
    set_text(builder, "q0-prompt", "Best topic this week?")
    assert builder.execute_script(ASKS_BEFORE_LEAVING), "a typed change is not saved"
    builder.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    assert not builder.execute_script(ASKS_BEFORE_LEAVING), "saved: leaving loses nothing"

    builder.find_element(By.ID, "add-shortAnswer").click()  # with script: added in place, not saved
    wait_for(builder, lambda d: d.find_element(By.ID, "q1-prompt"))
    assert builder.execute_script(ASKS_BEFORE_LEAVING), "an added question is not saved"
    set_text(builder, "q1-prompt", "Anything else?")
    builder.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{meeting}/form/publish']").click()
    wait_for(builder, lambda d: d.find_elements(By.CSS_SELECTOR, "a[href*='/f/']"))
    published = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    assert [q["prompt"] for q in published["questions"]] == ["Best topic this week?", "Anything else?"], published
    builder.find_element(By.CSS_SELECTOR, f"main a[href='/m/{meeting}']").click()
    wait_for(builder, lambda d: d.current_url.endswith(f"/m/{meeting}"))
