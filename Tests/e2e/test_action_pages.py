"""Action items on the host's pages (issue 50, docs/decisions/0074) in a real browser: on a 390 px
phone the host records an action from the dashboard's form (no script needed: a plain post), a
refused one is named beside its field; the next session's dashboard opens with "Last session's
actions" and marks one done; the presenter view at 1280 px shows them as its first step, before
question 1, and the keys step from there. axe finds nothing serious on any of them, and no page is
wider than the phone."""
from __future__ import annotations

from datetime import datetime, timedelta

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import audit
from browser import wait_for
from conftest import API
from test_dashboard import sign_in
from test_live_room import FORM


def fits(driver) -> None:
    """Nothing wider than the window: no sideways scrolling on a phone."""
    width = driver.execute_script("return document.documentElement.scrollWidth")
    window = driver.execute_script("return window.innerWidth")
    assert width <= window, f"{driver.current_url}: {width} px wide in a {window} px window"


def test_actions_are_recorded_reviewed_and_presented(api: API, browser):
    host = api.sign_up()
    first = host.create_meeting(title="Weekly sync")
    host.publish_form(first, FORM)
    member = host.request("POST", f"/v1/series/{host.request('GET', f'/v1/meetings/{first}').json()['seriesId']}/roster",
                          json={"name": "Grace Hopper"})
    assert member.status_code == 201, member.text
    log: dict[str, dict[str, int]] = {}

    phone = browser(width=390, height=844)
    sign_in(phone, api.base_url, host, f"/m/{first}")
    phone.find_element(By.ID, "action-title").send_keys("Shorter status round")
    phone.find_element(By.CSS_SELECTOR, "#action-owner option[value^='rosterMember:']").click()
    phone.find_element(By.CSS_SELECTOR, "#action-question option[value='pace']").click()
    phone.find_element(By.CSS_SELECTOR, "form[action$='/actions#actions-add-heading'] button[type=submit]").click()
    wait_for(phone, lambda d: "actions=added" in d.current_url)
    assert "Shorter status round" in phone.find_element(By.ID, "actions").text
    assert "Owner: Grace Hopper" in phone.find_element(By.ID, "actions").text
    fits(phone)
    audit(phone, "dashboard actions (phone)", log)

    # A refused action: the problem beside its field, nothing stored.
    phone.find_element(By.ID, "action-title").send_keys("Book the room")
    phone.find_element(By.ID, "action-due-on").click()
    phone.find_element(By.CSS_SELECTOR, "form[action$='/actions#actions-add-heading'] button[type=submit]").click()
    wait_for(phone, lambda d: d.find_elements(By.ID, "action-due-error"))
    assert phone.find_element(By.ID, "action-title").get_attribute("value") == "Book the room"
    audit(phone, "dashboard actions refused (phone)", log)
    items = host.request("GET", f"/v1/meetings/{first}/actions").json()["items"]
    assert [item["title"] for item in items] == ["Shorter status round"]
    host.request("POST", f"/v1/meetings/{first}/actions", json={"title": "Try a new room"})

    # The next session: its dashboard opens with the review; one is marked done.
    later = host.request("GET", f"/v1/meetings/{first}").json()
    starts = datetime.fromisoformat(later["startsAt"].replace("Z", "+00:00")) + timedelta(days=7)
    nxt = host.request("POST", f"/v1/meetings/{first}/next", json={
        "startsAt": starts.isoformat().replace("+00:00", "Z"), "endsAt": (starts + timedelta(hours=1)).isoformat().replace("+00:00", "Z")})
    assert nxt.status_code == 201, nxt.text
    second = nxt.json()["id"]
    host.publish_form(second, FORM)
    phone.get(f"{api.base_url}/m/{second}")
    review = phone.find_element(By.ID, "review")
    assert "Shorter status round" in review.text and "Try a new room" in review.text
    # The first action's first button: "Done".
    review.find_elements(By.CSS_SELECTOR, "li")[0].find_elements(By.TAG_NAME, "button")[0].click()
    wait_for(phone, lambda d: "review=marked" in d.current_url)
    assert "Status: Done" in phone.find_element(By.ID, "review").text
    fits(phone)
    audit(phone, "next session's review (phone)", log)
    statuses = [item["status"] for item in host.request("GET", f"/v1/meetings/{second}/actions/review").json()["items"]]
    assert statuses == ["done", "open"], statuses

    # The presenter: the review first, then question 1, and back.
    projector = browser(width=1280, height=800)
    sign_in(projector, api.base_url, host, f"/m/{second}/present")
    page = projector.find_element(By.ID, "content")
    assert page.get_attribute("data-room-current") == "review"
    assert projector.find_element(By.ID, "presenter-review").is_displayed()
    assert "Shorter status round" in projector.find_element(By.ID, "presenter-review").text
    audit(projector, "presenter review step", log)
    body = projector.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(projector, lambda d: page.get_attribute("data-room-current") == "1")
    assert not projector.find_element(By.ID, "presenter-review").is_displayed()
    assert projector.current_url.endswith("?q=1")
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(projector, lambda d: page.get_attribute("data-room-current") == "review")
    assert projector.current_url.endswith("?q=review")
    body.send_keys(Keys.END)
    wait_for(projector, lambda d: page.get_attribute("data-room-current") == "3")
    body.send_keys(Keys.HOME)
    wait_for(projector, lambda d: page.get_attribute("data-room-current") == "review")
