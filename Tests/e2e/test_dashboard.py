"""The host's side in a real browser: sign in, watch the dashboard update live, and CSRF."""
from __future__ import annotations

import re

import requests
from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from conftest import ROOT, API, Host

SCREENSHOTS = ROOT / "docs" / "screenshots"

FORM = {
    "title": "Weekly sync feedback",
    "anonymous": True,
    "privacyThreshold": 3,
    "questions": [
        {"key": "useful", "prompt": "How useful was the sync?", "kind": "rating", "min": 1, "max": 5, "required": True},
        {"key": "nps", "prompt": "Would you recommend this meeting to a colleague?", "kind": "rating", "min": 0, "max": 10},
        {"key": "topic", "prompt": "Best topic?", "kind": "choice", "allowsOther": True,
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"},
                     {"id": "budget", "label": "Budget"}]},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer"},
    ],
}

ANSWERS = [
    (5, 9, "roadmap", "Great roadmap demo, clear next steps"),
    (4, 10, "roadmap", "Roadmap was clear; hiring plan too long"),
    (4, 7, "hiring", "Good hiring update"),
    (3, 6, "budget", "Budget numbers need more context"),
    (5, 9, "roadmap", "Loved the roadmap"),
]


def answer(api: API, code: str, n: int, useful: int, nps: int, topic: str, notes: str) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": f"dash-{code}-{n}"}, json={
        "answers": [{"questionKey": "useful", "rating": useful}, {"questionKey": "nps", "rating": nps},
                    {"questionKey": "topic", "optionIds": [topic]}, {"questionKey": "notes", "text": notes}]})
    assert reply.status_code == 201, reply.text


def sign_in(driver, base_url: str, host: Host, path: str) -> None:
    """Opens a host page signed out, signs in on the page it is sent to, and comes back."""
    driver.get(base_url + path)
    wait_for(driver, lambda d: "/signin?next=" in d.current_url)
    driver.find_element(By.ID, "email").send_keys(host.email)
    driver.find_element(By.ID, "password").send_keys(host.password)
    driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button").click()
    wait_for(driver, lambda d: d.current_url == base_url + path)


def tile(driver, label: str) -> str:
    for item in driver.find_elements(By.CSS_SELECTOR, ".tiles li"):
        if label in item.text:
            return item.find_element(By.CLASS_NAME, "value").text
    return ""


def test_the_dashboard_shows_a_new_response_without_a_reload(api: API, browser):
    host = api.sign_up()
    meeting = host.create_meeting(title="Weekly sync")
    code = host.publish_form(meeting, FORM)["code"]
    for n, (useful, nps, topic, notes) in enumerate(ANSWERS):
        answer(api, code, n, useful, nps, topic, notes)
    checked_in = api.request("POST", f"/v1/f/{code}/check-in", json={})
    assert checked_in.status_code == 201

    driver = browser(width=1280, height=800)
    sign_in(driver, api.base_url, host, f"/m/{meeting}")
    # (The live script may be swapping the panel in while it is read: wait, do not just look.)
    wait_for(driver, lambda d: tile(d, "Responses") == "5")
    # The script is connected to the live stream before the next answer arrives.
    wait_for(driver, lambda d: d.find_element(By.ID, "content").get_attribute("data-live-state") == "live")
    answer(api, code, 99, 4, 8, "hiring", "Short and useful")
    wait_for(driver, lambda d: tile(d, "Responses") == "6")
    assert driver.find_element(By.ID, "content").get_attribute("data-updated")
    assert driver.current_url == f"{api.base_url}/m/{meeting}", "updated in place, not reloaded"
    screenshot(driver, SCREENSHOTS / "dashboard.png")


def test_without_javascript_the_dashboard_shows_the_results_of_its_load(api: API, browser):
    host = api.sign_up()
    meeting = host.create_meeting()
    code = host.publish_form(meeting, FORM)["code"]
    answer(api, code, 0, *ANSWERS[0])
    driver = browser(width=1280, height=800, javascript=False)
    sign_in(driver, api.base_url, host, f"/m/{meeting}")
    assert tile(driver, "Responses") == "1"
    assert driver.find_element(By.ID, "live-status").get_attribute("hidden") is not None, "no script, no live note"
    answer(api, code, 1, *ANSWERS[1])
    driver.find_element(By.LINK_TEXT, "Refresh").click()
    wait_for(driver, lambda d: tile(d, "Responses") == "2")


def test_cookie_posts_without_the_right_csrf_token_are_refused(api: API, browser):
    host = api.sign_up()
    driver = browser(width=1280, height=800)
    sign_in(driver, api.base_url, host, "/m")
    session = {c["name"]: c["value"] for c in driver.get_cookies()}["debrief_session"]
    token = driver.find_element(By.CSS_SELECTOR, "form[action='/signout'] input[name='csrf']").get_attribute("value")
    cookies = {"debrief_session": session}
    plain = requests.Session()
    # Tampered at the front: the last base64url character carries spare bits a decoder ignores, so
    # a change there can leave the token's bytes, and so its check, unchanged.
    tampered = ("BB" if token.startswith("AA") else "AA") + token[2:]
    for fields in ({"next": "/m"}, {"csrf": "wrong"}, {"csrf": tampered}):
        refused = plain.post(api.base_url + "/signout", data=fields, cookies=cookies, allow_redirects=False, timeout=30)
        assert refused.status_code == 403, fields
    # Still signed in.
    assert plain.get(api.base_url + "/m", cookies=cookies, allow_redirects=False, timeout=30).status_code == 200
    # A sign-in posted from elsewhere (no nonce cookie of our page) is refused too.
    forged = plain.post(api.base_url + "/signin", data={"email": host.email, "password": host.password, "csrf": token},
                        allow_redirects=False, timeout=30)
    assert forged.status_code == 403
    assert "debrief_session" not in forged.cookies
    # The page's own sign-out works, and ends the session.
    driver.find_element(By.CSS_SELECTOR, "form[action='/signout'] button").click()
    wait_for(driver, lambda d: d.current_url.startswith(api.base_url + "/signin"))
    after = plain.get(api.base_url + "/m", cookies=cookies, allow_redirects=False, timeout=30)
    assert after.status_code == 303
    assert re.match(r"^/signin\?next=", after.headers["Location"])
