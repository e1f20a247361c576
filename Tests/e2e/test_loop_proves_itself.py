"""The loop that proves itself over two sessions of one series, in real browsers (issue 71's "Done
when").

Session 1, an anonymous form asked of a team of five: each is mailed a personal link by a real SMTP
server (aiosmtpd); one answers with a tap in the mail's row of numbers, the others through their
links. While the room is open a phone sends reactions and the presenter, already showing, counts
them without a reload. The host records an action on the rating. The session's dashboard shows a
theme the five wrote in their own words, and its report, printed to PDF by Chromium, carries the
mean and the theme. Session 2: the same five rate it higher, and the presenter's first step shows
the action's change with its interval.
"""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta, timezone

import pytest
import requests
from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API, free_port, iso, start_server
from mail_sink import smtp, smtp_environment  # noqa: F401 - the SMTP fixture
from test_dashboard import sign_in
from test_meeting_loop import mail_the_roster, personal_links, record_action, tap_links
from test_reactions import presenter_count, react
from test_report_pdf import printed
from test_room_questions import open_phone, open_presenter, turn_on_questions
from test_themes import theme_items

FORM = {
    "title": "Weekly sync",
    "anonymous": True,
    "privacyThreshold": 3,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 1, "max": 5},
        {"key": "change", "prompt": "What should we change?", "kind": "shortAnswer"},
    ],
}
SEND = "form[action^='/f/']:not(.checkin):not(.room-post):not(.actions) button[type='submit']"
# Five people saying one thing in their own words: no single word is used by three of them.
CHANGES = {
    "Ana": "The meeting ran too long",
    "Ben": "Meetings are too long for a status round",
    "Chloe": "Shorter meeting please, it drags",
    "Dan": "Long meetings; cut the slides",
    "Eve": "It was long, keep it to 30 minutes",
}
FIRST_RATINGS = {"Ana": 2, "Ben": 2, "Chloe": 3, "Dan": 2, "Eve": 3}
SECOND_RATINGS = {"Ana": 4, "Ben": 5, "Chloe": 4, "Dan": 5, "Eve": 4}


@pytest.fixture(scope="module")
def mailing_server(database_url, smtp):  # noqa: F811 - the fixture imported above
    """One server that mails through the module's SMTP server."""
    _, port, cert = smtp
    web_port = free_port()
    running = start_server(database_url, port=web_port, env=smtp_environment(port, cert),
                           args=["--public-url", f"http://127.0.0.1:{web_port}"])
    yield running
    running.stop()


def answer_by_link(base_url: str, code: str, link: str, rating: int, text: str) -> None:
    reply = requests.post(f"{base_url}/v1/f/{code}/responses", timeout=30, headers={"Idempotency-Key": secrets.token_hex(8)},
                          json={"personalLink": link.split("?p=")[1], "answers": [
                              {"questionKey": "useful", "rating": rating}, {"questionKey": "change", "text": text}]})
    assert reply.status_code == 201, reply.text


def test_two_sessions_prove_the_loop(mailing_server, smtp, browser, tmp_path):  # noqa: F811
    inbox, _, _ = smtp
    api = API(mailing_server.base_url)
    host = api.sign_up("Loop host")
    first = host.create_meeting("Weekly sync", starts_in=timedelta(minutes=-50))
    code = host.publish_form(first, FORM)["code"]
    series = host.request("GET", f"/v1/meetings/{first}").json()["seriesId"]
    turn_on_questions(host, first)

    # --- Session 1: reactions from a phone, counted on the presenter already showing.
    projector = open_presenter(browser, api.base_url, host, first)
    projector.execute_script("document.body.dataset.sameDocument = 'yes'")
    phone = open_phone(browser, api.base_url, code)
    react(phone, "clap")
    react(phone, "thumbsUp")
    react(phone, "clap")
    wait_for(projector, lambda d: presenter_count(d, "clap") == "2" and presenter_count(d, "thumbsUp") == "1")
    assert projector.execute_script("return document.body.dataset.sameDocument") == "yes", "the presenter reloaded"

    # The five are mailed; Ana answers with a tap in her mail's row, the others through their links.
    _, messages = mail_the_roster(host, first, series, inbox, CHANGES)
    taps = tap_links(messages["Ana"])
    assert len(taps) == 5, taps
    phone.get(taps[FIRST_RATINGS["Ana"] - 1])
    assert phone.find_element(By.ID, f"q-useful-{FIRST_RATINGS['Ana']}").is_selected(), "the tap filled the rating in"
    phone.find_element(By.ID, "q-change").send_keys(CHANGES["Ana"])
    phone.find_element(By.CSS_SELECTOR, SEND).click()
    wait_for(phone, lambda d: "/thanks" in d.current_url)
    for name in ("Ben", "Chloe", "Dan", "Eve"):
        [link] = personal_links(messages[name])
        answer_by_link(api.base_url, code, link, FIRST_RATINGS[name], CHANGES[name])
    assert host.request("GET", f"/v1/meetings/{first}/results").json()["summary"]["responses"] == 5

    # The host records an action on the rating.
    laptop = browser(width=1280, height=900)
    sign_in(laptop, api.base_url, host, f"/m/{first}")
    record_action(laptop, "Keep the meeting to 30 minutes", "useful")

    # What the five wrote, in one theme: more than k of them, though no written word reached k.
    [question] = [q for q in host.request("GET", f"/v1/meetings/{first}/results").json()["questions"] if q["key"] == "change"]
    [theme] = question["themes"]
    assert theme["respondents"] >= FORM["privacyThreshold"], theme
    laptop.get(f"{api.base_url}/m/{first}")
    [item] = wait_for(laptop, theme_items)
    assert all(word in item for word in theme["words"]) and f"{theme['respondents']} respondents" in item, item

    # The report, printed to PDF, carries the mean (2, 2, 3, 2, 3) and the theme.
    laptop.get(f"{api.base_url}/m/{first}/report")
    text, size = printed(laptop, tmp_path, "first-session")
    assert "(A4)" in size and "2.4" in text and all(word in text for word in theme["words"]), text[:600]

    # --- Session 2, a week later: the same five rate it higher.
    starts = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=7)
    nxt = host.request("POST", f"/v1/meetings/{first}/next", json={"startsAt": iso(starts), "endsAt": iso(starts + timedelta(hours=1))})
    assert nxt.status_code == 201, nxt.text
    second = nxt.json()["id"]
    second_code = host.publish_form(second, FORM)["code"]
    for name, rating in SECOND_RATINGS.items():
        reply = requests.post(f"{api.base_url}/v1/f/{second_code}/responses", timeout=30,
                              json={"answers": [{"questionKey": "useful", "rating": rating}]})
        assert reply.status_code == 201, reply.text

    # The presenter's first step is the review: the action with its question's change (2.4 → 4.4).
    projector.get(f"{api.base_url}/m/{second}/present")
    review = projector.find_element(By.ID, "presenter-review")
    assert review.is_displayed() and "Keep the meeting to 30 minutes" in review.text, review.text
    change = review.find_element(By.CLASS_NAME, "action-change").text
    assert "+2" in change and "95 % interval" in change, change
