"""Co-hosts in a real browser (docs/decisions/0033-co-hosts.md).

The owner shares a meeting series on its sharing page with another host as viewer; the viewer
finds the series on their meetings list with a "shared" badge, opens its dashboard without edit
links, and the API refuses their edit with 403. The owner promotes them to editor (the dashboard
then shows the edit links) and finally revokes the share: the meeting is a 404 to them again.
axe-core checks the sharing page (owner and viewer), the meetings list and the dashboard.
"""
from __future__ import annotations

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import wait_for
from conftest import ARTIFACTS, API
from test_dashboard import sign_in


def test_owner_shares_promotes_and_revokes_in_the_browser(api: API, browser) -> None:
    owner = api.sign_up("Ada Owner")
    viewer = api.sign_up("Grace Viewer")
    meeting = owner.create_meeting("Quarterly planning")
    owner.publish_form(meeting)
    axe: dict[str, dict[str, int]] = {}

    owner_browser = browser()
    sign_in(owner_browser, api.base_url, owner, f"/m/{meeting}/sharing")
    audit(owner_browser, "sharing (owner, empty)", axe)
    owner_browser.find_element(By.ID, "share-email").send_keys(viewer.email)
    Select(owner_browser.find_element(By.ID, "share-role")).select_by_value("viewer")
    owner_browser.find_element(By.CSS_SELECTOR, f"form[action='/m/{meeting}/sharing'] button[type='submit']").click()
    wait_for(owner_browser, lambda d: viewer.email in d.find_element(By.CSS_SELECTOR, "table.shares").text)
    assert owner_browser.find_element(By.CSS_SELECTOR, "table.shares td.role").text == "Viewer"
    assert owner_browser.find_element(By.CSS_SELECTOR, "p.notice").text
    audit(owner_browser, "sharing (owner, one share)", axe)

    # The viewer sees the series, marked as shared, and a dashboard without edit links.
    viewer_browser = browser()
    sign_in(viewer_browser, api.base_url, viewer, "/m")
    badge = viewer_browser.find_element(By.CSS_SELECTOR, "section.series .badge").text
    assert "Viewer" in badge, badge
    audit(viewer_browser, "meetings (shared series)", axe)
    viewer_browser.get(f"{api.base_url}/m/{meeting}")
    links = [a.get_attribute("href") for a in viewer_browser.find_elements(By.CSS_SELECTOR, "nav.meeting-nav a")]
    assert not any(href.endswith("/edit") or href.endswith("/form") or href.endswith("/delete") for href in links), links
    assert any(href.endswith("/sharing") for href in links), links
    audit(viewer_browser, "dashboard (viewer)", axe)
    viewer_browser.get(f"{api.base_url}/m/{meeting}/sharing")
    assert "Viewer" in viewer_browser.find_element(By.ID, "your-role").text
    assert not viewer_browser.find_elements(By.ID, "share-email"), "a viewer gets no sharing form"
    audit(viewer_browser, "sharing (viewer)", axe)

    refused = viewer.request("PATCH", f"/v1/meetings/{meeting}", json={"title": "Mine now"})
    assert refused.status_code == 403, refused.text
    assert refused.json()["code"] == "forbidden"
    assert viewer.request("GET", f"/v1/meetings/{meeting}/results").status_code == 200

    # Promoted to editor on the owner's page: the viewer's dashboard now has the edit links.
    row = owner_browser.find_element(By.XPATH, f"//table[@class='shares']//tr[th[contains(., '{viewer.email}')]]")
    Select(row.find_element(By.NAME, "role")).select_by_value("editor")
    row.find_element(By.CSS_SELECTOR, "form[action$='/sharing'] button").click()
    wait_for(owner_browser, lambda d: d.find_element(By.CSS_SELECTOR, "table.shares td.role").text == "Editor")
    viewer_browser.get(f"{api.base_url}/m/{meeting}")
    links = [a.get_attribute("href") for a in viewer_browser.find_elements(By.CSS_SELECTOR, "nav.meeting-nav a")]
    assert any(href.endswith("/edit") for href in links), links
    assert not any(href.endswith("/delete") for href in links), "deleting stays the owner's"

    # Revoked: gone from the list, and the meeting is a 404 like any other host's.
    row = owner_browser.find_element(By.XPATH, f"//table[@class='shares']//tr[th[contains(., '{viewer.email}')]]")
    row.find_element(By.CSS_SELECTOR, "form[action$='/revoke'] button").click()
    wait_for(owner_browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "table.shares"))
    assert viewer.request("GET", f"/v1/meetings/{meeting}").status_code == 404
    viewer_browser.get(f"{api.base_url}/m/{meeting}")
    assert viewer_browser.find_element(By.TAG_NAME, "h1").text  # the not-found page
    assert viewer.request("GET", f"/v1/meetings/{meeting}/results").status_code == 404
    write(axe, ARTIFACTS / "axe-co-hosts.json")
