"""A real SMTP server for the mail tests: aiosmtpd with STARTTLS required and AUTH on, its
certificate made here and trusted by `debrief serve` through --smtp-ca-file.

The inbox keeps each message's bytes as they arrived (for the strict checks of
test_mail_every_kind.py) beside the message parsed with `policy.default` (for reading links).
"""
from __future__ import annotations

import email
import email.policy
import ssl
import subprocess
import threading

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from conftest import free_port, start_server, wait_until

SMTP_USER, SMTP_PASSWORD = "debrief", "s3cret-smtp"
REFUSED = "refuse-me@example.org"


class Inbox:
    """What the SMTP server accepted; refuses REFUSED with a 550."""

    def __init__(self):
        self.messages: list[email.message.EmailMessage] = []
        self.raw: list[bytes] = []
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address == REFUSED:
            return "550 5.1.1 <refuse-me@example.org>: mailbox unavailable"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        assert session.authenticated, "mail arrived without AUTH"
        parsed = email.message_from_bytes(envelope.original_content, policy=email.policy.default)
        with self.lock:
            self.messages.append(parsed)
            self.raw.append(envelope.original_content)
        return "250 2.0.0 queued"

    def to(self, address: str) -> list[email.message.EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"].addresses[0].addr_spec == address]

    def wait_for(self, address: str, count: int = 1, timeout: float = 30) -> list[email.message.EmailMessage]:
        wait_until(lambda: len(self.to(address)) >= count, timeout, f"{count} message(s) to {address}")
        return self.to(address)

    def everything(self) -> list[bytes]:
        with self.lock:
            return list(self.raw)


def authenticate(server, session, envelope, mechanism, auth_data):
    ok = isinstance(auth_data, LoginPassword) and auth_data.login == SMTP_USER.encode() and auth_data.password == SMTP_PASSWORD.encode()
    return AuthResult(success=ok)


@pytest.fixture(scope="module")
def smtp(tmp_path_factory):
    """(inbox, port, certificate) of an SMTP server that lives as long as the test module."""
    folder = tmp_path_factory.mktemp("smtp")
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(str(cert), str(key))
    inbox = Inbox()
    port = free_port()
    controller = Controller(
        inbox, hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True, auth_required=True,
        authenticator=authenticate)
    controller.start()
    yield inbox, port, cert
    controller.stop()


def smtp_environment(port: int, cert) -> dict[str, str]:
    """The environment that points `debrief serve` at the server, polling and retrying quickly."""
    return {
        "DEBRIEF_SMTP_URL": f"smtp://{SMTP_USER}:{SMTP_PASSWORD}@127.0.0.1:{port}",
        "DEBRIEF_SMTP_CA_FILE": str(cert),
        "DEBRIEF_MAIL_FROM": "debrief@example.org",
        "DEBRIEF_MAIL_POLL_MS": "200",
        "DEBRIEF_MAIL_RETRY_BASE_MS": "200",
        "DEBRIEF_MAIL_MAX_ATTEMPTS": "3",
    }


@pytest.fixture(scope="module")
def mail_server(database_url, smtp):
    """`debrief serve` sending to the module's SMTP server, its links on its own address."""
    _, port, cert = smtp
    web_port = free_port()
    running = start_server(database_url, port=web_port, args=["--public-url", f"http://127.0.0.1:{web_port}"],
                           env=smtp_environment(port, cert))
    yield running
    running.stop()
    # The SMTP password never reaches the log.
    assert SMTP_PASSWORD not in running.log()
