"""The meeting's loop over two sessions of one series, in real browsers (issue 50's "Done when").

Session 1: two phones at 390 px post and upvote questions from the room while the presenter view
at 1280 px shows the top three, reordered live; four roster members get their personal links by
mail (a real SMTP server, aiosmtpd); two answer through them, and the host's reminder reaches only
the other two, each with a link of their own, one of whom then answers through it. The host
records two actions from the results on the dashboard. Session 2: its dashboard opens with the
actions' review, one is marked done, and the trends page and API show one of two done. The second
session's form is embedded on an allowed origin and refused on another.
"""
from __future__ import annotations

import re
import secrets
from datetime import datetime, timedelta, timezone

import pytest
import requests
from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API, free_port, iso, start_server
from mail_sink import smtp, smtp_environment  # noqa: F401 - the SMTP fixture
from test_action_pages import fits
from test_dashboard import sign_in
from test_embedding import open_site, sites  # noqa: F401 - the two sites' fixture

FORM = {
    "title": "Weekly sync",
    "anonymous": True,
    "privacyThreshold": 2,
    "questions": [
        {"key": "pace", "prompt": "How was the pace?", "kind": "choice",
         "options": [{"id": "slow", "label": "Too slow"}, {"id": "ok", "label": "Just right"},
                     {"id": "fast", "label": "Too fast"}]},
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 1, "max": 5},
    ],
}
PERSONAL_LINK = re.compile(r"http://\S+/f/[A-Za-z0-9]+\?p=dbl_[A-Za-z0-9_-]+")


@pytest.fixture(scope="module")
def loop_server(database_url, smtp, sites):  # noqa: F811 - the fixtures imported above
    """One server that mails (the module's SMTP server) and lets the allowed site frame its forms."""
    _, port, cert = smtp
    web_port = free_port()
    running = start_server(database_url, port=web_port, env=smtp_environment(port, cert), args=[
        "--public-url", f"http://127.0.0.1:{web_port}", "--embed-origins", sites[0].origin])
    yield running
    running.stop()


def mail_the_roster(host, meeting: str, series: str, inbox, names) -> tuple[dict[str, str], dict[str, object]]:
    """Adds `names` to the series' roster, each with an address of their own (proven, as the host's
    PUT makes it), and mails their personal links: the addresses and each one's message."""
    tag = secrets.token_hex(3)
    people = {name: f"{name.lower()}-{tag}@example.org" for name in names}
    for name, address in people.items():
        member = host.request("POST", f"/v1/series/{series}/roster", json={"name": name})
        assert member.status_code == 201, member.text
        mail = host.request("PUT", f"/v1/meetings/{meeting}/roster/{member.json()['id']}/email", json={"email": address})
        assert mail.status_code == 200, mail.text
    sent = host.request("POST", f"/v1/meetings/{meeting}/roster/send")
    assert sent.status_code == 200 and sent.json()["sent"] == len(people), sent.text
    return people, {name: inbox.wait_for(address)[0] for name, address in people.items()}


def personal_links(message) -> list[str]:
    plain = message.get_body(preferencelist=("plain",)).get_content()
    return PERSONAL_LINK.findall(plain)


def tap_links(message) -> list[str]:
    """The one-tap row of a message's HTML part (decision 103): each answer's address, in order."""
    html = message.get_body(preferencelist=("html",)).get_content()
    return [link.replace("&amp;", "&") for link in re.findall(r'href="([^"]+tap=[^"]+)"', html)]


def room_texts(driver, selector: str) -> list[str]:
    """The questions' texts in the order a list shows them, badges left out."""
    return [item.find_element(By.CSS_SELECTOR, ".room-ask-text").text.replace("Pinned", "").strip()
            for item in driver.find_elements(By.CSS_SELECTOR, f"{selector} li.room-ask")]


def post_room_question(phone, text: str) -> None:
    phone.find_element(By.ID, "room-text").send_keys(text)
    phone.find_element(By.CSS_SELECTOR, "form.room-post button[type=submit]").click()
    wait_for(phone, lambda d: "room=posted" in d.current_url)


def vote(phone, text: str, pressed: bool = True) -> None:
    """Presses the vote button of the room question with this text (a plain form post): an
    upvote, or with `pressed` false, taking it back."""
    def button(driver):
        for item in driver.find_elements(By.CSS_SELECTOR, "#room-questions-list li.room-ask"):
            if text in item.find_element(By.CSS_SELECTOR, ".room-ask-text").text:
                return item.find_element(By.CSS_SELECTOR, "form.room-vote button")
        raise AssertionError(f"no room question {text!r} on {driver.current_url}")
    # The list is refetched live under the finger (a fresh element each time): found again each step.
    wait_for(phone, lambda d: button(d).get_attribute("aria-pressed") == ("false" if pressed else "true"))
    wait_for(phone, lambda d: button(d).click() or True)
    wait_for(phone, lambda d: button(d).get_attribute("aria-pressed") == ("true" if pressed else "false"))


def answer_in_browser(phone, link: str) -> None:
    phone.get(link)
    phone.find_element(By.CSS_SELECTOR, "label[for='q-pace-ok']").click()
    phone.find_element(By.CSS_SELECTOR, "label[for='q-useful-4']").click()
    phone.find_element(By.CSS_SELECTOR, "form[action^='/f/']:not(.checkin):not(.room-post) button[type='submit']").click()
    wait_for(phone, lambda d: "/thanks" in d.current_url)


def record_action(driver, title: str, question: str | None) -> None:
    driver.find_element(By.ID, "action-title").send_keys(title)
    if question:
        driver.find_element(By.CSS_SELECTOR, f"#action-question option[value='{question}']").click()
    driver.find_element(By.CSS_SELECTOR, "form[action$='/actions#actions-add-heading'] button[type=submit]").click()
    wait_for(driver, lambda d: "actions=added" in d.current_url and title in d.find_element(By.ID, "actions").text)


def test_two_sessions_of_the_loop(loop_server, smtp, sites, browser):  # noqa: F811
    inbox, _, _ = smtp
    allowed, other = sites
    api = API(loop_server.base_url)
    host = api.sign_up("Loop host")
    first = host.create_meeting("Weekly sync", starts_in=timedelta(minutes=-50))
    code = host.publish_form(first, FORM)["code"]
    series = host.request("GET", f"/v1/meetings/{first}").json()["seriesId"]
    settings = host.request("PUT", f"/v1/meetings/{first}/room-questions/settings",
                            json={"enabled": True, "moderation": "postThenHide", "names": "anonymous"})
    assert settings.status_code == 200, settings.text

    # --- Session 1, the room: the presenter is up before anyone asks.
    projector = browser(width=1280, height=800)
    sign_in(projector, api.base_url, host, f"/m/{first}/present")
    wait_for(projector, lambda d: d.find_element(By.ID, "presenter-room-questions").is_displayed())
    phones = [browser(width=390, height=844) for _ in range(2)]
    for phone in phones:
        phone.get(f"{api.base_url}/f/{code}")
    post_room_question(phones[0], "Can we start on time?")
    post_room_question(phones[1], "Who owns the budget?")
    post_room_question(phones[1], "Should the demo move to Friday?")
    post_room_question(phones[0], "Less status, more decisions?")
    for phone in phones:
        fits(phone)
    # Two votes for the budget, one for the demo: the presenter shows the top three, in that order,
    # without a reload (its page is the same document throughout).
    projector.execute_script("document.body.dataset.sameDocument = 'yes'")
    vote(phones[0], "Who owns the budget?")
    vote(phones[1], "Who owns the budget?")
    vote(phones[0], "Should the demo move to Friday?")
    top = "#presenter-room-questions-list"
    wait_for(projector, lambda d: room_texts(d, top)[:2] == ["Who owns the budget?", "Should the demo move to Friday?"])
    assert len(room_texts(projector, top)) == 3, room_texts(projector, top)
    # A vote taken back and two given elsewhere reorder it again, live.
    vote(phones[1], "Who owns the budget?", pressed=False)
    vote(phones[1], "Less status, more decisions?")
    vote(phones[0], "Less status, more decisions?")
    wait_for(projector, lambda d: room_texts(d, top) == [
        "Less status, more decisions?", "Who owns the budget?", "Should the demo move to Friday?"])
    assert projector.execute_script("return document.body.dataset.sameDocument") == "yes", "the presenter reloaded"
    # Each phone sees the list sorted by votes, its own votes pressed.
    phones[0].get(f"{api.base_url}/f/{code}")
    assert room_texts(phones[0], "#room-questions-list") == [
        "Less status, more decisions?", "Who owns the budget?", "Should the demo move to Friday?", "Can we start on time?"]
    listed = requests.get(f"{api.base_url}/v1/f/{code}/room-questions", timeout=30).json()["questions"]
    assert [(q["text"], q["votes"]) for q in listed] == [
        ("Less status, more decisions?", 2), ("Who owns the budget?", 1), ("Should the demo move to Friday?", 1),
        ("Can we start on time?", 0)]

    # --- Session 1, the roster: four members with addresses, each mailed their own link.
    tag = secrets.token_hex(3)
    people, messages = mail_the_roster(host, first, series, inbox, ("Ana", "Ben", "Chloe", "Dan"))
    links = {name: personal_links(message) for name, message in messages.items()}
    assert all(len(found) == 1 for found in links.values()), links
    assert len({found[0] for found in links.values()}) == 4, "each member has a link of their own"

    # Ana answers on her phone through her link, Ben through the API with his.
    answer_in_browser(phones[0], links["Ana"][0])
    ben = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30, headers={"Idempotency-Key": f"ben-{tag}"},
                        json={"personalLink": links["Ben"][0].split("?p=")[1],
                              "answers": [{"questionKey": "pace", "optionIds": ["slow"]}, {"questionKey": "useful", "rating": 2}]})
    assert ben.status_code == 201, ben.text

    # The reminder reaches only the two who have not answered, each through a new link of their own.
    reminded = host.request("POST", f"/v1/meetings/{first}/roster/remind")
    # An anonymous form: the press says the link's set, never how many it reaches (decision 81).
    assert reminded.status_code == 200 and "reminded" not in reminded.json() and reminded.json()["repeated"] is False, reminded.text
    taps = {}
    for name in ("Chloe", "Dan"):
        messages = inbox.wait_for(people[name], count=2)
        [reminder_link] = personal_links(messages[1])
        assert reminder_link not in links[name], "a fresh link in each message"
        links[name].append(reminder_link)
        taps[name] = tap_links(messages[1])
        assert taps[name] == [f"{reminder_link}&tap={value}" for value in range(1, 6)], taps[name]
    assert len(inbox.to(people["Ana"])) == 1 and len(inbox.to(people["Ben"])) == 1, "nobody who answered is reminded"
    # A mail scanner fetching every tap of Dan's message stores nothing (a GET changes nothing).
    for link in taps["Dan"]:
        assert requests.get(link, timeout=30).status_code == 200
    assert host.request("GET", f"/v1/meetings/{first}/results").json()["summary"]["responses"] == 2
    # Chloe taps 4 in her reminder: the form opens with it filled in, and one press sends it.
    phones[1].get(taps["Chloe"][3])
    assert phones[1].find_element(By.ID, "q-useful-4").is_selected()
    phones[1].find_element(By.CSS_SELECTOR, "label[for='q-pace-ok']").click()
    phones[1].find_element(By.CSS_SELECTOR, "form[action^='/f/']:not(.checkin):not(.room-post) button[type='submit']").click()
    wait_for(phones[1], lambda d: "/thanks" in d.current_url)
    # Her first link proves the same membership: a second answer through it is refused.
    again = requests.post(f"{api.base_url}/v1/f/{code}/responses", timeout=30, json={
        "personalLink": links["Chloe"][0].split("?p=")[1], "answers": [{"questionKey": "useful", "rating": 5}]})
    assert again.status_code == 409 and "personalLink" in again.text, again.text
    results = host.request("GET", f"/v1/meetings/{first}/results").json()
    assert results["summary"]["responses"] == 3, results["summary"]
    assert host.request("POST", f"/v1/meetings/{first}/roster/remind").json()["repeated"] is True, "one press per session"

    # The host records two actions from the results.
    laptop = browser(width=1280, height=900)
    sign_in(laptop, api.base_url, host, f"/m/{first}")
    record_action(laptop, "Publish the budget owner", "pace")
    record_action(laptop, "Move the demo to Friday", None)
    assert [item["title"] for item in host.request("GET", f"/v1/meetings/{first}/actions").json()["items"]] == [
        "Publish the budget owner", "Move the demo to Friday"]

    # --- Session 2: a week later, its dashboard opens with last session's actions.
    starts = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=7)
    nxt = host.request("POST", f"/v1/meetings/{first}/next", json={"startsAt": iso(starts), "endsAt": iso(starts + timedelta(hours=1))})
    assert nxt.status_code == 201, nxt.text
    second = nxt.json()["id"]
    second_code = host.publish_form(second, FORM)["code"]
    laptop.get(f"{api.base_url}/m/{second}")
    review = laptop.find_element(By.ID, "review")
    assert "Publish the budget owner" in review.text and "Move the demo to Friday" in review.text
    review.find_elements(By.CSS_SELECTOR, "li")[0].find_elements(By.TAG_NAME, "button")[0].click()
    wait_for(laptop, lambda d: "review=marked" in d.current_url)
    assert [item["status"] for item in host.request("GET", f"/v1/meetings/{second}/actions/review").json()["items"]] == ["done", "open"]

    # Trends: one of the first session's two actions done (the API and the page).
    trends = host.request("GET", f"/v1/series/{series}/trends").json()
    by_session = {session["meetingId"].lower(): session["actions"] for session in trends["sessions"]}
    assert by_session[first] == {"done": 1, "open": 1, "dropped": 0, "total": 2, "completionRate": 50}, by_session
    # The second session starts next week with nothing counted yet: planned, so left out (decision 83).
    assert second not in by_session and trends["planned"] == 1, trends
    laptop.get(f"{api.base_url}/m/{second}/trends")
    assert "1 of 2 (50%)" in laptop.find_element(By.TAG_NAME, "table").text

    # The second session's form, embedded: answered inside the allowed site, refused on another.
    allowed.markup = other.markup = f'<iframe src="{api.base_url}/f/{second_code}" title="Weekly sync"></iframe>'
    framed = browser(width=1280, height=900)
    open_site(framed, allowed)
    framed.switch_to.frame(framed.find_element(By.TAG_NAME, "iframe"))
    wait_for(framed, lambda d: d.find_elements(By.CSS_SELECTOR, "label[for='q-pace-ok']"))
    framed.switch_to.default_content()
    open_site(framed, other)
    framed.switch_to.frame(framed.find_element(By.TAG_NAME, "iframe"))
    assert framed.find_elements(By.CSS_SELECTOR, "form[action^='/f/'], input, label") == []
    framed.switch_to.default_content()
