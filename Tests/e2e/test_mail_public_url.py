"""RFC 8058's one-click unsubscribe needs an https `List-Unsubscribe` URL, built from
`--public-url`: with SMTP on and an http public URL, `debrief serve` says so at start-up in one
structured warning (and not when the public URL is https, or without SMTP)."""
from __future__ import annotations

import json

from conftest import free_port, start_server

WARNING = "the public URL is not https while SMTP is on: mail clients will not offer one-click unsubscribe"


def warnings(log: str) -> list[dict]:
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{")]
    return [line for line in lines if line.get("msg") == WARNING]


def test_an_http_public_url_with_smtp_on_is_warned_about_at_start_up(database_url):
    smtp = {"DEBRIEF_SMTP_URL": f"smtp://127.0.0.1:{free_port()}", "DEBRIEF_MAIL_FROM": "debrief@example.org"}
    for public_url, expected in [("http://feedback.example.com", 1), ("https://feedback.example.com", 0)]:
        server = start_server(database_url, env={**smtp, "DEBRIEF_PUBLIC_URL": public_url})
        try:
            found = warnings(server.log())
            assert len(found) == expected, server.log()[-2000:]
            if found:
                assert found[0]["level"] == "warning"
                assert found[0]["publicUrl"] == public_url
        finally:
            server.stop()
    server = start_server(database_url, env={"DEBRIEF_PUBLIC_URL": "http://feedback.example.com"})
    try:
        assert warnings(server.log()) == []
    finally:
        server.stop()
