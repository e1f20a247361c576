"""A translated ranking's live bars keep each option's own word (issue 68).

The room's live events carry the form's own words, and `room.js` puts the page's words (its
language) in their place. A choice keeps its options in the host's order, so the page's words
could be matched by position; a ranking orders its options by Borda points, so when the order
changed after the page was drawn, a Korean label landed on another option's bar. Each row now
names its category on both sides and the words are matched by it.

A phone reads the thanks page in Korean after one answer (order: tests, docs, deploy); two more
answers put "deploy" first; the redrawn bars must still say which option is which.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API

FORM = {
    "title": "Retro",
    "anonymous": True,
    "privacyThreshold": 1,
    "sharesResultsWithParticipants": True,
    "sharesResultsLive": True,
    "questions": [
        {"key": "next", "kind": "ranking", "prompt": "What should we tackle next?",
         "options": [{"id": "tests", "label": "Flaky tests"}, {"id": "docs", "label": "Docs"},
                     {"id": "deploy", "label": "Deploys"}]},
    ],
    "translations": {"ko": {"title": "회고", "questions": {"next": {
        "prompt": "다음에 무엇을 할까요?", "options": {"tests": "불안정한 테스트", "docs": "문서", "deploy": "배포"}}}}},
}


def answer(api: API, code: str, n: int, ranking: list[str]) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": f"rank-{code}-{n}"},
                        json={"answers": [{"questionKey": "next", "ranking": ranking}]})
    assert reply.status_code == 201, reply.text


def test_a_translated_rankings_live_bars_keep_their_words_when_the_order_changes(api: API, browser) -> None:
    host = api.sign_up()
    meeting = host.create_meeting(title="Retro")
    code = host.publish_form(meeting, FORM)["code"]
    answer(api, code, 0, ["tests", "docs", "deploy"])

    phone = browser(width=390, height=844)
    phone.get(f"{api.base_url}/f/{code}/thanks?lang=ko")
    root = lambda d: d.find_element(By.CSS_SELECTOR, "[data-room-live-url]")  # noqa: E731
    wait_for(phone, lambda d: root(d).get_attribute("data-live-state") == "live" and root(d).get_attribute("data-responses") == "1")
    answer(api, code, 1, ["deploy", "docs", "tests"])
    answer(api, code, 2, ["deploy", "docs", "tests"])
    wait_for(phone, lambda d: root(d).get_attribute("data-responses") == "3")
    # Points: deploy 0+2+2 = 4, docs 1+1+1 = 3, tests 2+0+0 = 2, of 9.
    shares = wait_for(phone, lambda d: {
        bar.find_element(By.CLASS_NAME, "room-label").text: bar.find_element(By.CLASS_NAME, "room-value").text
        for bar in d.find_elements(By.CSS_SELECTOR, "[data-key=next] .room-bar")})
    assert shares == {"배포": "점수의 44.4%", "문서": "점수의 33.3%", "불안정한 테스트": "점수의 22.2%"}, shares
