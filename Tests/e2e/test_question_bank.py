"""The question bank in the browser (issue 71 goal 7, docs/decisions/0102-question-bank.md).

On a phone-wide window (390 px), without script: a host saves a question of one form to their
bank from the builder's "Save to bank" link, opens another form's builder, inserts it from "Insert
a question from your bank", and publishes; the published form has the question with its Korean
translation, and the bank's page fits the width.
"""
from __future__ import annotations

from datetime import timedelta

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in
from test_follow_up_questions import set_text

SOURCE = {
    "title": "Retro feedback", "anonymous": True, "language": "en",
    "questions": [
        {"key": "topic", "prompt": "Best topic?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
    ],
    "translations": {"ko": {"title": "회고 피드백", "questions": {
        "topic": {"prompt": "가장 좋았던 주제는?", "options": {"roadmap": "로드맵", "hiring": "채용"}}}}},
}
TARGET = {
    "title": "Weekly sync", "anonymous": True, "language": "en",
    "questions": [{"key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5}],
    "translations": {"ko": {"title": "주간 회의", "questions": {"useful": {"prompt": "얼마나 유용했나요?"}}}},
}
FITS_THE_WIDTH = "return document.documentElement.scrollWidth <= window.innerWidth"


def test_a_saved_question_goes_into_another_form_and_publishes(api: API, browser) -> None:
    host = api.sign_up("Bank Host")
    source = host.create_meeting("Retro", starts_in=timedelta(days=2))
    assert host.request("PUT", f"/v1/meetings/{source}/form", json=SOURCE).status_code == 200
    target = host.create_meeting("Weekly sync", starts_in=timedelta(days=3))
    assert host.request("PUT", f"/v1/meetings/{target}/form?scope=session", json=TARGET).status_code == 200

    page = browser(width=390, height=844, javascript=False)
    sign_in(page, api.base_url, host, f"/m/{source}/form")
    page.find_element(By.ID, "q0-bank").click()  # "Save to bank" beside the question
    wait_for(page, lambda d: d.find_element(By.ID, "bank-save-topic"))
    assert page.execute_script(FITS_THE_WIDTH), "the bank's page fits a phone"
    set_text(page, "bank-name-topic", "Best topic (EN/KO)")
    page.find_element(By.ID, "bank-save-topic").click()
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))

    page.get(f"{api.base_url}/m/{target}/form")
    page.find_element(By.ID, "insert-from-bank").click()
    insert = wait_for(page, lambda d: d.find_element(By.CSS_SELECTOR, "#bank-entries button[id^='insert-']"))
    assert "Best topic (EN/KO)" in page.find_element(By.ID, "bank-entries").text
    assert page.execute_script(FITS_THE_WIDTH)
    insert.click()
    wait_for(page, lambda d: d.find_elements(By.ID, "q1-prompt"))  # back in the builder, the question added
    page.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{target}/form/publish']").click()
    wait_for(page, lambda d: d.find_elements(By.CSS_SELECTOR, "a[href*='/f/']"))

    published = host.request("GET", f"/v1/meetings/{target}/form").json()
    assert published["publishedAt"] is not None, published
    assert [q["prompt"] for q in published["questions"]] == ["How useful?", "Best topic?"], published
    key = published["questions"][1]["key"]
    assert key != "useful", published
    assert published["translations"]["ko"]["questions"][key]["options"] == {"roadmap": "로드맵", "hiring": "채용"}, published
