"""Live results for the room (issue 37) in a real browser: the participant's thanks page redraws
as answers arrive, and the host's presenter view shows the series code and the live count, with no
text anyone wrote."""
from __future__ import annotations

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

from browser import screenshot, wait_for
from conftest import ROOT, API
from test_dashboard import sign_in

SCREENSHOTS = ROOT / "docs" / "screenshots"

FORM = {
    "title": "All-hands pulse",
    "anonymous": True,
    "privacyThreshold": 2,
    "sharesResultsWithParticipants": True,
    "sharesResultsLive": True,
    "questions": [
        {"key": "pace", "prompt": "How was the pace?", "kind": "choice", "allowsOther": True,
         "options": [{"id": "slow", "label": "Too slow"}, {"id": "ok", "label": "Just right"},
                     {"id": "fast", "label": "Too fast"}]},
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 1, "max": 5},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer"},
    ],
}

SECRET = "Secretzq note nobody else may read"
OTHER = "Otherzq text of one participant"


def answer(api: API, code: str, n: int, pace: str, useful: int) -> None:
    choice = {"questionKey": "pace", "optionIds": [pace]} if pace != "other" else {"questionKey": "pace", "optionIds": [], "otherText": OTHER}
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": f"room-{code}-{n}"}, json={
        "answers": [choice, {"questionKey": "useful", "rating": useful}, {"questionKey": "notes", "text": SECRET}]})
    assert reply.status_code == 201, reply.text


def test_the_thanks_page_and_the_presenter_view_update_live(api: API, browser):
    host = api.sign_up()
    meeting = host.create_meeting(title="All-hands")
    code = host.publish_form(meeting, FORM)["code"]
    for n, (pace, useful) in enumerate([("ok", 4), ("fast", 3), ("other", 5)]):
        answer(api, code, n, pace, useful)

    phone = browser(width=390, height=844)
    phone.get(f"{api.base_url}/f/{code}/thanks")
    root = lambda d: d.find_element(By.CSS_SELECTOR, "[data-room-live-url]")  # noqa: E731
    wait_for(phone, lambda d: root(d).get_attribute("data-live-state") == "live" and root(d).get_attribute("data-responses") == "3")
    answer(api, code, 10, "ok", 5)
    wait_for(phone, lambda d: root(d).get_attribute("data-responses") == "4")
    assert phone.current_url.endswith(f"/f/{code}/thanks"), "updated in place, not reloaded"
    text = phone.find_element(By.ID, "content").text
    assert "Just right" in text and SECRET not in text and OTHER not in text
    # The bars were redrawn from the event (the room's view): 2 of the 4 chose "Just right".
    shares = {bar.find_element(By.CLASS_NAME, "room-label").text: bar.find_element(By.CLASS_NAME, "room-value").text
              for bar in phone.find_elements(By.CSS_SELECTOR, "[data-key=pace] .room-bar")}
    assert shares == {"Too slow": "0%", "Just right": "50%", "Too fast": "25%", "Other": "25%"}, shares

    projector = browser(width=1600, height=900)
    sign_in(projector, api.base_url, host, f"/m/{meeting}/present")
    wait_for(projector, lambda d: d.find_element(By.ID, "content").get_attribute("data-live-state") == "live")
    # The room is shown the series' code, which keeps opening whichever session is current.
    series_code = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesCode"]
    assert series_code and series_code in projector.find_element(By.CLASS_NAME, "presenter-code").text
    assert projector.find_elements(By.CSS_SELECTOR, ".presenter-qr svg")
    answer(api, code, 11, "slow", 2)
    wait_for(projector, lambda d: d.find_element(By.ID, "content").get_attribute("data-responses") == "5")
    assert "5 responses" in projector.find_element(By.ID, "room-count").text
    shown = projector.find_element(By.ID, "content").text
    assert SECRET not in shown and OTHER not in shown
    screenshot(projector, SCREENSHOTS / "presenter-wide.png")

    # The host switches live sharing off: the participant's page stops updating and says nothing more.
    form = dict(FORM, sharesResultsLive=False)
    saved = host.request("PUT", f"/v1/meetings/{meeting}/form", json=form)
    assert saved.status_code == 200, saved.text
    wait_for(phone, lambda d: root(d).get_attribute("data-live-state") == "ended")
    assert api.request("GET", f"/v1/f/{code}/results/live").status_code == 404


def test_the_presenter_steps_through_questions_with_the_keyboard(api: API, browser):
    """One question at a time (issue 48): the arrow keys, a clicker's Page Up/Page Down, Home/End
    and the overview (`o`, Escape) move through the questions and the address follows (`?q=N`);
    the same address without script renders that question alone; axe finds nothing serious."""
    import requests
    from selenium.webdriver.common.keys import Keys

    from accessibility import audit

    host = api.sign_up()
    meeting = host.create_meeting(title="Weekly sync")
    code = host.publish_form(meeting, FORM)["code"]
    for n, (pace, useful) in enumerate([("ok", 4), ("slow", 3), ("ok", 5)]):
        answer(api, code, 100 + n, pace, useful)

    projector = browser(width=1280, height=800)
    sign_in(projector, api.base_url, host, f"/m/{meeting}/present")
    page = projector.find_element(By.ID, "content")
    body = projector.find_element(By.TAG_NAME, "body")

    def shown() -> list[str]:
        # The room's results re-render as answers arrive: a section found may be replaced before
        # it is read, so the reading starts over (a few times at most).
        for attempt in range(5):
            try:
                return [section.get_attribute("data-key")
                        for section in projector.find_elements(By.CSS_SELECTOR, "#room-results [data-key]") if section.is_displayed()]
            except StaleElementReferenceException:
                if attempt == 4:
                    raise
        return []

    def at(n: int, key: str | None) -> None:
        wait_for(projector, lambda d: page.get_attribute("data-room-current") == str(n))
        assert projector.current_url.endswith(f"?q={n if n else 'overview'}"), projector.current_url
        assert shown() == ([key] if key else []), shown()
        assert projector.find_element(By.ID, "presenter-overview").is_displayed() == (n == 0)

    body.send_keys(Keys.ARROW_RIGHT)
    first = int(page.get_attribute("data-room-current"))
    assert first in (1, 2), "the first key shows a question"
    at(first, ["pace", "useful", "notes"][first - 1])
    body.send_keys(Keys.HOME)
    at(1, "pace")
    body.send_keys(Keys.PAGE_DOWN)
    at(2, "useful")
    assert "2" in projector.find_element(By.ID, "presenter-position").text
    body.send_keys(Keys.PAGE_UP)
    at(1, "pace")
    body.send_keys(Keys.PAGE_UP)
    at(1, "pace")  # no step before the first
    body.send_keys(Keys.END)
    at(3, "notes")
    body.send_keys(Keys.ARROW_RIGHT)
    at(3, "notes")  # nor after the last
    body.send_keys("o")
    at(0, None)
    body.send_keys(Keys.ESCAPE)
    at(0, None)
    body.send_keys(Keys.ARROW_DOWN)
    at(3, "notes")  # back to where the overview was opened from
    log: dict[str, dict[str, int]] = {}
    audit(projector, "presenter view (one question)", log)
    body.send_keys("o")
    at(0, None)
    audit(projector, "presenter view (overview)", log)

    # Without script, the address alone decides: the server renders question 2 and hides the rest.
    cookies = {cookie["name"]: cookie["value"] for cookie in projector.get_cookies()}
    html = requests.get(f"{api.base_url}/m/{meeting}/present?q=2", cookies=cookies, timeout=10).text
    assert 'data-room-current="2"' in html
    assert 'data-key="pace" hidden' in html and 'data-key="notes" hidden' in html and 'data-key="useful" hidden' not in html
    assert 'href="/m/' in html and "?q=1" in html and "?q=3" in html, "previous and next are links"
