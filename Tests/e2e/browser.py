"""Headless Chromium for the page tests, driven by Selenium.

`browser` (a pytest fixture, imported by conftest.py) returns a factory: `browser(width=390,
height=844, language="en", javascript=True)` gives the test a Chromium of that window size and
language, as new as a fresh start: cookies, cache, windows and every setting a test may change
over the DevTools protocol are cleared when the test ends, and the browser waits for the next
test of this process that asks for the same language and script setting (they are fixed at
start). Why: a run started Chromium and chromedriver 116 times, one start per test; with the
browsers lent again it starts them 18 times, and Chromium's CPU in a whole run went from 498 to
350 s (process accounting, 2026-11-30). A browser that cannot be cleared is quit instead.
`screenshot(driver, path)` saves the whole page (not just the window), and
`wait_for(driver, condition)` polls with a generous timeout: these tests wait for things to
happen, they never assert how fast.
"""
from __future__ import annotations

import base64
from pathlib import Path
from typing import Callable, TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import SessionNotCreatedException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT_SECONDS = 60
# Chromium that does not answer chromedriver in time ("chrome not reachable") is started again:
# on a machine busy with builds its start can miss chromedriver's own deadline. The page under
# test is not involved yet, so a new start hides nothing of Debrief's.
STARTS = 3

T = TypeVar("T")


def start_chromium(width: int = 390, height: int = 844, language: str = "en", javascript: bool = True) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.add_argument("--headless=new")
    options.add_argument("--no-sandbox")  # the tests run as root
    options.add_argument("--disable-dev-shm-usage")
    options.add_argument("--disable-gpu")
    options.add_argument(f"--window-size={width},{height}")
    options.add_argument(f"--lang={language}")
    prefs: dict[str, object] = {"intl.accept_languages": language}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    options.add_experimental_option("prefs", prefs)
    for start in range(1, STARTS + 1):
        try:
            driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
            break
        except SessionNotCreatedException:
            if start == STARTS:
                raise
    size(driver, width, height)
    return driver


def size(driver: webdriver.Chrome, width: int, height: int) -> None:
    """The window and the layout viewport exactly as asked (the window's size includes none of a
    phone's chrome)."""
    driver.set_window_size(width, height)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def clear(driver: webdriver.Chrome) -> None:
    """Back to a fresh start's state: one blank window, no cookie or cached response (the next
    test's server listens on another port of the same host, and cookies ignore ports), and none
    of the overrides tests set (time zone, headers, downloads)."""
    windows = driver.window_handles
    for extra in windows[1:]:
        driver.switch_to.window(extra)
        driver.close()
    driver.switch_to.window(windows[0])
    driver.get("about:blank")
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})
    driver.execute_cdp_cmd("Network.disable", {})
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})


# Cleared browsers of this process (an xdist worker), by what only a start can set.
IDLE: dict[tuple[str, bool], list[webdriver.Chrome]] = {}


def quit_idle() -> None:
    """Quits the waiting browsers (conftest.py's `pytest_sessionfinish`, in each process)."""
    for drivers in IDLE.values():
        for driver in drivers:
            driver.quit()
    IDLE.clear()


@pytest.fixture
def browser():
    lent: list[tuple[tuple[str, bool], webdriver.Chrome]] = []

    def factory(width: int = 390, height: int = 844, language: str = "en", javascript: bool = True) -> webdriver.Chrome:
        key = (language, javascript)
        if IDLE.get(key):
            driver = IDLE[key].pop()
            size(driver, width, height)
        else:
            driver = start_chromium(width, height, language, javascript)
        lent.append((key, driver))
        return driver

    yield factory
    for key, driver in lent:
        try:
            clear(driver)
        except Exception:  # noqa: BLE001 - a browser the test left unusable is not lent again
            driver.quit()
            continue
        IDLE.setdefault(key, []).append(driver)


def wait_for(driver: webdriver.Chrome, condition: Callable[[webdriver.Chrome], T], timeout: float = WAIT_SECONDS) -> T:
    """Polls `condition` until it returns something truthy (exceptions count as "not yet")."""
    def attempt(d: webdriver.Chrome):
        try:
            return condition(d)
        except Exception:  # noqa: BLE001 - an element that is being replaced is "not yet"
            return False
    return WebDriverWait(driver, timeout, poll_frequency=0.2).until(attempt)


def screenshot(driver: webdriver.Chrome, path: Path) -> Path:
    """Saves the whole page, as tall as its content, at the window's width."""
    metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))
    return path

