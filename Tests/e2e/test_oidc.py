"""Company sign-in (OpenID Connect) against a real provider started here (oidc_provider.py, on
authlib): a sign-in through it lands on /m, keys rotate, and each refusal — wrong audience,
expired token, bad signature, unknown key id, replayed state, replayed code, a callback from
another browser, an unverified e-mail, a provider that is down — shows the page a person would
need and creates nothing. An account someone registered with a password under another person's
address (never proven) is not handed that person when they sign in through the provider
(docs/decisions/0054-verified-addresses.md), shown in Chromium. Then sign-out (RP-initiated logout), "company sign-in only" with its
break-glass admin, and hostile callback queries (the bad-input corpus of these routes).
"""
from __future__ import annotations

import re
import urllib.parse

import pytest
import requests

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API, REQUEST_SECONDS, Host, free_port, psql, start_server
from oidc_provider import Provider

NAME = "Acme ID"


def oidc_env(provider: Provider, **extra: str) -> dict[str, str]:
    return {
        "DEBRIEF_OIDC_ISSUER": provider.issuer,
        "DEBRIEF_OIDC_CLIENT_ID": provider.client_id,
        "DEBRIEF_OIDC_CLIENT_SECRET": provider.client_secret,
        "DEBRIEF_OIDC_NAME": NAME,
        "DEBRIEF_OIDC_CREATE_ACCOUNTS": "yes",
        # Every unknown key id may refetch the key set (production: once per 30 s).
        "DEBRIEF_OIDC_KEY_REFETCH_SECONDS": "0",
        **extra,
    }


@pytest.fixture(scope="module")
def provider():
    running = Provider(free_port()).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def debrief(provider: Provider, database_url: str):
    server = start_server(database_url, env=oidc_env(provider))
    provider.control({"redirect_uris": [server.base_url + "/signin/company/callback"]})
    yield server
    server.stop()


def control(provider: Provider, **change):
    answer = requests.post(provider.issuer + "/control", json=change, timeout=REQUEST_SECONDS)
    assert answer.status_code == 200, answer.text


def counts(database_url: str) -> tuple[int, int, int]:
    row = psql(database_url, "SELECT (SELECT count(*) FROM accounts), (SELECT count(*) FROM oidc_identities), "
                             "(SELECT count(*) FROM access_tokens)")
    accounts, links, sessions = (int(x) for x in row.split("|"))
    return accounts, links, sessions


def sign_in(base_url: str, browser: requests.Session | None = None, next_path: str = "/m") -> requests.Response:
    """A browser following every redirect: Debrief → provider → Debrief's callback → next."""
    browser = browser or requests.Session()
    return browser.get(f"{base_url}/signin/company?next={urllib.parse.quote(next_path, safe='')}", timeout=REQUEST_SECONDS)


def callback_url(base_url: str, browser: requests.Session) -> str:
    """Starts a sign-in and stops at the callback URL the provider sends the browser to."""
    start = browser.get(base_url + "/signin/company", allow_redirects=False, timeout=REQUEST_SECONDS)
    assert start.status_code == 303, start.text
    assert "debrief_oidc_state" in start.cookies
    authorize = browser.get(start.headers["Location"], allow_redirects=False, timeout=REQUEST_SECONDS)
    assert authorize.status_code == 302, authorize.text
    return authorize.headers["Location"]


def refused(response: requests.Response, status: int, words: str, database_url: str, before: tuple[int, int, int]):
    assert response.status_code == status, (response.status_code, response.text[:400])
    assert words in response.text, response.text[:800]
    assert 'href="/signin"' in response.text
    assert counts(database_url) == before, "a refusal created an account, link or session"


def test_the_sign_in_page_offers_the_company_sign_in_in_english_and_korean(debrief):
    english = requests.get(debrief.base_url + "/signin", timeout=REQUEST_SECONDS)
    assert f"Sign in with {NAME}" in english.text
    assert 'name="password"' in english.text, "passwords still sign in when company sign-in is not the only way"
    korean = requests.get(debrief.base_url + "/signin", headers={"Accept-Language": "ko"}, timeout=REQUEST_SECONDS)
    assert f"{NAME}(으)로 로그인" in korean.text


def test_a_sign_in_through_the_provider_lands_on_m_with_a_new_linked_account(debrief, provider, database_url):
    control(provider, mode="normal", user={"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True, "name": "Ana Kim"})
    browser = requests.Session()
    landed = sign_in(debrief.base_url, browser)
    assert landed.status_code == 200, landed.text[:400]
    assert urllib.parse.urlsplit(landed.url).path == "/m"
    assert "debrief_session" in browser.cookies
    assert psql(database_url, "SELECT display_name || '|' || role FROM accounts WHERE email = 'ana@acme.test'") == "Ana Kim|host"
    assert psql(database_url, "SELECT subject FROM oidc_identities") == "emp-1001"
    # The session is the ordinary page session: the meetings list shows the sign-out button.
    assert 'action="/signout"' in landed.text


def test_an_existing_account_is_linked_by_its_verified_email_and_stays_linked_after_an_email_change(debrief, provider, database_url):
    host = API(debrief.base_url).sign_up("Bo")
    control(provider, mode="normal", user={"sub": "emp-2002", "email": host.email, "email_verified": True, "name": "Bo"})
    assert urllib.parse.urlsplit(sign_in(debrief.base_url).url).path == "/m"
    assert psql(database_url, "SELECT account_id FROM oidc_identities WHERE subject = 'emp-2002'") == host.account_id
    control(provider, user={"email": "bo.renamed@acme.test", "email_verified": False})
    before = counts(database_url)
    assert urllib.parse.urlsplit(sign_in(debrief.base_url).url).path == "/m"
    assert counts(database_url)[:2] == before[:2], "the renamed e-mail signed in the same account"


def test_a_password_account_squatting_an_address_is_not_handed_its_real_owner(debrief, provider, database_url, browser):
    """Issue 47 (HIGH): with open sign-up and company sign-in both on, someone signs up with a
    password as victim@acme.test; the real owner of that address then signs in through the
    provider for the first time (`email_verified: true`). Before 0054 Debrief linked the two, so
    the squatter's password read the victim's meetings from then on, and the victim landed in
    the squatter's account. Now nothing is linked, nobody is signed in, and the page says why."""
    squatter_browser = browser()
    squatter_browser.get(debrief.base_url + "/signup")
    squatter_browser.find_element(By.ID, "displayName").send_keys("Mallory")
    squatter_browser.find_element(By.ID, "email").send_keys("victim@acme.test")
    squatter_browser.find_element(By.ID, "password").send_keys("correct horse battery")
    squatter_browser.find_element(By.CSS_SELECTOR, "form[action='/signup'] button[type='submit']").click()
    wait_for(squatter_browser, lambda d: "/signup" not in d.current_url)
    # The account page tells its holder the address is not confirmed, and what that withholds.
    squatter_browser.get(debrief.base_url + "/account")
    status = squatter_browser.find_element(By.ID, "address-status").text
    assert "not confirmed" in status and "company sign-in" in status, status
    login = requests.post(debrief.base_url + "/v1/tokens", json={"email": "victim@acme.test", "password": "correct horse battery"},
                          timeout=REQUEST_SECONDS)
    assert login.status_code == 201, login.text
    squatter_id = psql(database_url, "SELECT id FROM accounts WHERE email = 'victim@acme.test'")
    squatter = Host(API(debrief.base_url), "victim@acme.test", "correct horse battery", login.json()["token"], squatter_id)
    squatter.create_meeting("Mallory's bait meeting")

    control(provider, mode="normal", user={"sub": "emp-victim", "email": "victim@acme.test", "email_verified": True,
                                           "name": "Real Victim"})
    before = counts(database_url)
    victim = browser()
    victim.get(debrief.base_url + "/signin")
    victim.find_element(By.ID, "company-sign-in").click()
    wait_for(victim, lambda d: "/signin/company/callback" in d.current_url)
    page = victim.find_element(By.TAG_NAME, "main").text
    assert "never proved that it holds that address" in page, page
    assert "was not linked" in page and "nobody was signed in" in page, page
    assert victim.get_cookie("debrief_session") is None
    assert counts(database_url) == before, "the refusal created an account, link or session"
    assert psql(database_url, "SELECT count(*) FROM oidc_identities WHERE subject = 'emp-victim'") == "0"
    # The victim is not in the squatter's account: /m sends them to sign in, no bait meeting shown.
    victim.get(debrief.base_url + "/m")
    wait_for(victim, lambda d: "/signin" in d.current_url)
    assert "Mallory's bait meeting" not in victim.page_source
    # And the squatter's password reaches nothing of the victim's: the account is still only theirs.
    assert psql(database_url, "SELECT count(*) FROM oidc_identities WHERE account_id = '%s'" % squatter_id) == "0"


def test_keys_rotate_the_signing_key_switches_and_a_new_key_is_fetched(debrief, provider):
    control(provider, mode="normal", user={"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True})
    control(provider, signing_kid="k2")  # ES256, already published
    assert urllib.parse.urlsplit(sign_in(debrief.base_url).url).path == "/m"
    fetches = provider.jwks_fetches
    control(provider, rotate=True)  # a new RSA key Debrief has never seen
    assert urllib.parse.urlsplit(sign_in(debrief.base_url).url).path == "/m"
    assert provider.jwks_fetches == fetches + 1, "the unknown key id fetched the key set once"
    control(provider, signing_kid="k1")


@pytest.mark.parametrize("mode,status,words", [
    ("wrong_aud", 403, "was meant for another application"),
    ("expired", 403, "had expired"),
    ("bad_signature", 403, "could not be verified"),
    ("unknown_kid", 403, "with a key it does not publish"),
])
def test_a_token_that_does_not_verify_is_refused_with_a_clear_page(debrief, provider, database_url, mode, status, words):
    control(provider, mode=mode, user={"sub": f"new-{mode}", "email": f"{mode}@acme.test", "email_verified": True})
    before = counts(database_url)
    fetches = provider.jwks_fetches
    browser = requests.Session()
    refused(sign_in(debrief.base_url, browser), status, words, database_url, before)
    assert "debrief_session" not in browser.cookies
    if mode == "unknown_kid":
        assert provider.jwks_fetches == fetches + 1, "an unknown key id refetches the key set once"
    control(provider, mode="normal")


def test_an_unverified_email_is_refused_and_creates_nothing(debrief, provider, database_url):
    control(provider, mode="normal", user={"sub": "emp-3003", "email": "cy@acme.test", "email_verified": False})
    before = counts(database_url)
    refused(sign_in(debrief.base_url), 403, "has not verified your e-mail address", database_url, before)
    korean = requests.Session()
    korean.headers["Accept-Language"] = "ko"
    refused(sign_in(debrief.base_url, korean), 403, "이메일 주소가 인증되지 않아", database_url, before)


def test_a_replayed_state_and_a_replayed_code_are_refused(debrief, provider, database_url):
    control(provider, mode="normal", user={"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True})
    browser = requests.Session()
    first = callback_url(debrief.base_url, browser)
    done = browser.get(first, allow_redirects=False, timeout=REQUEST_SECONDS)
    assert done.status_code == 303 and done.headers["Location"] == "/m", done.text[:300]
    before = counts(database_url)
    # The same callback again (a reload, or someone who saw the URL): the state is used up.
    refused(browser.get(first, timeout=REQUEST_SECONDS), 400, "was used already", database_url, before)
    # A fresh sign-in's state with the first, used code: the provider refuses the code.
    used_code = urllib.parse.parse_qs(urllib.parse.urlsplit(first).query)["code"][0]
    fresh = callback_url(debrief.base_url, browser)
    state = urllib.parse.parse_qs(urllib.parse.urlsplit(fresh).query)["state"][0]
    replay = f"{debrief.base_url}/signin/company/callback?code={used_code}&state={state}"
    refused(browser.get(replay, timeout=REQUEST_SECONDS), 400, "refused this sign-in link", database_url, before)


def test_a_callback_from_another_browser_is_refused(debrief, provider, database_url):
    control(provider, mode="normal")
    url = callback_url(debrief.base_url, requests.Session())
    before = counts(database_url)
    refused(requests.get(url, timeout=REQUEST_SECONDS), 400, "was not started in this browser", database_url, before)


def test_sign_out_ends_the_session_and_the_providers(debrief, provider):
    control(provider, mode="normal", user={"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True})
    browser = requests.Session()
    landed = sign_in(debrief.base_url, browser)
    csrf = re.search(r'name="csrf" value="([^"]+)"', landed.text).group(1)
    out = browser.post(debrief.base_url + "/signout", data={"csrf": csrf}, allow_redirects=False, timeout=REQUEST_SECONDS)
    # A page, not a redirect (the CSP's form-action 'self' would block a redirect off the origin):
    # it goes on by a GET of its own (Refresh) and links the provider's end-session URL.
    assert out.status_code == 200, out.text[:300]
    assert out.headers["Cache-Control"] == "no-store"
    refresh = out.headers["Refresh"]
    assert refresh.startswith("0; url=" + provider.issuer + "/logout?"), refresh
    end_session = refresh.removeprefix("0; url=")
    assert f'href="{end_session.replace("&", "&amp;")}"' in out.text
    assert f"Continue to sign out of {NAME}" in out.text
    back = browser.get(end_session, timeout=REQUEST_SECONDS)
    assert urllib.parse.urlsplit(back.url).path == "/signin"
    logout = provider.logouts[-1]
    assert logout["post_logout_redirect_uri"] == debrief.base_url + "/signin"
    assert logout["id_token_hint"].count(".") == 2
    assert urllib.parse.urlsplit(browser.get(debrief.base_url + "/m", timeout=REQUEST_SECONDS).url).path == "/signin"


def test_sign_out_in_chromium_reaches_the_provider_under_the_pages_csp(debrief, provider, browser):
    """The pages' CSP has form-action 'self': a 303 from POST /signout to the provider (another
    origin) was blocked by Chromium, which stayed on the page and never asked the provider."""
    control(provider, mode="normal", user={"sub": "emp-1001", "email": "ana@acme.test", "email_verified": True})
    driver = browser(width=1024, height=768)
    driver.get(debrief.base_url + "/signin")
    driver.find_element("link text", f"Sign in with {NAME}").click()
    wait_for(driver, lambda d: urllib.parse.urlsplit(d.current_url).path == "/m")
    logouts = len(provider.logouts)
    driver.find_element("css selector", "form.signout button").click()
    wait_for(driver, lambda d: len(provider.logouts) > logouts)
    seen = provider.logouts[-1]
    assert seen["post_logout_redirect_uri"] == debrief.base_url + "/signin"
    assert seen["id_token_hint"].count(".") == 2
    wait_for(driver, lambda d: d.current_url.startswith(debrief.base_url + "/signin"))
    driver.get(debrief.base_url + "/m")
    assert urllib.parse.urlsplit(driver.current_url).path == "/signin", "the Debrief session ended too"


def test_email_claims_only_in_userinfo_and_an_audience_array_sign_in(debrief, provider, database_url):
    """OIDC Core §5.4 lets a provider answer the e-mail from UserInfo only, and §3.1.3.7 an `aud`
    array (with `azp`): both legitimate, both once refused."""
    control(provider, mode="userinfo_only",
            user={"sub": "emp-5005", "email": "eun@acme.test", "email_verified": True, "name": "Eun Seo"})
    calls = provider.userinfo_calls
    landed = sign_in(debrief.base_url)
    assert urllib.parse.urlsplit(landed.url).path == "/m", landed.text[:600]
    assert provider.userinfo_calls == calls + 1
    assert psql(database_url, "SELECT a.display_name || '|' || i.subject FROM accounts a JOIN oidc_identities i "
                              "ON i.account_id = a.id WHERE a.email = 'eun@acme.test'") == "Eun Seo|emp-5005"
    # An ID token with the verified e-mail in it: UserInfo is not asked.
    control(provider, mode="normal")
    assert urllib.parse.urlsplit(sign_in(debrief.base_url).url).path == "/m"
    assert provider.userinfo_calls == calls + 1
    control(provider, mode="normal")


def test_a_userinfo_answer_for_another_subject_is_refused(debrief, provider, database_url):
    control(provider, mode="userinfo_other_sub",
            user={"sub": "emp-6006", "email": "fay@acme.test", "email_verified": True, "name": "Fay"})
    before = counts(database_url)
    refused(sign_in(debrief.base_url), 403, "could not be verified", database_url, before)
    control(provider, mode="normal")


@pytest.mark.parametrize("query", [
    "",  # nothing at all
    "state=abc",  # no code, no cookie
    "code=abc",
    "state=%00&code=%00",
    "state=%FF%FE&code=x",
    "state=" + "A" * 6000 + "&code=x",
    "error=access_denied&state=x",
    "state=x&state=y&code=1",
])
def test_hostile_callback_queries_are_clear_4xx_pages(debrief, database_url, query):
    before = counts(database_url)
    answer = requests.get(f"{debrief.base_url}/signin/company/callback?{query}", timeout=REQUEST_SECONDS)
    assert 400 <= answer.status_code < 500, (answer.status_code, answer.text[:300])
    assert answer.headers["Content-Type"].startswith("text/html")
    assert counts(database_url) == before


def test_company_sign_in_only_hides_passwords_but_for_the_break_glass_admin(debrief, provider, database_url):
    email = API(debrief.base_url).sign_up("Eve").email
    server = start_server(database_url, env=oidc_env(provider, DEBRIEF_OIDC_ONLY="yes"))
    try:
        page = requests.get(server.base_url + "/signin", timeout=REQUEST_SECONDS)
        assert f"Sign in with {NAME}" in page.text
        assert 'name="password"' not in page.text
        assert "Administrator? Sign in with a password" in page.text
        # Sign-up with a password is closed.
        refused_signup = requests.post(server.base_url + "/v1/accounts", timeout=REQUEST_SECONDS, json={
            "email": "late@example.com", "password": "correct horse battery", "displayName": "Late"})
        assert refused_signup.status_code == 403, refused_signup.text
        # An existing host's right password: refused, with the way to sign in.
        token = requests.post(server.base_url + "/v1/tokens", json={"email": email, "password": "correct horse battery"}, timeout=REQUEST_SECONDS)
        assert token.status_code == 403, token.text
        # The break-glass admin signs in with a password.
        psql(database_url, f"UPDATE accounts SET role = 'admin' WHERE email = '{email}'")
        browser = requests.Session()
        form = browser.get(server.base_url + "/signin?password=1", timeout=REQUEST_SECONDS)
        assert 'name="password"' in form.text
        csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
        signed = browser.post(server.base_url + "/signin", timeout=REQUEST_SECONDS, allow_redirects=False,
                              data={"csrf": csrf, "next": "/m", "email": email, "password": "correct horse battery"})
        assert signed.status_code == 303 and "debrief_session" in browser.cookies, signed.text[:300]
    finally:
        server.stop()


def test_zz_a_provider_that_is_down_gives_a_503_page_and_creates_nothing(debrief, provider, database_url):
    """Last: it stops the provider. Down at the callback (token endpoint), and at the start."""
    control(provider, mode="normal", user={"sub": "emp-4004", "email": "dee@acme.test", "email_verified": True})
    browser = requests.Session()
    url = callback_url(debrief.base_url, browser)
    before = counts(database_url)
    provider.stop()
    down = browser.get(url, timeout=30)
    refused(down, 503, "cannot be reached right now", database_url, before)
    assert down.headers.get("Retry-After") == "30"
    # A server that has not fetched the provider's discovery yet: the start is a 503 page too.
    fresh = start_server(database_url, env=oidc_env(provider))
    try:
        attempts = psql(database_url, "SELECT count(*) FROM oidc_sign_in_attempts")
        refused(requests.get(fresh.base_url + "/signin/company", timeout=30), 503, "cannot be reached right now",
                database_url, before)
        assert psql(database_url, "SELECT count(*) FROM oidc_sign_in_attempts") == attempts, "a sign-in was stored"
    finally:
        fresh.stop()
