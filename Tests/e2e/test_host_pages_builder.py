"""The host pages with the builder's script, in a browser, on a fresh installation.

The builder reorders by keyboard only, then by drag, and adds and removes without a reload; a spam
response is removed after a confirmation; the host's time zone follows a browser in Seoul. In
English and in Korean (the whole job without script is `test_host_pages.py`).
"""
from __future__ import annotations

import re

import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS
from host_pages_steps import (PASSWORD, by_action, by_id, drag, installation, meeting_id,  # noqa: F401 (fixture)
                              prompts, set_value, sign_up, submit, tab_to)


def test_builder_script_response_removal_and_time_zone(installation, browser):
    """With script: the builder reorders by keyboard and by drag and adds and removes without a
    reload, walked by keyboard only; the saved form is what was built. A spam response is removed
    after a confirmation and the results say so. A browser in Seoul makes an account in Seoul:
    every host page shows and reads times there, naming the zone once."""
    language, server = installation
    base = server.base_url
    axe: dict[str, dict[str, int]] = {}
    removed_text = {"en": "1 response removed by the host", "ko": "호스트가 삭제한 응답 1개"}[language]

    host = browser(width=1280, height=900, language=language)
    host.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Asia/Seoul"})
    email = f"seoul-{language}@example.com"
    sign_up(host, base, "/signup", email, "Seo Host")
    token = requests.post(base + "/v1/tokens", json={"email": email, "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert requests.get(base + "/v1/me", headers=auth, timeout=30).json()["timeZone"] == "Asia/Seoul", "the browser's zone"
    assert "Asia/Seoul" in host.find_element(By.ID, "time-zone-note").text
    assert host.page_source.count("Asia/Seoul") == 1, "the zone is named once"

    # A meeting typed in Seoul time is stored in UTC, and shown in Seoul time again.
    host.get(base + "/m/new")
    assert "Asia/Seoul" in host.find_element(By.ID, "time-hint").text
    set_value(host, "title", "Seoul retro")
    set_value(host, "startsAt", "2031-05-02T10:00")
    set_value(host, "endsAt", "2031-05-02T11:00")
    submit(host, "/m/new")
    wait_for(host, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url))
    meeting = meeting_id(host.current_url)
    stored = requests.get(f"{base}/v1/meetings/{meeting}", headers=auth, timeout=30).json()
    assert stored["startsAt"] == "2031-05-02T01:00:00.000Z", stored
    assert "10:00" in host.find_element(By.CSS_SELECTOR, "main .muted").text
    host.get(f"{base}/m/{meeting}/edit")
    assert host.find_element(By.ID, "startsAt").get_attribute("value") == "2031-05-02T10:00"

    # The builder, keyboard only: Tab, Enter, typing and Alt+arrows; no reload on the way.
    host.get(f"{base}/m/{meeting}/form")
    wait_for(host, lambda d: d.find_element(By.ID, "reorder-hint").is_displayed())
    host.execute_script("window.__sameDocument = true;")
    host.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    tab_to(host, by_id("add-choice")).send_keys(Keys.ENTER)
    assert host.switch_to.active_element.get_attribute("id") == "q0-prompt", "the new question's prompt has the focus"
    host.switch_to.active_element.send_keys("Best topic?")
    tab_to(host, by_id("q0-o0-label")).send_keys("Roadmap")
    tab_to(host, by_id("q0-o1-label")).send_keys("Hiring")
    tab_to(host, by_action("addOption:0")).send_keys(Keys.ENTER)
    assert host.switch_to.active_element.get_attribute("id") == "q0-o2-label"
    host.switch_to.active_element.send_keys("Budget")
    host.switch_to.active_element.send_keys(Keys.ALT, Keys.ARROW_UP)
    wait_for(host, lambda d: d.find_element(By.ID, "q0-o1-label").get_attribute("value") == "Budget")
    assert host.switch_to.active_element.get_attribute("id") == "q0-o1-label", "the focus moves with the option"
    wait_for(host, lambda d: d.find_element(By.ID, "builder-status").text.strip() != "")
    tab_to(host, by_action("removeOption:0:1")).send_keys(Keys.ENTER)
    assert [e.get_attribute("value") for e in host.find_elements(By.CSS_SELECTOR, "#q0 ol.options input[type=text]")] == ["Roadmap", "Hiring"]
    assert host.find_element(By.CSS_SELECTOR, "input[name='q0.optionCount']").get_attribute("value") == "2"
    tab_to(host, by_id("add-rating")).send_keys(Keys.ENTER)
    host.switch_to.active_element.send_keys("How useful was it?")
    tab_to(host, by_id("add-shortAnswer")).send_keys(Keys.ENTER)
    assert host.switch_to.active_element.get_attribute("id") == "q2-prompt"
    host.switch_to.active_element.send_keys("Anything else?")
    host.switch_to.active_element.send_keys(Keys.ALT, Keys.ARROW_UP)
    wait_for(host, lambda d: prompts(d) == ["Best topic?", "Anything else?", "How useful was it?"])
    assert host.switch_to.active_element.get_attribute("id") == "q1-prompt", "renumbered, and still focused"
    assert host.find_element(By.CSS_SELECTOR, "input[name=count]").get_attribute("value") == "3"
    # The move buttons act at once too, and the focus stays on the button that was pressed.
    tab_to(host, by_action("down:1")).send_keys(Keys.ENTER)
    wait_for(host, lambda d: prompts(d) == ["Best topic?", "How useful was it?", "Anything else?"])
    assert host.switch_to.active_element.get_attribute("id") == "q2-up", "last now: its Move down is gone, Move up has the focus"
    # A question added by mistake goes again without a reload.
    tab_to(host, by_id("add-rating")).send_keys(Keys.ENTER)
    tab_to(host, by_action("remove:3")).send_keys(Keys.ENTER)
    assert len(prompts(host)) == 3
    audit(host, "form builder (script)", axe)

    # Drag and drop: the short answer to the top, then the second option above the first.
    drag(host, host.find_element(By.CSS_SELECTOR, "#q2 > p.actions > .drag-handle"), host.find_element(By.ID, "q0"), below=False)
    wait_for(host, lambda d: prompts(d) == ["Anything else?", "Best topic?", "How useful was it?"])
    drag(host, host.find_element(By.CSS_SELECTOR, "#q1 li:nth-child(2) .drag-handle"),
         host.find_element(By.CSS_SELECTOR, "#q1 li:nth-child(1)"), below=False)
    wait_for(host, lambda d: d.find_element(By.ID, "q1-o0-label").get_attribute("value") == "Hiring")
    assert host.execute_script("return window.__sameDocument === true;"), "no reload on the way"

    # Saved, the server reads exactly the draft that was built.
    host.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    form = requests.get(f"{base}/v1/meetings/{meeting}/form", headers=auth, timeout=30).json()
    assert [q["prompt"] for q in form["questions"]] == ["Anything else?", "Best topic?", "How useful was it?"], form
    assert [o["label"] for o in form["questions"][1]["options"]] == ["Hiring", "Roadmap"], form
    assert [q["kind"] for q in form["questions"]] == ["shortAnswer", "choice", "rating"]

    # Published; three answers arrive, the first of them spam.
    host.find_element(By.CSS_SELECTOR, f"button[formaction='/m/{meeting}/form/publish']").click()
    code = wait_for(host, lambda d: d.find_element(By.CSS_SELECTOR, "a[href*='/f/']")).get_attribute("href").rsplit("/f/", 1)[1]
    keys = [q["key"] for q in requests.get(f"{base}/v1/meetings/{meeting}/form", headers=auth, timeout=30).json()["questions"]]
    for text in ("BUY CHEAP WATCHES", "Good retro", "Short and useful"):
        reply = requests.post(f"{base}/v1/f/{code}/responses", json={"answers": [
            {"questionKey": keys[0], "text": text}, {"questionKey": keys[2], "rating": 4}]}, timeout=30)
        assert reply.status_code == 201, reply.text

    # The host finds the spam among the responses and removes it after a confirmation.
    host.get(f"{base}/m/{meeting}")
    host.find_element(By.CSS_SELECTOR, "details.meeting-more summary").click()
    host.find_element(By.CSS_SELECTOR, f"a[href='/m/{meeting}/responses']").click()
    wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, "li.response"))
    audit(host, "responses", axe)
    spam = next(e for e in host.find_elements(By.CSS_SELECTOR, "li.response") if "BUY CHEAP WATCHES" in e.text)
    spam.find_element(By.CSS_SELECTOR, "a[href$='/remove']").click()
    wait_for(host, lambda d: d.current_url.endswith("/remove"))
    assert "BUY CHEAP WATCHES" in host.find_element(By.ID, "content").text
    audit(host, "remove a response", axe)
    host.find_element(By.CSS_SELECTOR, "form[action$='/remove'] button[type='submit']").click()
    wait_for(host, lambda d: d.find_element(By.ID, "removed-count").text == removed_text)
    assert "BUY CHEAP WATCHES" not in host.find_element(By.ID, "content").text
    audit(host, "responses (one removed)", axe)
    host.get(f"{base}/m/{meeting}")
    # The dashboard's live script replaces its results as they arrive: read them once settled.
    wait_for(host, lambda d: d.find_element(By.ID, "removed-by-host").text == removed_text)
    summary = requests.get(f"{base}/v1/meetings/{meeting}/results", headers=auth, timeout=30).json()["summary"]
    assert (summary["responses"], summary["responsesRemovedByHost"]) == (2, 1), summary
    audit(host, "dashboard (one removed)", axe)

    # The zone is the account's: chosen on the account page, every page follows.
    host.get(base + "/account")
    select = host.find_element(By.ID, "timeZone")
    assert select.get_attribute("value") == "Asia/Seoul"
    host.execute_script("arguments[0].value = 'Europe/Berlin';", select)
    submit(host, "/account/time-zone")
    wait_for(host, lambda d: "Europe/Berlin" in d.find_element(By.ID, "time-zone-note").text)
    audit(host, "account (time zone saved)", axe)
    host.get(f"{base}/m/{meeting}/edit")
    assert host.find_element(By.ID, "startsAt").get_attribute("value") == "2031-05-02T03:00", "01:00 UTC is 03:00 in Berlin (summer time)"

    write(axe, ARTIFACTS / f"axe-host-script-{language}.json")
