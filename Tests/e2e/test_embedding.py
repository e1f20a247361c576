"""Embedding (issue 50, docs/decisions/0068): a page on an allowed origin frames the form and a
participant answers through the frame; a page on an origin that is not listed gets no form.

Two tiny local HTTP servers stand in for other sites. They are reached as `localhost`, and Debrief
as `127.0.0.1`: different sites, as an intranet and Debrief would be, so the frame is a
cross-site frame (its cookies partitioned) and each page's origin differs from Debrief's.
"""
from __future__ import annotations

import html
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import requests
from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import SAMPLE_FORM, API, free_port, start_server


class EmbeddingSite:
    """A site of one page: the markup it was given, inside a body that marks when the frame loaded."""

    def __init__(self, port: int):
        self.port = port
        self.origin = f"http://localhost:{port}"
        self.markup = ""
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the standard library's name)
                body = ("<!doctype html><html><head><title>Intranet</title></head><body>"
                        f"<h1>Our team page</h1>{site.markup}</body></html>").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def sites():
    allowed, other = EmbeddingSite(free_port()), EmbeddingSite(free_port())
    yield allowed, other
    allowed.close()
    other.close()


@pytest.fixture(scope="module")
def embedding_server(database_url: str, sites):
    allowed, _ = sites
    running = start_server(database_url, args=["--embed-origins", allowed.origin])
    yield running
    running.stop()


def dashboard_snippet(api: API, email: str, password: str, meeting: str) -> str:
    """The form's `<iframe>` markup, as the meeting page shows it to copy."""
    session = requests.Session()
    form = session.get(api.base_url + "/signin", timeout=30)
    csrf = re.search(r'name="csrf" value="([^"]+)"', form.text).group(1)
    signed = session.post(api.base_url + "/signin", data={"email": email, "password": password, "csrf": csrf, "next": "/m"},
                          allow_redirects=False, timeout=30)
    assert signed.status_code == 303, signed.text
    page = session.get(f"{api.base_url}/m/{meeting}", timeout=30)
    found = re.search(r'<textarea id="embed-form" readonly rows="3">([^<]+)</textarea>', page.text)
    assert found, page.text
    return html.unescape(found.group(1))


def frame_loaded(driver) -> bool:
    return driver.execute_script(
        "const f = document.querySelector('iframe'); return !!f && f.dataset.loaded === 'yes';")


def open_site(driver, site: EmbeddingSite) -> None:
    """Opens the site's page and waits for its frame's load event (which fires for a refused frame too)."""
    driver.get(site.origin + "/")
    driver.execute_script(
        "const f = document.querySelector('iframe');"
        "if (f.contentDocument === null || f.contentWindow.location.href !== 'about:blank') { f.dataset.loaded = 'yes'; }"
        "f.addEventListener('load', () => { f.dataset.loaded = 'yes'; });")
    wait_for(driver, frame_loaded)


def test_the_form_answers_in_a_frame_on_an_allowed_origin_and_is_refused_elsewhere(embedding_server, sites, browser):
    allowed, other = sites
    api = API(embedding_server.base_url)
    host = api.sign_up("Embedding host")
    meeting = host.create_meeting("Team sync")
    code = host.publish_form(meeting, SAMPLE_FORM)["code"]
    snippet = dashboard_snippet(api, host.email, host.password, meeting)
    assert snippet.startswith(f'<iframe src="{api.base_url}/f/') and snippet.endswith("></iframe>"), snippet
    allowed.markup = other.markup = snippet

    # The headers the browser acts on: the form names the allowed origin; the API does not.
    page = requests.get(f"{api.base_url}/f/{code}", timeout=30)
    assert page.headers["Content-Security-Policy"].endswith(f"frame-ancestors {allowed.origin}")
    assert "X-Frame-Options" not in page.headers
    assert requests.get(f"{api.base_url}/signin", timeout=30).headers["X-Frame-Options"] == "DENY"

    driver = browser(width=1280, height=900)
    open_site(driver, allowed)
    driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "label[for='q-useful-7']"))
    driver.find_element(By.CSS_SELECTOR, "label[for='q-useful-7']").click()
    driver.find_element(By.ID, "q-notes").send_keys("Answered inside the intranet page")
    driver.find_element(By.CSS_SELECTOR, "form[action^='/f/']:not(.checkin) button[type='submit']").click()
    wait_for(driver, lambda d: d.execute_script("return location.pathname").endswith(f"/f/{code}/thanks"))
    driver.switch_to.default_content()
    assert driver.current_url == allowed.origin + "/", "the participant stayed on the intranet page"
    results = host.request("GET", f"/v1/meetings/{meeting}/results")
    assert results.status_code == 200, results.text
    assert results.json()["summary"]["responses"] == 1, results.text

    # The receipt was kept in the frame (partitioned to the intranet): the frame says so.
    open_site(driver, allowed)
    driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
    wait_for(driver, lambda d: "You already answered" in d.find_element(By.TAG_NAME, "body").text)
    driver.switch_to.default_content()

    # The same markup on a site that is not listed: the browser refuses to show the form.
    open_site(driver, other)
    driver.switch_to.frame(driver.find_element(By.TAG_NAME, "iframe"))
    assert driver.find_elements(By.CSS_SELECTOR, "form[action^='/f/'], input, label") == []
    assert SAMPLE_FORM["title"] not in driver.find_element(By.TAG_NAME, "html").text
    driver.switch_to.default_content()
    assert host.request("GET", f"/v1/meetings/{meeting}/results").json()["summary"]["responses"] == 1
