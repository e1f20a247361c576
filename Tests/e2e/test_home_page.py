"""The host's home page (`/m`, issue 68 goal 7) in a browser at a phone's and a desktop's width, in
English and Korean: the nearest meeting first (the one `GET /v1/meetings/next` names) with its
time in the series' zone, "starts in …", its QR code drawn large from an hour before the start,
one click to the presenter view; then each series opening on its current session, every session
behind "All n sessions". The server decides the QR code's size by its clock at render time (no
script), so the test plans meetings relative to now: one within the hour (large), another host's a
day away (small). axe-core checks each page; screenshots go to docs/screenshots/home-*.png."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
import requests
from selenium.webdriver.common.by import By

from accessibility import audit
from browser import screenshot
from conftest import fresh_database_url, start_server
from host_pages_steps import FORM, PASSWORD, SCREENSHOTS, sign_up


@pytest.fixture
def server():
    server = start_server(fresh_database_url())
    yield server
    server.stop()


def host_with_token(browser, base: str, email: str, name: str):
    driver = browser(width=1280, height=900, language="en")
    sign_up(driver, base, "/signup", email, name)
    token = requests.post(base + "/v1/tokens", json={"email": email, "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}

    def post(path: str, body: dict | None = None) -> dict:
        reply = requests.post(base + path, headers=auth, json=body, timeout=30)
        assert reply.status_code in (200, 201), reply.text
        return reply.json()

    return driver, auth, post


def signed_in(browser, base: str, cookies: list[dict], width: int, height: int, language: str):
    driver = browser(width=width, height=height, language=language)
    driver.get(base + "/signin")
    for cookie in cookies:
        driver.add_cookie({k: v for k, v in cookie.items() if k in ("name", "value", "path", "httpOnly", "secure")})
    return driver


def test_home_page_nearest_meeting_and_growing_qr(server, browser):
    base = server.base_url
    now = datetime.now(timezone.utc).replace(second=0, microsecond=0)

    # A weekly retro in Seoul starting in 40 minutes, planned 26 weeks ahead, its form published.
    host, auth, post = host_with_token(browser, base, "home@example.com", "Hana Home")
    start = now + timedelta(minutes=40)
    first = post("/v1/meetings", {"title": "Weekly retro", "startsAt": start.isoformat(), "endsAt": (start + timedelta(hours=1)).isoformat(),
                                  "timeZone": "Asia/Seoul", "repeats": "weekly", "place": "Room 4"})
    requests.put(f"{base}/v1/meetings/{first['id']}/form", headers=auth, json=FORM, timeout=30).raise_for_status()
    post(f"/v1/meetings/{first['id']}/form/publish")
    # A one-off meeting two days on.
    post("/v1/meetings", {"title": "Budget review", "startsAt": (now + timedelta(days=2)).isoformat(),
                          "endsAt": (now + timedelta(days=2, hours=1)).isoformat()})
    named = requests.get(base + "/v1/meetings/next", headers=auth, timeout=30).json()
    assert named["id"] == first["id"], named

    cookies = host.get_cookies()
    axe: dict[str, dict[str, int]] = {}
    expected = {"en": ("Your nearest meeting", r"Starts in [1-4]\d minutes", "Show the QR code to the room", "Now", "All 27 sessions"),
                "ko": ("가장 가까운 회의", r"[1-4]\d분 후 시작", "회의실에 QR 코드 보여 주기", "지금", "27회차 모두 보기")}
    for language, (heading, when, presenter, badge, all_sessions) in expected.items():
        for width, height, name in ((1280, 900, "wide"), (390, 844, "phone")):
            driver = signed_in(browser, base, cookies, width, height, language)
            driver.get(base + "/m")
            nearest = driver.find_element(By.CSS_SELECTOR, "section.nearest")
            assert heading in nearest.text, nearest.text
            assert nearest.find_element(By.CSS_SELECTOR, ".nearest-title a").text == "Weekly retro"
            assert "(Asia/Seoul)" in nearest.find_element(By.CSS_SELECTOR, ".nearest-time").text
            # The minutes count down while the test runs (40 at the start).
            when_text = nearest.find_element(By.CSS_SELECTOR, ".nearest-when").text
            assert re.fullmatch(when, when_text), when_text
            # Within the hour: the QR code is drawn large, wider than the small one would be and
            # inside the screen.
            qr = nearest.find_element(By.CSS_SELECTOR, "figure.home-qr.large svg")
            assert qr.size["width"] >= min(width - 80, 300), qr.size
            assert qr.location["x"] >= 0 and qr.location["x"] + qr.size["width"] <= width, (qr.location, qr.size)
            link = nearest.find_element(By.LINK_TEXT, presenter)
            assert link.get_attribute("href") == f"{base}/m/{first['id']}/present"
            # The retro opens on its current session, the others behind "All 27 sessions".
            retro = next(s for s in driver.find_elements(By.CSS_SELECTOR, "section.series") if "Weekly retro" in s.text)
            featured = retro.find_element(By.CSS_SELECTOR, "tbody tr")
            assert badge in featured.find_element(By.CSS_SELECTOR, ".badge.featured").text
            assert retro.find_element(By.CSS_SELECTOR, "details.all-sessions summary").text == all_sessions
            assert len(retro.find_elements(By.CSS_SELECTOR, "details.all-sessions tbody tr")) == 27
            assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the page fits"
            audit(driver, f"home {language} {width}", axe)
            screenshot(driver, SCREENSHOTS / f"home-{language}-{name}.png")
            if language == "en" and width == 1280:
                # One click to the presenter's QR code.
                link = driver.find_element(By.CSS_SELECTOR, "section.nearest").find_element(By.LINK_TEXT, presenter)
                link.click()
                assert driver.current_url == f"{base}/m/{first['id']}/present"
                assert driver.find_element(By.CSS_SELECTOR, ".presenter-qr svg")

    # Another host's nearest meeting is a day away, its form published early: the QR code (its
    # form's own, as on the presenter, until the series' code opens it an hour before) is small,
    # and says when it grows.
    other, other_auth, post_other = host_with_token(browser, base, "later@example.com", "Lee Later")
    later = now + timedelta(days=1)
    planning = post_other("/v1/meetings", {"title": "Planning", "startsAt": later.isoformat(),
                                           "endsAt": (later + timedelta(hours=1)).isoformat(), "timeZone": "Asia/Seoul"})
    requests.put(f"{base}/v1/meetings/{planning['id']}/form", headers=other_auth, json=FORM, timeout=30).raise_for_status()
    post_other(f"/v1/meetings/{planning['id']}/form/publish")
    for width, height, name in ((1280, 900, "wide"), (390, 844, "phone")):
        driver = signed_in(browser, base, other.get_cookies(), width, height, "en")
        driver.get(base + "/m")
        nearest = driver.find_element(By.CSS_SELECTOR, "section.nearest")
        assert re.fullmatch(r"Starts in (1 day|23 hours \d+ minutes)", nearest.find_element(By.CSS_SELECTOR, ".nearest-when").text)
        qr = nearest.find_element(By.CSS_SELECTOR, "figure.home-qr.small svg")
        assert qr.size["width"] <= 200, qr.size
        assert "The QR code grows an hour before the meeting starts" in nearest.text
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width, "the page fits"
        audit(driver, f"home later {width}", axe)
        screenshot(driver, SCREENSHOTS / f"home-small-{name}.png")
    assert all(counts.get("serious", 0) + counts.get("critical", 0) == 0 for counts in axe.values()), axe
