"""What the host-page browser tests share: a fresh installation per language, the sample form,
and the steps a host takes in a browser (typing into fields, signing up, filling a meeting,
walking by keyboard, dragging by a handle). The tests are `test_host_pages.py` (the whole job)
and `test_host_pages_builder.py` (the builder's script, removal, the time zone).
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import wait_for
from conftest import ROOT, fresh_database_url, start_server

SCREENSHOTS = ROOT / "docs" / "screenshots"
PASSWORD = "correct horse battery"

FORM = {
    "title": "Retro feedback",
    "anonymous": True,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 1, "max": 5, "required": True},
        {"key": "topic", "prompt": "Best topic?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 300},
    ],
}


@pytest.fixture(params=["en", "ko"])
def installation(request):
    """A new installation (empty database) with no sign-up policy configured."""
    server = start_server(fresh_database_url(), env={"DEBRIEF_SIGNUP": ""})
    yield request.param, server
    server.stop()


def local(moment: datetime) -> str:
    """A `datetime-local` value: the pages read it in the host's zone, which sign-up took from
    the browser's (UTC on the test machines; the script test below sets another)."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M")


def set_value(driver, element_id: str, value: str) -> None:
    """Types into a field; date-time inputs get their value set, as their typing is locale-bound."""
    element = driver.find_element(By.ID, element_id)
    if element.get_attribute("type") in ("datetime-local", "number"):
        driver.execute_script("arguments[0].value = arguments[1];", element, value)
    else:
        element.clear()
        element.send_keys(value)


def submit(driver, action: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"form[action='{action}'] button[type='submit']").click()


def sign_up(driver, base: str, path: str, email: str, name: str) -> None:
    driver.get(base + path)
    set_value(driver, "email", email)
    set_value(driver, "displayName", name)
    set_value(driver, "password", PASSWORD)
    submit(driver, "/signup")
    wait_for(driver, lambda d: d.current_url == base + "/m")


def fill_meeting(driver, title: str, start: datetime, place: str = "Room 4.12", head_count: int = 8) -> None:
    set_value(driver, "title", title)
    set_value(driver, "startsAt", local(start))
    set_value(driver, "endsAt", local(start + timedelta(hours=1)))
    set_value(driver, "place", place)
    set_value(driver, "expectedHeadCount", str(head_count))


def meeting_id(url: str) -> str:
    match = re.search(r"/m/([0-9a-f-]{36})$", url)
    assert match, url
    return match.group(1)


def tab_to(driver, wanted, limit: int = 400):
    """Presses Tab (keyboard only) until the focused element satisfies `wanted`; returns it."""
    for _ in range(limit):
        active = driver.switch_to.active_element
        if wanted(active):
            return active
        active.send_keys(Keys.TAB)
    raise AssertionError("Tab never reached the wanted element")


def by_id(element_id: str):
    return lambda element: element.get_attribute("id") == element_id


def by_action(prefix: str):
    return lambda element: (element.get_attribute("value") or "").startswith(prefix) and element.tag_name == "button"


def prompts(driver) -> list[str]:
    return [e.get_attribute("value") for e in driver.find_elements(By.CSS_SELECTOR, "fieldset.question-editor input[name$='.prompt']")]


def drag(driver, handle, target, below: bool) -> None:
    """Drags `handle` with the mouse (pointer events) onto `target`'s upper or lower edge.

    WebDriver moves the pointer only inside the viewport, so for the drag the viewport is made tall
    enough to hold the whole builder at once: the handle and the target are both in view, as they
    are for a person dragging on a large screen."""
    from selenium.webdriver.common.action_chains import ActionChains
    width, height, page_height = driver.execute_script(
        "return [window.innerWidth, window.innerHeight, document.documentElement.scrollHeight]")

    def viewport(tall: int) -> None:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": tall, "deviceScaleFactor": 1, "mobile": width < 600})

    viewport(max(height, page_height + 200))
    try:
        driver.execute_script("window.scrollTo(0, 0)")
        reach = target.size["height"] // 2 - 4
        offset = reach if below else -reach
        (ActionChains(driver).click_and_hold(handle).pause(0.1)
            .move_to_element_with_offset(target, 0, offset // 2).pause(0.1)
            .move_to_element_with_offset(target, 0, offset).pause(0.1)
            .release().perform())
    finally:
        viewport(height)
