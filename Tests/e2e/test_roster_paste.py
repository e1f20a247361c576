"""The roster's pasted list on a phone (issue 68 a: the roster was typed one name per post).

A host at 390 px pastes three members into the roster page's list, one of them with a broken
address. Nothing is added: the page names the bad line by its number beside the list, keeps the
text as typed and marks the field invalid. The host fixes that line and adds the list again:
all three are on the roster, on the page and through the API. axe-core checks the refused page.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS, API
from test_dashboard import sign_in

LINES = ["Ada Lovelace <ada@example.com>", "Grace Hopper <grace@>", "Katherine Johnson"]


def paste(driver, text: str) -> None:
    field = driver.find_element(By.ID, "member-list")
    field.clear()
    field.send_keys(text)
    driver.find_element(By.CSS_SELECTOR, "form[action$='/roster/list'] button[type='submit']").click()


def test_a_pasted_list_with_a_bad_line_names_it_and_adds_everyone_once_fixed(api: API, browser) -> None:
    host = api.sign_up("Ada Host")
    meeting = host.create_meeting("Team sync")
    series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    roster = f"/m/{meeting}/roster"
    phone = browser(width=390, height=844)
    sign_in(phone, api.base_url, host, roster)
    axe: dict[str, dict[str, int]] = {}

    paste(phone, "\n".join(LINES))
    error = wait_for(phone, lambda d: d.find_element(By.ID, "member-list-error"))
    problems = [item.text for item in error.find_elements(By.TAG_NAME, "li")]
    assert len(problems) == 1 and problems[0].startswith("Line 2:"), problems
    field = phone.find_element(By.ID, "member-list")
    assert field.get_attribute("aria-invalid") == "true"
    assert "member-list-error" in (field.get_attribute("aria-describedby") or "")
    assert field.get_attribute("value").splitlines() == LINES, "the list is kept as typed"
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), "fits 390 px"
    audit(phone, "roster: a refused pasted list", axe)
    members = host.request("GET", f"/v1/series/{series}/roster")
    assert members.status_code == 200, members.text
    assert members.json()["items"] == [], "all or nothing: nobody was added"

    fixed = [LINES[0], "Grace Hopper <grace@example.com>", LINES[2]]
    paste(phone, "\n".join(fixed))
    wait_for(phone, lambda d: d.current_url.split("?")[0].endswith(roster) and not d.find_elements(By.ID, "member-list-error"))
    names = {item.text for item in phone.find_elements(By.CSS_SELECTOR, "table.roster tbody th, ul.plain .name")}
    assert {"Ada Lovelace", "Grace Hopper", "Katherine Johnson"} <= names, names
    listed = host.request("GET", f"/v1/series/{series}/roster").json()["items"]
    assert sorted(member["name"] for member in listed) == ["Ada Lovelace", "Grace Hopper", "Katherine Johnson"], listed
    write(axe, ARTIFACTS / "axe-roster-paste.json")
