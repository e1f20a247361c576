"""E-mail over SMTP against a real server (docs/email.md, docs/decisions/0041-smtp-client.md).

The test starts aiosmtpd with STARTTLS required and AUTH on (a self-signed certificate made here,
trusted through --smtp-ca-file), points `debrief serve` at it, and reads what arrives with
Python's `email` package: the headers, both parts, the Korean subject, and that the links work —
a password reset followed to its end, an unsubscribe that stops the next reminder. A server that
cannot be reached and one that answers 5xx are retried, then given up with the reason in the
host's delivery log.
"""
from __future__ import annotations

import email
import re
import secrets
from datetime import datetime, timedelta, timezone

import pytest
import requests

from conftest import SAMPLE_FORM, free_port, fresh_database_url, iso, psql, start_server, wait_until
from mail_sink import REFUSED, SMTP_PASSWORD, SMTP_USER, mail_server, smtp  # noqa: F401 - the fixtures


def sign_up(base: str, name: str = "Host") -> tuple[str, str, str]:
    import secrets
    address = f"host-{secrets.token_hex(4)}@example.org"
    password = "correct horse battery"
    created = requests.post(base + "/v1/accounts", json={"email": address, "password": password, "displayName": name}, timeout=30)
    assert created.status_code == 201, created.text
    token = requests.post(base + "/v1/tokens", json={"email": address, "password": password}, timeout=30).json()["token"]
    return address, password, token


def page_session(base: str, address: str, password: str) -> requests.Session:
    session = requests.Session()
    form = session.get(base + "/signin", timeout=30)
    csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    signed = session.post(base + "/signin", data={"email": address, "password": password, "csrf": csrf, "next": "/m"},
                          allow_redirects=False, timeout=30)
    assert signed.status_code == 303, signed.text
    return session


def parts(message: email.message.EmailMessage) -> tuple[str, str]:
    assert message.get_content_type() == "multipart/alternative"
    plain = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    return plain, html


def check_headers(message: email.message.EmailMessage):
    assert message["Auto-Submitted"] == "auto-generated"
    assert re.fullmatch(r"<[0-9a-f-]{36}@example\.org>", message["Message-ID"])
    assert message["Date"].datetime.tzinfo is not None
    assert message["From"].addresses[0].addr_spec == "debrief@example.org"


def test_password_reset_by_mail_in_korean(mail_server, smtp):
    inbox, _, _ = smtp
    base = mail_server.base_url
    address, _, _ = sign_up(base)
    korean = {"Accept-Language": "ko"}
    known = requests.post(base + "/password-reset", data={"email": address}, headers=korean, timeout=30)
    unknown = requests.post(base + "/password-reset", data={"email": "nobody-here@example.org"}, headers=korean, timeout=30)
    # The same answer whether or not the address has an account.
    assert known.status_code == unknown.status_code == 200
    assert known.text == unknown.text
    invalid = requests.post(base + "/password-reset", data={"email": "not an address"}, timeout=30)
    assert invalid.status_code == 422
    assert 'id="email-error"' in invalid.text

    # The account's first message is its address-proof link (sign-up); the second the reset.
    [message] = [m for m in inbox.wait_for(address, count=2) if "비밀번호" in m["Subject"]]
    check_headers(message)
    assert message["Subject"] == "Debrief 비밀번호 재설정 링크"
    assert "List-Unsubscribe" not in message
    plain, html = parts(message)
    link = re.search(r"http://\S+/password-reset/(dbr_[A-Za-z0-9_-]+)", plain).group(0)
    assert link in html

    assert requests.get(link, timeout=30).status_code == 200
    short = requests.post(link, data={"password": "short"}, timeout=30)
    assert short.status_code == 422 and 'id="password-error"' in short.text
    done = requests.post(link, data={"password": "a brand new password"}, timeout=30)
    assert done.status_code == 200, done.text
    assert requests.post(base + "/v1/tokens", json={"email": address, "password": "a brand new password"}, timeout=30).status_code == 201
    # Single use.
    assert requests.get(link, timeout=30).status_code == 410
    assert requests.post(link, data={"password": "another new password"}, timeout=30).status_code == 410


def test_a_signed_up_address_counts_only_after_its_link_is_used(mail_server, smtp):
    """Decision 54: open sign-up mails a confirmation link; until it is used, the address receives
    nothing that trusts it (here a series' transfer). Opening the link (as a mail scanner would)
    proves nothing; its page's button does, once."""
    inbox, _, _ = smtp
    base = mail_server.base_url
    _, _, owner_token = sign_up(base, "Owner")
    receiver, _, receiver_token = sign_up(base, "Receiver")
    owner = {"Authorization": f"Bearer {owner_token}"}
    as_receiver = {"Authorization": f"Bearer {receiver_token}"}

    [proof] = inbox.wait_for(receiver)
    check_headers(proof)
    assert proof["Subject"] == "Confirm your address for Debrief"
    assert "List-Unsubscribe" not in proof
    plain, html = parts(proof)
    link = re.search(r"http://\S+/confirm-address/(dbr_[A-Za-z0-9_-]+)", plain).group(0)
    assert link in html

    start = datetime.now(timezone.utc).replace(microsecond=0)
    made = requests.post(base + "/v1/meetings", headers=owner, timeout=30, json={
        "title": "Weekly sync", "startsAt": iso(start), "endsAt": iso(start + timedelta(hours=1))})
    assert made.status_code == 201, made.text
    series = made.json()["seriesId"]
    offered = requests.post(base + f"/v1/series/{series}/transfer", headers=owner, json={"email": receiver}, timeout=30)
    assert offered.status_code == 202, offered.text

    def offers() -> list[str]:
        listed = requests.get(base + "/v1/transfers", headers=as_receiver, timeout=30)
        assert listed.status_code == 200, listed.text
        return [offer["seriesId"] for offer in listed.json()["transfers"]]

    assert offers() == []
    # A GET shows the button and changes nothing, however often it is fetched.
    for _ in range(2):
        page = requests.get(link, timeout=30)
        assert page.status_code == 200 and 'id="confirm-address"' in page.text
    assert offers() == []

    confirmed = requests.post(link, timeout=30)
    assert confirmed.status_code == 200, confirmed.text
    assert offers() == [series]
    # The link works once.
    assert requests.post(link, timeout=30).status_code == 410
    assert requests.get(link, timeout=30).status_code == 410
def _ended_meeting(base: str, auth: dict, title: str, hours_ago: int, closes_in: timedelta | None, previous: str | None) -> dict:
    """A meeting that ended `hours_ago` with a published form (closing in `closes_in`); with
    `previous`, the next session of that meeting's series (its roster)."""
    now = datetime.now(timezone.utc).replace(microsecond=0)
    start = now - timedelta(hours=hours_ago)
    times = {"title": title, "startsAt": iso(start), "endsAt": iso(start + timedelta(minutes=30))}
    path = f"/v1/meetings/{previous}/next" if previous else "/v1/meetings"
    made = requests.post(base + path, headers=auth, json=times, timeout=30)
    assert made.status_code == 201, made.text
    form = dict(SAMPLE_FORM, **({"closesAt": iso(now + closes_in)} if closes_in else {}))
    assert requests.put(base + f"/v1/meetings/{made.json()['id']}/form", headers=auth, json=form, timeout=30).status_code == 200
    published = requests.post(base + f"/v1/meetings/{made.json()['id']}/form/publish", headers=auth, timeout=30)
    assert published.status_code == 200, published.text
    return made.json() | {"code": published.json()["code"]}


def _csrf(page: requests.Response) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)


def test_four_roster_addresses_in_one_save_and_no_mail_until_send(mail_server, smtp):
    """Issue 48: four addresses typed and one Save stores all four and mails nobody; the send
    page's button mails each the link, worded for whether they came; pressing it again mails
    nobody twice (docs/decisions/0060-roster-sending-is-a-step.md)."""
    inbox, _, _ = smtp
    base = mail_server.base_url
    address, password, token = sign_up(base)
    auth = {"Authorization": f"Bearer {token}"}
    meeting = _ended_meeting(base, auth, "Weekly sync", 2, None, None)
    tag = secrets.token_hex(3)
    people = {name: f"{name.lower()}-{tag}@example.org" for name in ("Ana", "Ben", "Chloe", "Dan")}
    members = {}
    for name in people:
        added = requests.post(base + f"/v1/series/{meeting['seriesId']}/roster", headers=auth, json={"name": name}, timeout=30)
        assert added.status_code == 201, added.text
        members[name] = added.json()["id"]
    pages = page_session(base, address, password)
    form = pages.get(base + f"/m/{meeting['id']}/roster/mail", timeout=30)
    assert form.status_code == 200 and form.text.count('<form method="post"') == 1
    saved = pages.post(base + f"/m/{meeting['id']}/roster/mail",
                       data={"csrf": _csrf(form)} | {f"email-{members[n]}": people[n] for n in people}, timeout=30)
    assert saved.status_code == 200, saved.text
    listed = requests.get(base + f"/v1/meetings/{meeting['id']}/roster/emails", headers=auth, timeout=30).json()["items"]
    assert sorted(item.get("email") for item in listed) == sorted(people.values())

    # Ana came (marked present); the others did not.
    roster = pages.get(base + f"/m/{meeting['id']}/roster", timeout=30)
    marked = pages.post(base + f"/m/{meeting['id']}/attendance", data={"csrf": _csrf(roster), "memberId": members["Ana"]},
                        allow_redirects=False, timeout=30)
    assert marked.status_code == 303
    # Saved and marked: the delivery log has nothing for them, and nothing arrived.
    log = pages.get(base + "/account/mail", timeout=30)
    assert all(people[n] not in log.text for n in people)
    assert not any(inbox.to(people[n]) for n in people)

    preview = pages.get(base + f"/m/{meeting['id']}/roster/send", timeout=30)
    assert preview.status_code == 200
    assert "Send the link to 4 people now" in preview.text
    assert not any(inbox.to(people[n]) for n in people), "the preview sends nothing"
    sent = pages.post(base + f"/m/{meeting['id']}/roster/send", data={"csrf": _csrf(preview)}, timeout=30)
    assert sent.status_code == 200 and "on its way to 4 people" in sent.text
    for name, mailbox in people.items():
        [message] = inbox.wait_for(mailbox)
        check_headers(message)
        plain, html = parts(message)
        assert f"{base}/f/{meeting['code']}" in plain
        if name == "Ana":
            assert "thank you for coming" in plain and "missed you" not in plain
        else:
            assert "sorry we missed you" in plain and "your view still counts" in plain and "thank you for coming" not in plain
    again = pages.post(base + f"/m/{meeting['id']}/roster/send", data={"csrf": _csrf(preview)}, timeout=30)
    assert again.status_code == 200 and "on its way to 0 people" in again.text
    # A reminder only when asked: this form has no closing time, and nobody asked.
    assert all(len(inbox.to(mailbox)) == 1 for mailbox in people.values())


def test_roster_mail_unsubscribe_stops_the_next_reminder(mail_server, smtp):
    inbox, _, _ = smtp
    base = mail_server.base_url
    address, password, token = sign_up(base)
    auth = {"Authorization": f"Bearer {token}"}

    first = _ended_meeting(base, auth, "주간 회의", 5, None, None)
    series = first["seriesId"]
    minji, jisoo = "minji@example.org", "jisoo@example.org"
    members = {}
    for name in ("Minji", "Jisoo"):
        added = requests.post(base + f"/v1/series/{series}/roster", headers=auth, json={"name": name}, timeout=30)
        assert added.status_code == 201, added.text
        members[name] = added.json()["id"]
    pages = page_session(base, address, password)
    roster = pages.get(base + f"/m/{first['id']}/roster/mail", timeout=30)
    assert roster.status_code == 200
    csrf = _csrf(roster)
    bad = pages.post(base + f"/m/{first['id']}/roster/mail", data={"csrf": csrf, f"email-{members['Minji']}": "minji@"}, timeout=30)
    assert bad.status_code == 422 and "-error" in bad.text
    saved = pages.post(base + f"/m/{first['id']}/roster/mail",
                       data={"csrf": csrf, f"email-{members['Minji']}": minji, f"email-{members['Jisoo']}": jisoo}, timeout=30)
    assert saved.status_code == 200, saved.text
    # The roster's API and its exports never show the addresses.
    listed = requests.get(base + f"/v1/series/{series}/roster", headers=auth, timeout=30)
    assert listed.status_code == 200 and "Minji" in listed.text and minji not in listed.text
    for layout in ("responses", "answers", "summary"):
        exported = requests.get(base + f"/v1/series/{series}/export.csv", params={"layout": layout}, headers=auth, timeout=30)
        assert exported.status_code == 200, exported.text
        assert "example.org" not in exported.text
    # The host turns the reminder on (2 h before the form closes) and sends the first link.
    reminder = pages.post(base + f"/m/{first['id']}/roster/reminder", data={"csrf": csrf, "remind": "on", "leadHours": "2"}, timeout=30)
    assert reminder.status_code == 200, reminder.text
    assert pages.post(base + f"/m/{first['id']}/roster/send", data={"csrf": csrf}, timeout=30).status_code == 200

    [link_mail] = inbox.wait_for(minji)
    check_headers(link_mail)
    assert link_mail["Subject"].startswith("주간 회의")
    assert link_mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # The header is folded (RFC 5322: the URL stands alone on its continuation line); its value
    # is the unfolded text without the folding white space.
    unsubscribe = re.fullmatch(r"<(http://\S+/unsubscribe/\S+)>", str(link_mail["List-Unsubscribe"]).strip()).group(1)
    plain, html = parts(link_mail)
    participant_link = f"{base}/f/{first['code']}"
    assert participant_link in plain and participant_link in html
    assert requests.get(participant_link, timeout=30).status_code == 200
    inbox.wait_for(jisoo)

    # The confirmation page works without signing in; a mail client's one-click POST does the rest.
    assert requests.get(unsubscribe, timeout=30).status_code == 200
    # As RFC 8058 clients send it: multipart/form-data.
    done = requests.post(unsubscribe, files={"List-Unsubscribe": (None, "One-Click")}, timeout=30)
    assert done.status_code == 200

    # A second session whose form closes within the reminder's 2 h: the host sends its link;
    # Jisoo gets the link and the one reminder; Minji, unsubscribed, nothing.
    second = _ended_meeting(base, auth, "주간 회의 (2)", 3, timedelta(hours=1), first["id"])
    preview = pages.get(base + f"/m/{second['id']}/roster/send", timeout=30)
    assert "Minji" in preview.text and "Send the link to 1 person now" in preview.text
    assert pages.post(base + f"/m/{second['id']}/roster/send", data={"csrf": csrf}, timeout=30).status_code == 200
    inbox.wait_for(jisoo, count=3)
    reminders = [m for m in inbox.to(jisoo) if "마감" in m["Subject"]]
    assert len(reminders) == 1
    assert len(inbox.to(minji)) == 1

    log = pages.get(base + "/account/mail", timeout=30)
    assert log.status_code == 200 and jisoo in log.text


def test_unreachable_server_and_5xx_are_retried_then_given_up(smtp):
    inbox, port, cert = smtp
    # A database of its own: the module's other server (a working SMTP server) shares
    # `database_url` and would send these messages on its next poll.
    database_url = fresh_database_url()
    web_port = free_port()
    environment = {
        "DEBRIEF_SMTP_CA_FILE": str(cert), "DEBRIEF_MAIL_FROM": "debrief@example.org", "DEBRIEF_MAIL_POLL_MS": "200",
        "DEBRIEF_MAIL_RETRY_BASE_MS": "200", "DEBRIEF_MAIL_MAX_ATTEMPTS": "3",
    }
    # Nothing listens on this port: connection refused, three times, then given up.
    dead = free_port()
    running = start_server(database_url, port=web_port, env=environment | {"DEBRIEF_SMTP_URL": f"smtp://127.0.0.1:{dead}"})
    try:
        address, password, _ = sign_up(running.base_url)
        requests.post(running.base_url + "/password-reset", data={"email": address}, timeout=30)
        pages = page_session(running.base_url, address, password)
        wait_until(lambda: "Gave up" in pages.get(running.base_url + "/account/mail", timeout=30).text, 30, "the message given up")
        log = pages.get(running.base_url + "/account/mail", timeout=30).text
        assert "gave up after 3 attempts" in log
    finally:
        running.stop()
    # A 5xx reply: the server refuses the recipient each time; its words are the reason.
    running = start_server(database_url, port=web_port, env=environment | {
        "DEBRIEF_SMTP_URL": f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}"})
    try:
        base = running.base_url
        created = requests.post(base + "/v1/accounts", json={"email": REFUSED, "password": "correct horse battery", "displayName": "R"}, timeout=30)
        assert created.status_code == 201, created.text
        requests.post(base + "/password-reset", data={"email": REFUSED}, timeout=30)
        pages = page_session(base, REFUSED, "correct horse battery")
        wait_until(lambda: "Gave up" in pages.get(base + "/account/mail", timeout=30).text, 30, "the refused message given up")
        log = pages.get(base + "/account/mail", timeout=30).text
        assert "550" in log and "mailbox unavailable" in log
        assert not inbox.to(REFUSED)
    finally:
        running.stop()


def _admin_page_session(server, name: str) -> tuple[requests.Session, str]:
    """A signed-in admin's page session and the admin page's CSRF token."""
    address, password, _ = sign_up(server.base_url, name)
    # The first account of an installation becomes its admin; these servers sign up openly, so the
    # test makes its account an admin the way `debrief admin` would, in the database.
    psql(server.database_url, f"UPDATE accounts SET role = 'admin' WHERE email = '{address}'")
    session = page_session(server.base_url, address, password)
    page = session.get(server.base_url + "/admin", timeout=30)
    assert page.status_code == 200, page.text
    return session, re.search(r'name="csrf" value="([^"]+)"', page.text).group(1)


def test_an_admin_invitation_is_mailed_in_korean(mail_server, smtp):
    inbox, _, _ = smtp
    base = mail_server.base_url
    session, csrf = _admin_page_session(mail_server, "Ada Admin")
    korean = {"Accept-Language": "ko"}

    invalid = session.post(base + "/admin/invitations", data={"csrf": csrf, "email": "not an address"}, headers=korean, timeout=30)
    assert invalid.status_code == 422, invalid.text
    assert 'id="invite-email-error"' in invalid.text and 'id="invitation-link"' not in invalid.text

    invitee = f"invitee-{secrets.token_hex(4)}@example.org"
    sent = session.post(base + "/admin/invitations", data={"csrf": csrf, "email": invitee}, headers=korean, timeout=30)
    assert sent.status_code == 200, sent.text
    assert sent.headers["Cache-Control"] == "no-store"
    assert f"{invitee} 님에게 초대 메일을 보냈어요." in sent.text
    shown = re.search(r'id="invitation-link" href="([^"]+)"', sent.text).group(1)

    [message] = inbox.wait_for(invitee)
    check_headers(message)
    # The subject is ours alone: an admin's name is free text (issue 47).
    assert message["Subject"] == "Debrief 진행자 계정 초대"
    assert "List-Unsubscribe" not in message
    plain, html = parts(message)
    link = re.search(r"http://\S+/signup\?invite=dbi_[A-Za-z0-9_-]+", plain).group(0)
    assert link == shown
    assert link in html
    assert requests.get(link, timeout=30).status_code == 200


def test_without_mail_an_invitation_address_gets_the_link_to_copy(server):
    session, csrf = _admin_page_session(server, "Ada Admin")
    invitee = f"invitee-{secrets.token_hex(4)}@example.org"
    answered = session.post(server.base_url + "/admin/invitations", data={"csrf": csrf, "email": invitee}, timeout=30)
    assert answered.status_code == 200, answered.text
    assert f"No e-mail is configured on this server: copy the link below and send it to {invitee} yourself." in answered.text
    assert 'id="invitation-link"' in answered.text
