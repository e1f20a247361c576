"""The steps of a host's week in a browser (`test_host_week.py`): what the host types and its
Korean translation, the builder's and the translations page's steps, a participant's answer by
phone or through the API, each step's screenshots and accessibility audit, the downloads.
"""
from __future__ import annotations

import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import audit
from browser import screenshot, wait_for
from conftest import ROOT, API

SCREENSHOTS = ROOT / "docs" / "screenshots"
PASSWORD = "correct horse battery"
SIZES = (("phone", 390, 844), ("wide", 1280, 900))

# What the host types in the builder, and its Korean translation (typed on the translations page).
KOREAN = {
    "Weekly retro": "주간 회고",
    "What should we focus on next week?": "다음 주에 무엇에 집중할까요?",
    "Roadmap": "로드맵",
    "Hiring": "채용",
    "Customer interviews": "고객 인터뷰",
    "What worries you about hiring?": "채용에서 걱정되는 점은 무엇인가요?",
    "How was this week's retro?": "이번 주 회고는 어땠나요?",
    "Everyone was heard": "모든 사람의 의견을 들었다",
    "Decisions have owners": "결정마다 담당자가 있다",
    "Time was well spent": "시간을 잘 썼다",
    "Not at all": "전혀 아님",
    "Completely": "매우 그렇다",
    "Anything else?": "더 하고 싶은 말이 있나요?",
}


def local(moment: datetime) -> str:
    """A `datetime-local` value in the host's zone (sign-up took the browser's: UTC here)."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M")


def set_text(driver, element_id: str, value: str) -> None:
    """Types into a field; number and date-time fields get their value set (and the events a
    person's typing fires), as typing into them is locale-bound."""
    element = driver.find_element(By.ID, element_id)
    if element.get_attribute("type") in ("datetime-local", "number"):
        driver.execute_script(
            "arguments[0].value = arguments[1];"
            "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
            "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));", element, value)
    else:
        element.clear()
        element.send_keys(value)


def viewport(driver, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def step(driver, number: int, name: str, axe: dict, shots: list[str]) -> None:
    """One step of the week: axe on the page as it is, then the page at 390 and at 1280 px."""
    audit(driver, f"{number:02d} {name}", axe)
    width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    try:
        for size, w, h in SIZES:
            viewport(driver, w, h)
            # Reads a layout value so the new width is laid out before the picture.
            wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == w)
            path = SCREENSHOTS / f"week-{number:02d}-{name}-{size}.png"
            screenshot(driver, path)
            shots.append(path.name)
    finally:
        viewport(driver, width, height)
        wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == width)


def downloads_to(driver) -> Path:
    """Makes the browser save downloads, without asking, into a new folder; returns it."""
    folder = Path(tempfile.mkdtemp(prefix="debrief-week-downloads-"))
    try:
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    except Exception:  # noqa: BLE001 - an older Chromium knows the page-level command only
        driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    return folder


def downloaded(folder: Path, suffix: str, before: set[str]) -> Path:
    """The file the browser finished saving into `folder` (no partial `.crdownload` left)."""
    def finished():
        names = {p.name for p in folder.iterdir()}
        if any(n.endswith(".crdownload") for n in names):
            return None
        fresh = [folder / n for n in names - before if n.endswith(suffix)]
        return fresh[0] if fresh else None
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        found = finished()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"no {suffix} file was downloaded into {folder}: {sorted(p.name for p in folder.iterdir())}")


def tile(driver, label: str) -> str:
    for item in driver.find_elements(By.CSS_SELECTOR, ".tiles li"):
        if label in item.text:
            return item.find_element(By.CLASS_NAME, "value").text
    return ""


def submit_participant(driver, code: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()


def add_question(builder, kind: str, index: int, prompt: str) -> None:
    """Adds a question of `kind` with the builder's script and types its prompt."""
    builder.find_element(By.ID, f"add-{kind}").click()
    wait_for(builder, lambda d: d.find_element(By.ID, f"q{index}-prompt").is_displayed())
    set_text(builder, f"q{index}-prompt", prompt)


def add_option(builder, question: int, option: int, label: str) -> None:
    """Adds one more option (or statement) to question `question` and types its label."""
    builder.find_element(By.CSS_SELECTOR, f"#q{question} button[value='addOption:{question}']").click()
    wait_for(builder, lambda d: d.find_element(By.ID, f"q{question}-o{option}-label").is_displayed())
    set_text(builder, f"q{question}-o{option}-label", label)


def build_the_form(builder) -> None:
    """The host's questions, typed in the builder (with its script: no reloads)."""
    set_text(builder, "form-title", "Weekly retro")
    add_question(builder, "choice", 0, "What should we focus on next week?")
    set_text(builder, "q0-o0-label", "Roadmap")
    set_text(builder, "q0-o1-label", "Hiring")
    add_option(builder, 0, 2, "Customer interviews")
    builder.find_element(By.CSS_SELECTOR, "#q0 input[name='q0.allowsOther']").click()

    # The follow-up: the earlier question chosen by its text, then its option by its label.
    add_question(builder, "shortAnswer", 1, "What worries you about hiring?")
    builder.find_element(By.CSS_SELECTOR, "#q1 details.show-when > summary").click()
    source = Select(builder.find_element(By.ID, "q1-showWhenQuestion"))
    wanted = "Question 1: What should we focus on next week?"
    wait_for(builder, lambda d: wanted in [o.text for o in source.options])
    source.select_by_visible_text(wanted)
    hiring = wait_for(builder, lambda d: d.find_element(
        By.XPATH, "//fieldset[@id='q1-showWhenValues']//label[normalize-space()='Hiring']"))
    labels = [label.text.strip() for label in builder.find_elements(By.CSS_SELECTOR, "#q1-showWhenValues label")]
    assert labels == ["Roadmap", "Hiring", "Customer interviews"], f"the options by their labels, no codes: {labels}"
    hiring.click()
    wait_for(builder, lambda d: "Hiring" in d.find_element(By.CSS_SELECTOR, "#q1 [data-summary-condition]").text)

    # A 0–10 grid of three statements, its ends named.
    add_question(builder, "grid", 2, "How was this week's retro?")
    set_text(builder, "q2-o0-label", "Everyone was heard")
    set_text(builder, "q2-o1-label", "Decisions have owners")
    add_option(builder, 2, 2, "Time was well spent")
    set_text(builder, "q2-min", "0")
    set_text(builder, "q2-max", "10")
    set_text(builder, "q2-minLabel", "Not at all")
    set_text(builder, "q2-maxLabel", "Completely")

    add_question(builder, "shortAnswer", 3, "Anything else?")


def translate_to_korean(host) -> None:
    """Adds Korean on the translations page and types every text's translation."""
    Select(host.find_element(By.ID, "add-language")).select_by_value("ko")
    host.find_element(By.CSS_SELECTOR, "button[name='action'][value='add']").click()
    rows = wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, "table.translations tbody tr"))
    untranslated = []
    for row in rows:
        original = row.find_element(By.TAG_NAME, "td").text.strip()
        field = row.find_element(By.CSS_SELECTOR, "input[type='text']")
        if original in KOREAN:
            field.clear()
            field.send_keys(KOREAN[original])
        else:
            untranslated.append(original)
    assert not untranslated, f"texts the test has no translation for: {untranslated}"
    host.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))


def api_answer(api: API, code: str, number: int, focus: str, ratings: dict[str, int], notes: str, keys: dict) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": f"week-{code}-{number}"}, json={
        "answers": [{"questionKey": keys["focus"], "optionIds": [focus]},
                    {"questionKey": keys["grid"], "ratings": ratings},
                    {"questionKey": keys["notes"], "text": notes}]})
    assert reply.status_code == 201, reply.text


def rate_grid(phone, grid_key: str, statements: list[str], values: list[int]) -> None:
    """Taps each statement's value box (not the tiny radio button), as a thumb does."""
    for statement, value in zip(statements, values):
        box = phone.find_element(By.CSS_SELECTOR, f"label[for='q-{grid_key}-{statement}-{value}'] .grid-value")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
        box.click()
        assert phone.find_element(By.ID, f"q-{grid_key}-{statement}-{value}").is_selected()
