"""Themes under k (issue 71 goal 2, decision 105): a team of five answers a short question on an
anonymous form with the default k (3). No word is written by three of them ("meeting" twice,
"meetings" twice, "meeting's" once), so the old word cloud showed nothing; stemmed, all five
share one theme. The dashboard (at 390 px, no script needed), the report and the presenter show
it with its five respondents; the dashboard quotes its answers, the presenter (a room's screen)
does not, and keeps the theme when a sixth answer redraws it live; the cloud participants see
carries the theme's word.
"""
from __future__ import annotations

import requests
from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in

ANSWERS = [
    "Meetings run too long",
    "The meeting dragged on",
    "Fewer meetings please",
    "That meeting overran",
    "The meeting's agenda was vague",
]

FORM = {
    "title": "Weekly retro",
    "anonymous": True,
    "sharesResultsWithParticipants": True,
    "sharesResultsLive": True,
    "questions": [{"key": "better", "prompt": "What would make it better?", "kind": "shortAnswer"}],
}


def theme_items(driver) -> list[str]:
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "ul.themes > li")]


def test_a_team_of_five_sees_a_theme_no_single_word_reached(api: API, browser) -> None:
    host = api.sign_up("Theme host")
    meeting = host.create_meeting("Weekly retro")
    code = host.publish_form(meeting, FORM)["code"]
    for text in ANSWERS:
        sent = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30,
                             json={"answers": [{"questionKey": "better", "text": text}]})
        assert sent.status_code == 201, sent.text

    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    question = results["questions"][0]
    # k is the default, 3; no written word reached it, so the words alone gave no cloud.
    assert max(row["count"] for row in question["chart"]["rows"]) < 3, question["chart"]
    themes = question["themes"]
    assert [(theme["words"], theme["respondents"]) for theme in themes] == [(["meeting"], 5)], themes
    assert len(themes[0]["quotes"]) == 3 and set(themes[0]["quotes"]) <= set(ANSWERS), themes
    assert question["wordCloud"] == [{"word": "meeting", "count": 5}]

    phone = browser(width=390, height=844, javascript=False)
    sign_in(phone, api.base_url, host, f"/m/{meeting}")
    items = wait_for(phone, theme_items)
    assert len(items) == 1 and "meeting" in items[0] and "5 respondents" in items[0], items
    quotes = [li.text for li in phone.find_elements(By.CSS_SELECTOR, "ul.theme-quotes li")]
    assert len(quotes) == 3 and set(quotes) <= set(ANSWERS), quotes
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390

    phone.get(f"{api.base_url}/m/{meeting}/report")
    items = wait_for(phone, theme_items)
    assert "5 respondents" in items[0], items

    korean = browser(width=390, height=844, language="ko", javascript=False)
    sign_in(korean, api.base_url, host, f"/m/{meeting}")
    items = wait_for(korean, theme_items)
    assert "응답자 5명" in items[0] and "주제" in korean.page_source, items

    projector = browser(width=1280, height=800)
    sign_in(projector, api.base_url, host, f"/m/{meeting}/present?q=1")
    items = wait_for(projector, theme_items)
    assert "meeting" in items[0] and "5 respondents" in items[0], items
    assert projector.find_elements(By.CSS_SELECTOR, "ul.theme-quotes li") == []
    page = projector.page_source
    assert not any(answer in page for answer in ANSWERS)
    # A sixth answer arrives live: room.js redraws the question from the room's view, themes included.
    sent = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30,
                         json={"answers": [{"questionKey": "better", "text": "Meetings again"}]})
    assert sent.status_code == 201, sent.text
    wait_for(projector, lambda d: d.find_element(By.TAG_NAME, "main").get_attribute("data-responses") == "6")
    items = wait_for(projector, theme_items)
    assert "meeting" in items[0] and "6 respondents" in items[0], items
    assert projector.find_elements(By.CSS_SELECTOR, "ul.theme-quotes li") == []

    shared = requests.get(f"{api.base_url}/v1/f/{code}/results", timeout=30).json()["questions"][0]
    # Six answers now: "meetings" is the commonest form (3), so it names the theme of six.
    assert shared["wordCloud"] == [{"word": "meetings", "count": 6}], shared["wordCloud"]
    assert shared["themes"] == [{"words": ["meetings"], "respondents": 6, "quotes": []}]
