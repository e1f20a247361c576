"""Reactions during the meeting (issue 71 goal 4, decision 100), in real browsers: a phone at
390 px taps the reaction buttons of the form page's room section (plain forms, no script needed),
and the presenter view at 1280 px shows the counts, rendered by the server; the presenter and the
dashboard, already open, show the next tap's count without a reload (`reactions.js` follows the
hosts' stream of the counts)."""
from __future__ import annotations

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in
from test_room_questions import open_presenter, open_phone, turn_on_questions


def react(phone, reaction: str) -> None:
    """Taps the button of `reaction`; the page comes back to the room's section with a note."""
    phone.find_element(By.CSS_SELECTOR, f'#reactions button[value="{reaction}"]').click()
    wait_for(phone, lambda d: "room=reacted" in d.current_url and d.find_elements(By.ID, "reactions"))


def presenter_count(projector, reaction: str) -> str:
    return projector.find_element(By.CSS_SELECTOR, f'#reaction-counts [data-reaction="{reaction}"]').text


def listening(driver) -> bool:
    """The counts' section heard its stream's first event (`reactions.js`)."""
    return driver.find_element(By.ID, "reaction-counts").get_attribute("data-reactions-state") == "live"


def test_a_reaction_from_a_phone_shows_on_the_presenter(api: API, browser):
    host = api.sign_up()
    meeting = host.create_meeting(title="Weekly sync")
    code = host.publish_form(meeting)["code"]
    turn_on_questions(host, meeting)

    phone = open_phone(browser, api.base_url, code)
    buttons = phone.find_elements(By.CSS_SELECTOR, "#reactions button[name=reaction]")
    assert [b.text for b in buttons] == ["👍", "❤️", "😂", "😮", "👏"]
    assert all(b.get_attribute("aria-label") for b in buttons), "each button is named for screen readers"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390, "the buttons wrap at 390 px"

    react(phone, "clap")
    assert "Reaction sent." in phone.find_element(By.ID, "room-questions").text
    react(phone, "clap")
    react(phone, "heart")

    projector = open_presenter(browser, api.base_url, host, meeting)
    assert presenter_count(projector, "clap") == "2"
    assert presenter_count(projector, "heart") == "1"
    assert presenter_count(projector, "laugh") == "0"
    assert "3 in all" in projector.find_element(By.ID, "reaction-counts").text

    # Live: the presenter and the dashboard stay open (a mark set in each page would go with a
    # reload) and show the next tap's counts.
    dashboard = browser(width=1280, height=800)
    sign_in(dashboard, api.base_url, host, f"/m/{meeting}")
    for page in (projector, dashboard):
        wait_for(page, listening)
        page.execute_script("window.debriefNotReloaded = true")
    react(phone, "clap")
    for page in (projector, dashboard):
        wait_for(page, lambda d: presenter_count(d, "clap") == "3")
        wait_for(page, lambda d: d.find_element(By.ID, "reaction-total").text == "4 in all")
        assert page.execute_script("return window.debriefNotReloaded === true"), "shown without a reload"
        assert presenter_count(page, "heart") == "1"
