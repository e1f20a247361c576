"""Issue 70's "done when", walked end to end on the real binary, PostgreSQL, the authlib provider
(oidc_provider.py) and Chromium at 390 px:

an admin makes a team on /teams and invites two hosts there; a third person joins through
company sign-in by the provider's `groups` claim (the operator maps the group to the new team's
id and restarts, as `--oidc-teams` is read at start-up); three series move into the team (the
admin's two and an invited host's one: offered by their owners, accepted by the admin); the
participant page shows the team's logo, its accent stylesheet and the series' picture at 390 px;
the overview lists exactly the three series; the read record names each read and export of the
walk with its account; and the team CSV opens in LibreOffice Calc with the same rows and values.
"""
from __future__ import annotations

import io
import uuid
from datetime import UTC, datetime, timedelta

import pytest
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import wait_for
from conftest import API, Host, free_port, iso, psql, start_server
from oidc_provider import Provider
from team_walk_support import calc_rows, csv_rows, png, read_record, same_value
from test_dashboard import sign_in
from test_oidc import control, oidc_env

GROUP = "cn=platform,ou=groups"
ACCENT = "#1a5e20"
TITLES = ["Design sync", "Ops review", "Hiring retro"]
GUS = {"sub": "emp-7070", "email": "gus@acme.test", "email_verified": True, "name": "Gus Grant", "groups": [GROUP, "all-staff"]}
READS = {"export", "answers.read", "responses.list"}
FITS = "return document.documentElement.scrollWidth <= window.innerWidth"


@pytest.fixture(scope="module")
def provider():
    running = Provider(free_port()).start()
    yield running
    running.stop()


def published_series(host: Host, title: str, starts_in: timedelta) -> tuple[str, str, str]:
    """A meeting with the sample form published: its id, series id and public code."""
    meeting = host.create_meeting(title, starts_in=starts_in, length=timedelta(minutes=20))
    code = host.publish_form(meeting)["code"]
    return meeting, host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"], code


def answer(api: API, code: str, useful: int, topic: str, notes: str) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": str(uuid.uuid4())}, json={
        "answers": [{"questionKey": "useful", "rating": useful}, {"questionKey": "topic", "optionIds": [topic]},
                    {"questionKey": "notes", "text": notes}]})
    assert reply.status_code == 201, reply.text


def move_into_team(owner: Host, admin: Host, series: str, team: str) -> None:
    offered = owner.request("POST", f"/v1/series/{series}/transfer-to-team", json={"teamId": team})
    assert offered.status_code == 202, offered.text
    offer = next(o for o in admin.request("GET", "/v1/transfers").json()["transfers"]
                 if (o.get("team") or {}).get("id") == team and o["seriesId"] == series)
    accepted = admin.request("POST", f"/v1/transfers/{offer['id']}/accept")
    assert accepted.status_code == 200, accepted.text


def loaded(phone, selector: str) -> int:
    """The natural width of the page's image at `selector` once Chromium has decoded it."""
    return wait_for(phone, lambda d: d.execute_script(
        "const i = document.querySelector(arguments[0]); return i && i.complete ? i.naturalWidth : 0", selector))


def test_the_team_walk_of_issue_70(provider: Provider, database_url: str, browser, tmp_path) -> None:
    since = iso(datetime.now(UTC) - timedelta(seconds=1))
    server = start_server(database_url, env=oidc_env(provider))
    try:
        api = API(server.base_url)
        admin, bea, cy = api.sign_up("Ada Admin"), api.sign_up("Bea Editor"), api.sign_up("Cy Viewer")
        phone = browser(width=390, height=844, language="en")

        # The admin makes the team on /teams and invites two hosts on its page.
        sign_in(phone, api.base_url, admin, "/teams")
        phone.find_element(By.ID, "team-name").send_keys("Platform")
        phone.find_element(By.CSS_SELECTOR, "form[action='/teams'] button[type='submit']").click()
        wait_for(phone, lambda d: "/teams/" in d.current_url)
        team_path = phone.current_url.removeprefix(api.base_url)
        team = team_path.removeprefix("/teams/")
        for host, role in ((bea, "editor"), (cy, "viewer")):
            phone.find_element(By.ID, "member-email").send_keys(host.email)
            Select(phone.find_element(By.ID, "member-role")).select_by_value(role)
            phone.find_element(By.CSS_SELECTOR, f"form[action='{team_path}/members'] button[type='submit']").click()
            wait_for(phone, lambda d, email=host.email: email in d.find_element(By.ID, "members").text)

        # Three series move in: the admin's two and Bea's one, each offered by its owner.
        _, design_series, design_code = published_series(admin, TITLES[0], timedelta(minutes=-10))
        ops, ops_series, ops_code = published_series(admin, TITLES[1], timedelta(minutes=-40))
        hiring, hiring_series, hiring_code = published_series(bea, TITLES[2], timedelta(minutes=-10))
        for owner, series in ((admin, design_series), (admin, ops_series), (bea, hiring_series)):
            move_into_team(owner, admin, series, team)
        listed = admin.request("GET", f"/v1/teams/{team}/series")
        assert listed.status_code == 200, listed.text
        assert {s["seriesId"] for s in listed.json()["items"]} == {design_series, ops_series, hiring_series}
        for n, code in enumerate((design_code, ops_code, hiring_code) * 4):
            answer(api, code, 4 + n % 7, ("roadmap", "hiring")[n % 2], f"note {n}")

        # The look: a logo and an accent for the team, a picture for the series.
        # (Sent as streams: the OpenAPI check skips a streamed body, as openapi-core cannot hold
        # raw bytes against a `type: string` image body.)
        logo = admin.request("PUT", f"/v1/teams/{team}/logo", data=io.BytesIO(png(96, 48, (26, 94, 32))),
                             headers={"Content-Type": "image/png"})
        assert logo.status_code == 200, logo.text
        look = admin.request("PUT", f"/v1/teams/{team}/look", json={"accent": ACCENT})
        assert look.status_code == 200, look.text
        picture = admin.request("PUT", f"/v1/series/{design_series}/picture", data=io.BytesIO(png(320, 180, (240, 200, 80))),
                                headers={"Content-Type": "image/png"})
        assert picture.status_code == 200, picture.text
        stylesheet = admin.request("GET", f"/v1/teams/{team}/look").json()["stylesheetUrl"]

        # A participant (no session) on the phone sees all three on the series' page.
        phone.delete_all_cookies()
        phone.get(f"{api.base_url}/f/{design_code}")
        assert loaded(phone, "img.team-logo") == 96
        assert phone.find_element(By.CSS_SELECTOR, "img.team-logo").get_attribute("alt") == "Platform"
        assert loaded(phone, "img.series-picture") == 320
        assert phone.find_elements(By.CSS_SELECTOR, f"link[rel='stylesheet'][href='{stylesheet}']"), stylesheet
        css = requests.get(api.base_url + stylesheet, timeout=10)
        assert css.status_code == 200 and ACCENT in css.text.lower(), css.text
        assert phone.execute_script(FITS)

        # The operator maps the provider's group to the team (an id, known once the team exists).
        server.stop()
        server = start_server(database_url, port=server.port, env=oidc_env(
            provider, DEBRIEF_OIDC_GROUPS_CLAIM="groups", DEBRIEF_OIDC_TEAMS=f"{GROUP}={team}:editor"))
        provider.control({"redirect_uris": [server.base_url + "/signin/company/callback"]})
        control(provider, mode="normal", user=GUS)

        # Gus signs in with the company's provider and lands on the overview as an editor.
        overview = f"{team_path}/overview"
        phone.get(f"{api.base_url}/signin/company?next={overview}")
        wait_for(phone, lambda d: d.current_url == api.base_url + overview)
        names = [th.text for th in phone.find_elements(By.CSS_SELECTOR, "#overview tbody th[scope='row']")]
        assert sorted(names) == sorted(TITLES)
        assert phone.execute_script(FITS)
        members = {m["email"]: (m["role"], m["fromProvider"])
                   for m in admin.request("GET", f"/v1/teams/{team}/members").json()["items"]}
        assert members == {admin.email: ("admin", False), bea.email: ("editor", False),
                           cy.email: ("viewer", False), GUS["email"]: ("editor", True)}

        # The walk's reads: Gus the responses of Bea's series (page) and the team CSV (session
        # cookie), the admin a question's answers and the team CSV, Bea her series' summary.
        phone.get(f"{api.base_url}/m/{hiring}/responses")
        assert phone.find_element(By.TAG_NAME, "h1").text.endswith(TITLES[2])
        assert "note 2" in phone.find_element(By.ID, "content").text
        gus_csv = requests.get(f"{api.base_url}/v1/teams/{team}/export.csv", timeout=30,
                               cookies={"debrief_session": phone.get_cookie("debrief_session")["value"]})
        assert gus_csv.status_code == 200, gus_csv.text
        answers = admin.request("GET", f"/v1/meetings/{ops}/questions/notes/answers")
        assert answers.status_code == 200, answers.text
        assert "note 1" in answers.text, answers.text
        team_csv = admin.request("GET", f"/v1/teams/{team}/export.csv")
        assert team_csv.status_code == 200, team_csv.text
        assert team_csv.content == gus_csv.content
        summary = bea.request("GET", f"/v1/meetings/{hiring}/export.csv", params={"layout": "summary"})
        assert summary.status_code == 200, summary.text

        # The read record, as an installation admin reads it, lists exactly those reads.
        ida = api.sign_up("Ida Installation")
        psql(database_url, f"UPDATE accounts SET role = 'admin' WHERE id = '{ida.account_id}'")
        rows = [r for r in read_record(ida, since) if r["kind"] in READS]
        got = sorted((r["kind"], r["accountEmail"], r.get("meetingId"), r.get("seriesId"), r["detail"]) for r in rows)
        assert got == sorted([
            ("responses.list", GUS["email"], hiring, hiring_series, ""),
            ("export", GUS["email"], None, None, f"csv summary team={team}"),
            ("answers.read", admin.email, ops, ops_series, "notes"),
            ("export", admin.email, None, None, f"csv summary team={team}"),
            ("export", bea.email, hiring, hiring_series, "csv summary"),
        ]), rows

        # The team CSV opens in LibreOffice Calc with the same rows and the same values.
        written = csv_rows(team_csv.content)
        assert written[0][:2] == ["meeting_id", "series_id"], written[0]
        assert {row[1] for row in written[1:]} == {design_series, ops_series, hiring_series}
        opened = calc_rows(team_csv.content, tmp_path)
        assert len(opened) == len(written), (opened, written)
        for line, (fields, cells) in enumerate(zip(written, opened), start=1):
            assert len(cells) <= len(fields), (line, fields, cells)
            padded = cells + [None] * (len(fields) - len(cells))
            wrong = [(f, c) for f, c in zip(fields, padded) if not same_value(f, c)]
            assert not wrong, (line, wrong)
    finally:
        server.stop()
