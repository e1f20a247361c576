"""The meetings list and the dashboard's navigation of issue 32 item 16, in a browser at a
desktop's and a phone's width: the list groups each series' sessions (the current one first) with their
form's state and responses; the dashboard shows its frequent actions as buttons and the rest under
"More for this meeting", opened by keyboard, without script. axe-core checks each page; the
screenshots go to docs/screenshots/ (meetings-wide.png, meetings-phone.png, dashboard-nav-wide.png,
dashboard-nav-phone.png)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import audit
from browser import screenshot
from conftest import fresh_database_url, start_server
from host_pages_steps import FORM, PASSWORD, SCREENSHOTS, sign_up, tab_to


@pytest.fixture
def server():
    server = start_server(fresh_database_url(), env={"DEBRIEF_SIGNUP": ""})
    yield server
    server.stop()


def answer(base: str, code: str, rating: int) -> None:
    reply = requests.post(f"{base}/v1/f/{code}/responses", timeout=30, json={"answers": [
        {"questionKey": "useful", "rating": rating}, {"questionKey": "topic", "optionIds": ["roadmap"]}]})
    assert reply.status_code == 201, reply.text


def test_meetings_list_and_dashboard_navigation(server, browser):
    base = server.base_url
    host = browser(width=1280, height=900, language="en")
    sign_up(host, base, "/signup", "nav@example.com", "Nina Nav")
    token = requests.post(base + "/v1/tokens", json={"email": "nav@example.com", "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    start = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) - timedelta(days=7, minutes=30)

    def post(path: str, body: dict | None = None) -> dict:
        reply = requests.post(base + path, headers=auth, json=body, timeout=30)
        assert reply.status_code in (200, 201), reply.text
        return reply.json()

    # A weekly retro: last week's session answered by three, then closed as this week's opened.
    first = post("/v1/meetings", {"title": "Weekly retro", "startsAt": start.isoformat(),
                                  "endsAt": (start + timedelta(hours=1)).isoformat(), "place": "Room 4", "expectedHeadCount": 8})
    requests.put(base + f"/v1/meetings/{first['id']}/form", headers=auth, json=FORM, timeout=30).raise_for_status()
    code = post(f"/v1/meetings/{first['id']}/form/publish")["code"]
    for rating in (4, 5, 3):
        answer(base, code, rating)
    this_week = start + timedelta(days=7)
    second = post(f"/v1/meetings/{first['id']}/next", {"startsAt": this_week.isoformat(),
                                                      "endsAt": (this_week + timedelta(hours=1)).isoformat(), "closePreviousForm": True})
    second_code = post(f"/v1/meetings/{second['id']}/form/publish")["code"]
    answer(base, second_code, 5)
    # Another series, planned without a form yet.
    post("/v1/meetings", {"title": "Budget review", "startsAt": (this_week + timedelta(days=2)).isoformat(),
                          "endsAt": (this_week + timedelta(days=2, hours=1)).isoformat()})

    cookies = host.get_cookies()
    axe: dict[str, dict[str, int]] = {}
    for width, height, name in ((1280, 900, "wide"), (390, 844, "phone")):
        driver = host if width == 1280 else browser(width=width, height=height, language="en")
        if driver is not host:
            driver.get(base + "/signin")
            for cookie in cookies:
                driver.add_cookie({k: v for k, v in cookie.items() if k in ("name", "value", "path", "httpOnly", "secure")})

        driver.get(base + "/m")
        series = driver.find_elements(By.CSS_SELECTOR, "section.series")
        assert len(series) == 2, [s.text for s in series]
        retro = next(s for s in series if "Weekly retro" in s.text)
        # The series opens on the session happening now (issue 68 goal 7), and "All 2 sessions"
        # (a <details>: no script) lists every session in the order they happen.
        retro.find_element(By.CSS_SELECTOR, "details.all-sessions summary").click()
        rows = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in retro.find_elements(By.CSS_SELECTOR, "tbody tr")]
        assert [row[0].split("\n")[0] for row in rows] == ["Session 2", "Session 1", "Session 2"], rows
        assert rows[0][0].endswith("Now") and not rows[2][0].endswith("Now"), rows
        assert (rows[0][2], rows[0][3]) == ("Open", "1") and (rows[1][2], rows[1][3]) == ("Closed", "3"), rows
        assert (rows[2][2], rows[2][3]) == ("Open", "1"), rows
        # Nothing wider than the screen: no sideways scroll on a phone.
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the list fits"
        audit(driver, f"meetings {width}", axe)
        screenshot(driver, SCREENSHOTS / f"meetings-{name}.png")

        driver.get(base + f"/m/{second['id']}")
        nav = driver.find_element(By.CSS_SELECTOR, "nav.meeting-nav")
        buttons = [a.text for a in nav.find_elements(By.CSS_SELECTOR, "ul.primary-actions a.button")]
        assert buttons == ["Edit the form", "Next session", "Trends across sessions", "Presenter view", "Report to print"], buttons
        grouped = nav.find_elements(By.CSS_SELECTOR, ".groups a")
        assert grouped and not any(link.is_displayed() for link in grouped), "the rest start folded"
        # By keyboard alone: Tab to "More for this meeting", Enter opens it, the links show.
        summary = tab_to(driver, lambda element: element.tag_name == "summary" and "More for this meeting" in element.text)
        summary.send_keys(Keys.ENTER)
        assert all(link.is_displayed() for link in grouped), "Enter opens the grouped links"
        for link in grouped:
            rect = link.rect
            assert rect["x"] >= 0 and rect["x"] + rect["width"] <= width, (link.text, rect)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the dashboard fits"
        audit(driver, f"dashboard navigation {width}", axe)
        screenshot(driver, SCREENSHOTS / f"dashboard-nav-{name}.png")
        hrefs = [link.get_attribute("href") for link in grouped]
        for href in hrefs:
            assert requests.get(href, cookies={c["name"]: c["value"] for c in cookies}, timeout=30, allow_redirects=False).status_code == 200, href
    assert all(counts.get("serious", 0) + counts.get("critical", 0) == 0 for counts in axe.values()), axe
