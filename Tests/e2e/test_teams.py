"""Teams on a 390 px phone (issue 70): a host makes a team on /teams, adds a second host as an
editor, a series of theirs moves into the team (offered and accepted through the API, as the
transfer flow does), and the team's overview lists it. Every page fits the phone's width without
sideways scroll, works without script (plain forms), and axe-core finds nothing serious.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS, API
from test_dashboard import sign_in

FITS = "return document.documentElement.scrollWidth <= window.innerWidth"


def test_a_host_makes_a_team_and_reads_its_overview_on_a_phone(api: API, browser) -> None:
    admin = api.sign_up("Team Admin")
    editor = api.sign_up("Team Editor")
    meeting = admin.create_meeting("Design sync")
    admin.publish_form(meeting)
    series = admin.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    axe: dict[str, dict[str, int]] = {}

    phone = browser(width=390, height=844, language="en", javascript=False)
    sign_in(phone, api.base_url, admin, "/teams")
    assert phone.find_element(By.CSS_SELECTOR, "a[href='/teams']"), "the navigation links Teams"
    assert phone.find_element(By.ID, "no-teams").is_displayed()
    assert phone.execute_script(FITS)
    phone.find_element(By.ID, "team-name").send_keys("Platform")
    phone.find_element(By.CSS_SELECTOR, "form[action='/teams'] button[type='submit']").click()
    wait_for(phone, lambda d: "/teams/" in d.current_url)
    team_path = phone.current_url.removeprefix(api.base_url)
    team = team_path.removeprefix("/teams/")

    phone.find_element(By.ID, "member-email").send_keys(editor.email)
    Select(phone.find_element(By.ID, "member-role")).select_by_value("editor")
    phone.find_element(By.CSS_SELECTOR, f"form[action='{team_path}/members'] button[type='submit']").click()
    wait_for(phone, lambda d: editor.email in d.find_element(By.ID, "members").text)
    row = next(r for r in phone.find_elements(By.CSS_SELECTOR, "#members tbody tr") if editor.email in r.text)
    assert "Editor" in row.text and "By an admin" in row.text
    assert phone.find_elements(By.CSS_SELECTOR, f"a[href='{team_path}/overview']")
    assert phone.execute_script(FITS)

    # The series moves into the team: its owner offers it, an admin of the team accepts.
    offered = admin.request("POST", f"/v1/series/{series}/transfer-to-team", json={"teamId": team})
    assert offered.status_code == 202, offered.text
    offers = admin.request("GET", "/v1/transfers").json()["transfers"]
    offer = next(o for o in offers if (o.get("team") or {}).get("id") == team)
    accepted = admin.request("POST", f"/v1/transfers/{offer['id']}/accept")
    assert accepted.status_code == 200, accepted.text

    phone.get(api.base_url + team_path)
    assert "Design sync" in phone.find_element(By.ID, "team-series").text
    with_script = browser(width=390, height=844, language="en")
    sign_in(with_script, api.base_url, admin, team_path)
    audit(with_script, "team page (phone)", axe)
    with_script.get(api.base_url + "/teams")
    audit(with_script, "teams list (phone)", axe)
    with_script.get(api.base_url + team_path + "/overview")
    assert "Design sync" in with_script.find_element(By.ID, "overview").text
    assert with_script.execute_script(FITS)
    audit(with_script, "team overview (phone)", axe)

    # The editor reads the same overview, without the admins' form.
    as_editor = browser(width=390, height=844, language="ko", javascript=False)
    sign_in(as_editor, api.base_url, editor, team_path)
    assert not as_editor.find_elements(By.ID, "member-email")
    as_editor.find_element(By.ID, "overview-link").click()
    wait_for(as_editor, lambda d: d.current_url.endswith("/overview"))
    assert "Design sync" in as_editor.find_element(By.ID, "overview").text
    assert as_editor.execute_script(FITS)
    write(axe, ARTIFACTS / "axe-teams.json")
