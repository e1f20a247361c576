"""Reactions during the meeting (issue 71 goal 4, decision 100), in real browsers: a phone at
390 px taps the reaction buttons of the form page's room section (plain forms, no script needed),
and the presenter view at 1280 px shows the counts, rendered by the server."""
from __future__ import annotations

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_room_questions import open_presenter, open_phone, turn_on_questions


def react(phone, reaction: str) -> None:
    """Taps the button of `reaction`; the page comes back to the room's section with a note."""
    phone.find_element(By.CSS_SELECTOR, f'#reactions button[value="{reaction}"]').click()
    wait_for(phone, lambda d: "room=reacted" in d.current_url and d.find_elements(By.ID, "reactions"))


def presenter_count(projector, reaction: str) -> str:
    return projector.find_element(By.CSS_SELECTOR, f'#reaction-counts [data-reaction="{reaction}"]').text


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
