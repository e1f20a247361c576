"""A host fixes a typo on the open form in the builder page, and the QR code printed before the fix
still opens the form, now with the fixed wording (issue 14; decision record 20). A change of
meaning makes a new version under the same code: the printed code opens it too, and the results
count the answers of both versions.
"""
from __future__ import annotations

from pathlib import Path

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API, Host
from test_qr import decode

FORM = {
    "title": "Retro feedback",
    "anonymous": True,
    "privacyThreshold": 1,
    "questions": [
        {"key": "useful", "prompt": "How usefull was it?", "kind": "rating", "min": 1, "max": 5, "required": True},
        {"key": "topic", "prompt": "Best topic?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hirng"}]},
    ],
}


def printed_qr(host: Host, meeting: str, path: Path) -> str:
    """Prints the meeting's QR code (PNG) and reads it back as a phone would."""
    reply = host.request("GET", f"/v1/meetings/{meeting}/qr.png", params={"size": 300})
    assert reply.status_code == 200, reply.text
    path.write_bytes(reply.content)
    return decode(path)


def sign_in(driver, base_url: str, host: Host, path: str) -> None:
    """Opens a host page signed out, signs in on the page it is sent to, and comes back."""
    driver.get(base_url + path)
    wait_for(driver, lambda d: "/signin?next=" in d.current_url)
    driver.find_element(By.ID, "email").send_keys(host.email)
    driver.find_element(By.ID, "password").send_keys(host.password)
    driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button").click()
    wait_for(driver, lambda d: d.current_url == base_url + path)


def answer(api: API, code: str, useful: int) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", json={"answers": [{"questionKey": "useful", "rating": useful}]})
    assert reply.status_code == 201, reply.text


def test_a_typo_fixed_in_the_builder_keeps_the_printed_qr_code(api: API, browser, tmp_path: Path):
    host = api.sign_up()
    meeting = host.create_meeting(title="Retro")
    published = host.publish_form(meeting, FORM)
    code, url = published["code"], published["participantUrl"]
    assert printed_qr(host, meeting, tmp_path / "printed.png") == url
    answer(api, code, 4)

    # The host fixes the typos on the open form in the builder and saves.
    driver = browser(width=1280, height=900)
    sign_in(driver, api.base_url, host, f"/m/{meeting}/form")
    for summary in driver.find_elements(By.CSS_SELECTOR, "details.question-body > summary"):
        summary.click()  # each saved question is a summary line that opens for editing
    prompt = driver.find_element(By.ID, "q0-prompt")
    assert prompt.get_attribute("value") == "How usefull was it?"
    prompt.clear()
    prompt.send_keys("How useful was it?")
    label = driver.find_element(By.ID, "q1-o1-label")
    label.clear()
    label.send_keys("Hiring")
    driver.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    notice = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".notice.ok"))
    assert "same code and QR code" in notice.text
    assert driver.find_element(By.CSS_SELECTOR, "a[href*='/f/']").get_attribute("href") == url

    # The QR code printed before the fix still decodes to the same link, which opens the fixed form.
    assert printed_qr(host, meeting, tmp_path / "after.png") == url
    phone = browser(width=390, height=844)
    phone.get(decode(tmp_path / "printed.png"))
    wait_for(phone, lambda d: "How useful was it?" in d.page_source)
    assert "usefull" not in phone.page_source and "Hirng" not in phone.page_source
    assert "Hiring" in phone.page_source

    form = host.request("GET", f"/v1/meetings/{meeting}/form").json()
    assert (form["version"], form["code"], form["state"]) == (1, code, "open")
    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    assert results["summary"]["responses"] == 1, "the answer given before the fix is kept"
    assert results["questions"][0]["prompt"] == "How useful was it?"

    # A change of meaning (a 1–10 scale) is a new version, published under the same code.
    assert host.request("POST", f"/v1/meetings/{meeting}/form/close").status_code == 200
    second = {**FORM, "questions": [{**FORM["questions"][0], "prompt": "How useful was it?", "max": 10}]}
    assert host.request("PUT", f"/v1/meetings/{meeting}/form", json=second).status_code == 200
    republished = host.request("POST", f"/v1/meetings/{meeting}/form/publish").json()
    assert (republished["version"], republished["code"]) == (2, code)
    phone.get(decode(tmp_path / "printed.png"))
    wait_for(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "input[name='q.useful'][value='10']"))
    answer(api, code, 9)
    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    assert results["summary"]["responses"] == 2, "the earlier version's answer is still counted"
    assert [v["responses"] for v in results["versions"]] == [1, 1]
