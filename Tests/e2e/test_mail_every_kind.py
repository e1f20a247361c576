"""Every kind of mail Debrief sends, read back as strictly as a mail system may read it (issue 51).

The test makes a real `debrief serve` send each kind the outbox can hold — the kinds are the
database's own list (the CHECK constraint on `email_outbox.kind`, which `MailKindTests` pins to
the code's `MailKind`), so a new kind fails here until this test sends it — in English and in
Korean, through aiosmtpd over STARTTLS. Each message as it arrived must:

- parse with Python's `email` package under `policy.strict`, with no defect in any header or part;
- keep every header line within 78 characters (76 when it holds an encoded-word, RFC 2047 §2)
  and every line of the message within 998 (RFC 5322 §2.1.1), with CRLF line ends only;
- carry only RFC 2047-valid encoded-words: at most 75 characters, a known charset and encoding,
  whole characters in each word, separated from other text by white space;
- declare a `Content-Transfer-Encoding` its body keeps (quoted-printable: 7-bit, lines of at
  most 76, every `=` an escape or a soft break, decoding to UTF-8);
- have both parts, plain text and HTML, and decode its Korean subject intact.
"""
from __future__ import annotations

import base64
import binascii
import email
import email.errors
import email.policy
import quopri
import re
import secrets
from datetime import datetime, timedelta, timezone

import pytest
import requests

from conftest import SAMPLE_FORM, iso, psql, wait_until
from mail_sink import mail_server, smtp  # noqa: F401 - the fixtures

ENCODED_WORD = re.compile(rb"=\?([^?\s]+)\?([^?\s]+)\?([^?\s]*)\?=")
PASSWORD = "correct horse battery"
# A Korean title longer than a subject carries (80 characters): the subject cuts it, and the
# encoded-words of the subject's Korean fold over several lines. No `:`, `/`, `.` or `@`, which
# mail gets with a zero-width space after them (host text is made inert, docs/email.md).
TITLE = "주간 제품 회의 — 2분기 계획과 채용 이야기, 그리고 다음 분기 로드맵 검토 (서울 사무소와 원격 참석자가 모두 함께하는 아주 긴 회의 제목이에요)"


def outbox_kinds(database_url: str) -> set[str]:
    """The kinds the outbox can hold: the CHECK constraint's list, the database's own."""
    definition = psql(database_url, "SELECT pg_get_constraintdef(oid) FROM pg_constraint WHERE conname = 'email_outbox_kind_check'")
    kinds = set(re.findall(r"'([a-z_]+)'::text", definition))
    assert kinds, definition
    return kinds


def csrf_of(page: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def address() -> str:
    return f"mail-{secrets.token_hex(4)}@example.org"


def page_session(base: str, korean: bool) -> requests.Session:
    session = requests.Session()
    if korean:
        session.headers["Accept-Language"] = "ko"
    return session


def sign_up_with_the_page(base: str, korean: bool) -> str:
    """Signs up on the page, which mails the address proof in the page's language."""
    session, mailbox = page_session(base, korean), address()
    form = session.get(base + "/signup", timeout=30)
    assert form.status_code == 200, form.text
    done = session.post(base + "/signup", data={
        "csrf": csrf_of(form.text), "email": mailbox, "password": PASSWORD, "displayName": "김하늘" if korean else "Sky Kim",
    }, allow_redirects=False, timeout=30)
    assert done.status_code == 303, done.text
    return mailbox


def sign_in_with_the_page(base: str, mailbox: str, korean: bool) -> requests.Session:
    session = page_session(base, korean)
    form = session.get(base + "/signin", timeout=30)
    signed = session.post(base + "/signin", data={"email": mailbox, "password": PASSWORD, "csrf": csrf_of(form.text), "next": "/m"},
                          allow_redirects=False, timeout=30)
    assert signed.status_code == 303, signed.text
    return session


def send_every_kind(server) -> tuple[dict[tuple[str, str], str], str]:
    """Makes the server write every kind of message, in both languages. Returns the subject (or,
    for roster mail, its start) expected for each (recipient, kind), and the roster member's
    address."""
    base, database = server.base_url, server.database_url
    expected: dict[tuple[str, str], str] = {}

    # Address proof: a sign-up on the page, in its language.
    english = sign_up_with_the_page(base, korean=False)
    expected[(english, "address_proof")] = "Confirm your address for Debrief"
    korean = sign_up_with_the_page(base, korean=True)
    expected[(korean, "address_proof")] = "Debrief 이메일 주소 확인"

    # Password reset, in the language of the page that asked.
    for mailbox, language in ((english, "en"), (korean, "ko")):
        asked = requests.post(base + "/password-reset", data={"email": mailbox}, headers={"Accept-Language": language}, timeout=30)
        assert asked.status_code == 200, asked.text
    expected[(english, "password_reset")] = "Your Debrief password reset link"
    expected[(korean, "password_reset")] = "Debrief 비밀번호 재설정 링크"

    # An admin's invitation, in the admin page's language (a new role ends the sessions: sign in).
    for mailbox, is_korean, subject in ((english, False, "You are invited to Debrief"), (korean, True, "Debrief 진행자 계정 초대")):
        psql(database, f"UPDATE accounts SET role = 'admin' WHERE email = '{mailbox}'")
        session = sign_in_with_the_page(base, mailbox, is_korean)
        page = session.get(base + "/admin", timeout=30)
        assert page.status_code == 200, page.text
        invitee = address()
        sent = session.post(base + "/admin/invitations", data={"csrf": csrf_of(page.text), "email": invitee}, timeout=30)
        assert sent.status_code == 200, sent.text
        expected[(invitee, "invitation")] = subject

    # Roster mail: a meeting that ended, its form closing within the reminder lead, so a member
    # with an address gets the participant link and the one reminder (both languages in each).
    token = requests.post(base + "/v1/tokens", json={"email": english, "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    now = datetime.now(timezone.utc).replace(microsecond=0)
    start = now - timedelta(hours=2)
    made = requests.post(base + "/v1/meetings", headers=auth, json={
        "title": TITLE, "startsAt": iso(start), "endsAt": iso(start + timedelta(minutes=30))}, timeout=30)
    assert made.status_code == 201, made.text
    meeting = made.json()
    form = dict(SAMPLE_FORM, closesAt=iso(now + timedelta(hours=2)))
    assert requests.put(base + f"/v1/meetings/{meeting['id']}/form", headers=auth, json=form, timeout=30).status_code == 200
    published = requests.post(base + f"/v1/meetings/{meeting['id']}/form/publish", headers=auth, timeout=30)
    assert published.status_code == 200, published.text
    member = requests.post(base + f"/v1/series/{meeting['seriesId']}/roster", headers=auth,
                           json={"name": "박서준 (Seo-jun Park, 제품팀)"}, timeout=30)
    assert member.status_code == 201, member.text
    member_address = address()
    saved = requests.put(base + f"/v1/meetings/{meeting['id']}/roster/{member.json()['id']}/email", headers=auth,
                         json={"email": member_address}, timeout=30)
    assert saved.status_code == 200, saved.text
    # Saving sends nothing (decision 60): the host sends the link, and turns the reminder on.
    host = sign_in_with_the_page(base, english, korean=False)
    preview = host.get(base + f"/m/{meeting['id']}/roster/send", timeout=30)
    assert preview.status_code == 200, preview.text
    sent = host.post(base + f"/m/{meeting['id']}/roster/send", data={"csrf": csrf_of(preview.text)}, timeout=30)
    assert sent.status_code == 200, sent.text
    reminder = host.post(base + f"/m/{meeting['id']}/roster/reminder",
                         data={"csrf": csrf_of(preview.text), "remind": "on", "leadHours": "3"}, allow_redirects=False, timeout=30)
    assert reminder.status_code in (200, 303), reminder.text
    expected[(member_address, "participant_link")] = TITLE[:79] + "… — your feedback link · 피드백 링크"
    expected[(member_address, "reminder")] = TITLE[:79] + "… — feedback closes soon · 피드백 마감 전 알림"
    return expected, member_address


def header_block(raw: bytes) -> bytes:
    head, separator, _ = raw.partition(b"\r\n\r\n")
    assert separator, "no empty line ends the header block"
    return head


def fields(head: bytes) -> list[tuple[str, list[bytes]]]:
    """The header block as (field name, its physical lines)."""
    found: list[tuple[str, list[bytes]]] = []
    for line in head.split(b"\r\n"):
        if line[:1] in (b" ", b"\t"):
            assert found, "the header block starts with a continuation line"
            found[-1][1].append(line)
        else:
            name, colon, _ = line.partition(b":")
            assert colon and re.fullmatch(rb"[!-9;-~]+", name), f"not a header field: {line!r}"
            found.append((name.decode("ascii"), [line]))
    return found


def check_encoded_words(name: str, value: bytes):
    """RFC 2047: each word at most 75 characters, UTF-8, "B" or "Q", whole characters, and set
    apart from other text by white space (or the field's colon)."""
    for match in ENCODED_WORD.finditer(value):
        word = match.group(0)
        assert len(word) <= 75, f"{name}: an encoded-word of {len(word)} characters: {word!r}"
        charset, encoding, text = (part.decode("ascii") for part in match.groups())
        assert charset.upper() == "UTF-8", f"{name}: charset {charset}"
        assert encoding.upper() in ("B", "Q"), f"{name}: encoding {encoding}"
        if encoding.upper() == "B":
            try:
                decoded = base64.b64decode(text, validate=True)
            except binascii.Error as error:
                raise AssertionError(f"{name}: bad base64 in {word!r}: {error}") from error
        else:
            assert re.fullmatch(r"(?:[!->@-~]|=[0-9A-F]{2})*", text.replace("?", "")), f"{name}: bad Q text {word!r}"
            decoded = quopri.decodestring(text.replace("_", " ").encode(), header=True)
        decoded.decode("utf-8")  # raises when a word splits a character (RFC 2047 §5)
        before, after = value[:match.start()], value[match.end():]
        assert before == b"" or before[-1:] in (b" ", b"\t"), f"{name}: text right before {word!r}"
        assert after == b"" or after[:1] in (b" ", b"\t"), f"{name}: text right after {word!r}"


def check_header_lines(head: bytes):
    for name, lines in fields(head):
        value = b"\r\n".join(lines)[len(name) + 1:]
        assert value.isascii(), f"{name}: 8-bit bytes in a header"
        holds_words = ENCODED_WORD.search(value) is not None
        limit = 76 if holds_words else 78
        for line in lines:
            assert len(line) <= limit, f"{name}: a line of {len(line)} characters (limit {limit}): {line!r}"
        if holds_words:
            check_encoded_words(name, b" ".join(line.strip() for line in lines))


def check_body(part: email.message.Message):
    """The part's body keeps what its Content-Transfer-Encoding says, and decodes in its charset."""
    encoding = (part["Content-Transfer-Encoding"] or "7bit").strip().lower()
    body = part.get_payload(decode=False)
    assert isinstance(body, str)
    raw = body.encode("ascii")  # raises on 8-bit text: none is declared anywhere
    lines = raw.split(b"\r\n") if b"\r\n" in raw else raw.split(b"\n")
    if encoding == "quoted-printable":
        for line in lines:
            assert len(line) <= 76, f"a quoted-printable line of {len(line)}: {line!r}"
            assert re.fullmatch(rb"(?:[\t !-<>-~]|=[0-9A-F]{2})*=?", line), f"not quoted-printable: {line!r}"
            assert not line.endswith((b" ", b"\t")), f"white space at a line's end: {line!r}"
        decoded = quopri.decodestring(raw)
    elif encoding == "base64":
        decoded = base64.b64decode(b"".join(lines), validate=True)
    else:
        assert encoding in ("7bit", "8bit"), encoding
        decoded = raw
    decoded.decode(part.get_content_charset() or "us-ascii")


def check_strictly(raw: bytes) -> email.message.EmailMessage:
    """Every check of the module's docstring on one message as it arrived; returns it parsed."""
    assert b"\n" not in raw.replace(b"\r\n", b""), "a bare LF"
    assert b"\r" not in raw.replace(b"\r\n", b""), "a bare CR"
    for line in raw.split(b"\r\n"):
        assert len(line) <= 998, f"a line of {len(line)} octets"
    check_header_lines(header_block(raw))
    try:
        message = email.message_from_bytes(raw, policy=email.policy.strict)
    except email.errors.MessageDefect as defect:
        raise AssertionError(f"the strict parser refused the message: {defect!r}") from defect
    for name in ("Date", "From", "To", "Subject", "Message-ID", "MIME-Version"):
        assert len(message.get_all(name, [])) == 1, f"{name} missing or repeated"
    for name, value in message.items():
        assert not value.defects, f"{name}: {value.defects}"
    leaves = []
    for part in message.walk():
        assert not part.defects, part.defects
        if not part.is_multipart():
            check_body(part)
            leaves.append(part.get_content_type())
    # Each part's own header lines, as they arrived.
    boundary = message.get_boundary().encode("ascii")
    sections = raw.split(b"\r\n--" + boundary)
    assert sections[-1].startswith(b"--"), "no closing boundary"
    for section in sections[1:-1]:
        check_header_lines(header_block(section.removeprefix(b"\r\n")))
    assert message.get_content_type() == "multipart/alternative"
    assert leaves == ["text/plain", "text/html"], leaves
    assert message.get_body(("plain",)).get_content().strip()
    assert message.get_body(("html",)).get_content().strip()
    return message


def test_every_kind_of_mail_passes_a_strict_parser(mail_server, smtp):
    inbox, _, _ = smtp
    database = mail_server.database_url
    expected, member = send_every_kind(mail_server)
    # The scheduler writes the roster mail on its next pass; then everything written is sent.
    inbox.wait_for(member, 2)
    wait_until(lambda: psql(database, "SELECT count(*) FILTER (WHERE sent_at IS NULL), count(*) FROM email_outbox")
               == f"0|{len(inbox.everything())}", 30, "every message written to be delivered")
    kinds = dict(line.split("|") for line in psql(database, "SELECT id, kind FROM email_outbox").splitlines())

    seen: dict[tuple[str, str], str] = {}
    for raw in inbox.everything():
        message = check_strictly(raw)
        message_id = re.fullmatch(r"<([0-9a-f-]{36})@example\.org>", str(message["Message-ID"]))
        assert message_id, message["Message-ID"]
        kind = kinds[message_id.group(1)]
        seen[(message["To"].addresses[0].addr_spec, kind)] = str(message["Subject"])
        # Roster mail alone carries the unsubscribe headers.
        assert ("List-Unsubscribe" in message) == (kind in ("participant_link", "reminder")), kind
    # Each subject decodes to what was written, Korean intact.
    for key, subject in expected.items():
        assert seen.get(key) == subject, (key, seen.get(key), subject)
    assert {kind for _, kind in seen} == outbox_kinds(database), "a kind of mail this test does not send"


# A message shaped as Debrief writes them, that passes every check; each case below plants one
# defect of the kind issue 51 found (or could have), and the checks must refuse it: they are not
# vacuous. "피" is ED 94 BC in UTF-8, "7ZS8" in base64.
GOOD = (
    b"Date: Thu, 26 Nov 2026 06:40:00 +0000\r\n"
    b'From: "Debrief" <debrief@example.org>\r\n'
    b"To: <ana@example.org>\r\n"
    b"Subject: =?UTF-8?B?7ZS8?= feedback\r\n"
    b"Message-ID: <0b9d3c8e-6a55-4d3c-9e1f-1f0f3d7f2a10@example.org>\r\n"
    b"MIME-Version: 1.0\r\n"
    b'Content-Type: multipart/alternative; boundary="=_b"\r\n'
    b"\r\n"
    b"--=_b\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    b"Hello =ED=94=BC, a soft break=\r\n here.\r\n"
    b"--=_b\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
    b"<p>Hello =ED=94=BC</p>\r\n"
    b"--=_b--\r\n"
)
PLANTED = {
    # The first Subject line was 81 characters.
    "an 81-character header line": (b"Subject: =?UTF-8?B?7ZS8?= feedback", b"Subject: " + b"x" * 72),
    "an encoded-word line over 76": (b"Subject: =?UTF-8?B?7ZS8?= feedback", b"Subject: =?UTF-8?B?" + b"7ZS8" * 14 + b"?="),
    "an encoded-word over 75": (b"Subject: =?UTF-8?B?7ZS8?= feedback", b"Subject:\r\n =?UTF-8?B?" + b"7ZS8" * 16 + b"?="),
    "a character split between encoded-words": (b"=?UTF-8?B?7ZS8?=", b"=?UTF-8?B?7ZQ=?= =?UTF-8?B?vA==?="),
    "an encoded-word run into text": (b"=?UTF-8?B?7ZS8?= feedback", b"=?UTF-8?B?7ZS8?=feedback"),
    "raw UTF-8 in a header": (b"=?UTF-8?B?7ZS8?=", "피".encode()),
    "a header the strict parser refuses": (b"To: <ana@example.org>", b"To: <ana@example.org"),
    "a missing Date": (b"Date: Thu, 26 Nov 2026 06:40:00 +0000\r\n", b""),
    "8-bit text declared quoted-printable": (b"Hello =ED=94=BC,", "Hello 피,".encode()),
    "a bare = in quoted-printable": (b"<p>Hello", b"<p>a=b Hello"),
    "a quoted-printable line over 76": (b"<p>Hello =ED=94=BC</p>", b"<p>" + b"x" * 80 + b"</p>"),
    "a quoted-printable line ending in a space": (b"<p>Hello =ED=94=BC</p>", b"<p>Hello =ED=94=BC</p> "),
    "a bare LF": (b"here.\r\n", b"here.\n"),
    "no HTML part": (b"Content-Type: text/html", b"Content-Type: text/plain"),
}


@pytest.mark.parametrize("defect", sorted(PLANTED))
def test_the_checks_refuse_a_planted_defect(defect):
    check_strictly(GOOD)
    old, new = PLANTED[defect]
    assert old in GOOD, defect
    with pytest.raises((AssertionError, UnicodeError, email.errors.MessageError, ValueError)):
        check_strictly(GOOD.replace(old, new, 1))
