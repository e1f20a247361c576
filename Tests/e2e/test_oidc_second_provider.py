"""Company sign-in against a provider nobody on the team wrote: django-oidc-provider from PyPI
(django_provider.py), in its default configuration — the e-mail claims only in its UserInfo
answer, `aud` a string. Signing in through it in Chromium lands on /m with a linked account;
signing out reaches its end-session endpoint (the access log shows it) and comes back to
/signin, under the pages' CSP.
"""
from __future__ import annotations

import urllib.parse

import pytest

from browser import wait_for
from conftest import free_port, psql, start_server
from django_provider import DjangoProvider

NAME = "Django OP"


@pytest.fixture(scope="module")
def django_op_and_debrief(database_url: str):
    provider = DjangoProvider(free_port())
    server = start_server(database_url, env={
        "DEBRIEF_OIDC_ISSUER": provider.issuer,
        "DEBRIEF_OIDC_CLIENT_ID": provider.client_id,
        "DEBRIEF_OIDC_CLIENT_SECRET": provider.client_secret,
        "DEBRIEF_OIDC_NAME": NAME,
        "DEBRIEF_OIDC_CREATE_ACCOUNTS": "yes",
    })
    try:
        provider.start(redirect_uri=server.base_url + "/signin/company/callback", post_logout_uri=server.base_url + "/signin")
        print(f"second provider: {DjangoProvider.version()}")
        yield provider, server
    finally:
        server.stop()
        provider.stop()


def test_sign_in_and_out_through_django_oidc_provider_in_chromium(django_op_and_debrief, database_url, browser):
    provider, debrief = django_op_and_debrief
    driver = browser(width=1024, height=768)
    driver.get(debrief.base_url + "/signin")
    driver.find_element("link text", f"Sign in with {NAME}").click()
    wait_for(driver, lambda d: urllib.parse.urlsplit(d.current_url).path == "/m")
    # The e-mail came from UserInfo (the ID token has none), with the access token.
    assert provider.requests_seen("/openid/userinfo"), provider.log()[-2000:]
    assert psql(database_url, "SELECT a.display_name || '|' || i.issuer FROM accounts a JOIN oidc_identities i "
                              f"ON i.account_id = a.id WHERE a.email = '{provider.email}'") == f"Ana Django|{provider.issuer}"
    driver.find_element("css selector", "form.signout button").click()
    wait_for(driver, lambda d: d.current_url.startswith(debrief.base_url + "/signin"))
    ended = provider.requests_seen("/openid/end-session")
    assert ended and all('" 302 ' in line for line in ended), provider.log()[-2000:]
    driver.get(debrief.base_url + "/m")
    assert urllib.parse.urlsplit(driver.current_url).path == "/signin", "the Debrief session ended too"
