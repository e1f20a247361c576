"""The visual system of issue 32 item 17 at a desktop's and a phone's width: the grouped header
with "More" and "Sign out" at the top right, on the meetings list and a dashboard. axe-core checks
each page; the screenshots go to docs/screenshots/ (meetings-list-1280.png, -390.png,
dashboard-1280.png, -390.png)."""
from __future__ import annotations

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
    server = start_server(fresh_database_url(), env={"DEBRIEF_SIGNUP": ""})
    yield server
    server.stop()


def test_the_header_groups_navigation_and_keeps_sign_out_top_right(server, browser):
    base = server.base_url
    host = browser(width=1280, height=900, language="en")
    sign_up(host, base, "/signup", "visual@example.com", "Vera Visual")
    token = requests.post(base + "/v1/tokens", json={"email": "visual@example.com", "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    start = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0) - timedelta(minutes=30)
    meeting = requests.post(base + "/v1/meetings", headers=auth, timeout=30, json={
        "title": "Weekly retro", "startsAt": start.isoformat(), "endsAt": (start + timedelta(hours=1)).isoformat(),
        "place": "Room 4", "expectedHeadCount": 8}).json()
    requests.put(base + f"/v1/meetings/{meeting['id']}/form", headers=auth, json=FORM, timeout=30).raise_for_status()
    requests.post(base + f"/v1/meetings/{meeting['id']}/form/publish", headers=auth, timeout=30).raise_for_status()
    cookies = host.get_cookies()
    axe: dict[str, dict[str, int]] = {}
    for width, height in ((1280, 900), (390, 844)):
        driver = host if width == 1280 else browser(width=width, height=height, language="en")
        if driver is not host:
            driver.get(base + "/signin")
            for cookie in cookies:
                driver.add_cookie({k: v for k, v in cookie.items() if k in ("name", "value", "path", "httpOnly", "secure")})
        for name, path in (("meetings-list", "/m"), ("dashboard", f"/m/{meeting['id']}")):
            driver.get(base + path)
            header = driver.find_element(By.CSS_SELECTOR, "header.bar")
            sign_out = header.find_element(By.CSS_SELECTOR, "form.signout button")
            more = header.find_element(By.CSS_SELECTOR, "details.more")
            assert not more.get_attribute("open"), "the secondary items start folded"
            # Sign out sits at the right edge of the header's first row.
            right = header.rect["x"] + header.rect["width"]
            assert sign_out.rect["x"] + sign_out.rect["width"] > right - 40, (name, width, sign_out.rect, header.rect)
            audit(driver, f"{name} {width}", axe)
            screenshot(driver, SCREENSHOTS / f"{name}-{width}.png")
        more = driver.find_element(By.CSS_SELECTOR, "details.more summary")
        more.click()
        assert driver.find_element(By.CSS_SELECTOR, "details.more a[href='/account']").is_displayed()
