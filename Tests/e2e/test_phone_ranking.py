"""A ranking on a 390 px phone (issue 68: "ranking on a phone is a set of drop-downs").

A form with one ranking of four options opens in a Chromium of 390 × 844 CSS pixels, in English
and in Korean. With script (ranking.js) the place drop-downs are hidden behind one button per
option, each at least 44 px high and inside the screen, no sideways scroll. The participant taps
three options (numbered 1, 2, 3; the live region says "Tooling: place 3 of 4"), taps the second
again (taken out, the third renumbered to 2) and sends this partial order: the server refuses it
as it refuses two places chosen in the drop-downs (every option must be ranked), and the page
comes back with the two places kept. Two more taps, the last one by keyboard, and the order is
sent; the responses CSV holds each option's rank exactly as tapped. A second phone without
script ranks through the drop-downs, which post the same fields. axe-core checks the page with
script, after the taps (axe is itself a script, so it cannot run where script is off); the
English page, three options tapped, is saved as docs/screenshots/participant-ranking-phone.png.
"""
from __future__ import annotations

import csv
import io

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API

SCREENSHOTS = ROOT / "docs" / "screenshots"

OPTIONS = {
    "en": [("roadmap", "Roadmap"), ("hiring", "Hiring"), ("docs", "Docs"), ("tooling", "Tooling")],
    "ko": [("roadmap", "로드맵"), ("hiring", "채용"), ("docs", "문서"), ("tooling", "도구")],
}
# The live region's sentences and the hint, as RankingPhrase says them.
SAYS = {
    "en": {"placed": "{option}: place {place} of {n}", "unplaced": "{option}: no place; {count} of {n} placed",
           "hint": "Tap the options in order of preference"},
    "ko": {"placed": "{option}: {n}개 중 {place}위", "unplaced": "{option}: 순위에서 뺐어요. {n}개 중 {count}개 정했어요",
           "hint": "좋아하는 순서대로 선택지를 눌러 주세요"},
}


def ranking_form(language: str) -> dict:
    return {"title": "Retro" if language == "en" else "회고", "anonymous": True, "privacyThreshold": 1, "language": language,
            "questions": [{"key": "next", "kind": "ranking", "prompt": "What next?" if language == "en" else "다음에 할 일은?",
                           "options": [{"id": key, "label": label} for key, label in OPTIONS[language]]}]}


def submit(driver, code: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], "
                                         f"form[action^='/f/{code}?'] button[type='submit']").click()


def button(driver, option: str):
    return driver.find_element(By.CSS_SELECTOR, f"button[data-select='q-next-{option}']")


def numbers(driver) -> dict[str, str]:
    """Each option's drawn number ('' when not placed) and its pressed state."""
    return {b.get_attribute("data-select").removeprefix("q-next-"):
            b.find_element(By.CLASS_NAME, "ranking-number").text + ("*" if b.get_attribute("aria-pressed") == "true" else "")
            for b in driver.find_elements(By.CSS_SELECTOR, "#q-next .ranking-tap")}


def selects(driver) -> dict[str, str]:
    """What the form will post: each hidden place <select>'s value."""
    return driver.execute_script(
        "return Object.fromEntries(Array.from(document.querySelectorAll('#q-next select')).map(s => [s.name, s.value]))")


def said(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, "#q-next [data-ranking-status]").get_attribute("textContent")


# Every button's box: at least 44 px high, inside the window's width.
OUTSIDE_OR_SMALL = """
const width = window.innerWidth;
return Array.from(document.querySelectorAll('.ranking-tap')).map(b => [b.dataset.select, b.getBoundingClientRect()])
  .filter(([, box]) => box.height < 44 || box.left < 0 || box.right > width).map(([id, box]) => `${id} ${box.left}–${box.right} × ${box.height}`);
"""


def ranks(host, meeting: str) -> list[dict[str, str]]:
    """Each response's rank per option, from the responses CSV (a column per ranked option)."""
    exported = host.request("GET", f"/v1/meetings/{meeting}/export.csv?layout=responses")
    assert exported.status_code == 200, exported.text[:500]
    table = list(csv.reader(io.StringIO(exported.content.decode("utf-8-sig"))))
    header, body = table[0], table[1:]
    columns = {name.rsplit("[next.", 1)[1].rstrip("]"): i for i, name in enumerate(header) if "[next." in name}
    assert sorted(columns) == sorted(key for key, _ in OPTIONS["en"]), header
    return [{option: row[i] for option, i in columns.items()} for row in body]


@pytest.mark.parametrize("language", ["en", "ko"])
def test_a_ranking_is_tapped_in_order_on_a_phone(api: API, browser, language: str) -> None:
    host = api.sign_up("Ranking Host")
    meeting = host.create_meeting("Weekly retro")
    code = host.publish_form(meeting, ranking_form(language))["code"]
    labels = dict(OPTIONS[language])
    says = SAYS[language]
    axe: dict[str, dict[str, int]] = {}

    phone = browser(width=390, height=844, language=language)
    phone.get(f"{api.base_url}/f/{code}")
    wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#q-next .ranking-tap")) == 4)
    assert phone.execute_script("return window.innerWidth") == 390
    # The drop-downs are hidden, still in the form; the hint speaks of tapping.
    assert not phone.find_element(By.CSS_SELECTOR, "#q-next ol.ranking").is_displayed()
    assert len(phone.find_elements(By.CSS_SELECTOR, "#q-next select")) == 4
    assert says["hint"] in phone.find_element(By.CSS_SELECTOR, "#q-next .hint").text
    assert phone.execute_script(OUTSIDE_OR_SMALL) == []
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert [b.text for b in phone.find_elements(By.CLASS_NAME, "ranking-option")] == [label for _, label in OPTIONS[language]]

    for option in ("docs", "roadmap", "tooling"):
        button(phone, option).click()
    assert numbers(phone) == {"roadmap": "2*", "hiring": "", "docs": "1*", "tooling": "3*"}
    wait_for(phone, lambda d: said(d) == says["placed"].format(option=labels["tooling"], place=3, n=4))
    if language == "en":
        screenshot(phone, SCREENSHOTS / "participant-ranking-phone.png")
    # Tapping a numbered option takes it out; the one after it moves up.
    button(phone, "roadmap").click()
    assert numbers(phone) == {"roadmap": "", "hiring": "", "docs": "1*", "tooling": "2*"}
    wait_for(phone, lambda d: said(d) == says["unplaced"].format(option=labels["roadmap"], count=2, n=4))
    assert selects(phone) == {"g.next.roadmap": "", "g.next.hiring": "", "g.next.docs": "1", "g.next.tooling": "2"}

    # Two of four is refused, as two places chosen in the drop-downs are, and comes back kept.
    submit(phone, code)
    wait_for(phone, lambda d: d.find_element(By.ID, "q-next").get_attribute("aria-invalid") == "true")
    assert not phone.current_url.endswith("/thanks")
    wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#q-next .ranking-tap")) == 4)
    assert numbers(phone) == {"roadmap": "", "hiring": "", "docs": "1*", "tooling": "2*"}

    button(phone, "hiring").click()
    # The last by keyboard: a button takes Enter.
    button(phone, "roadmap").send_keys(Keys.ENTER)
    assert numbers(phone) == {"roadmap": "4*", "hiring": "3*", "docs": "1*", "tooling": "2*"}
    wait_for(phone, lambda d: said(d) == says["placed"].format(option=labels["roadmap"], place=4, n=4))
    assert selects(phone) == {"g.next.roadmap": "4", "g.next.hiring": "3", "g.next.docs": "1", "g.next.tooling": "2"}
    audit(phone, f"participant form (ranking on a phone, {language})", axe)
    submit(phone, code)
    wait_for(phone, lambda d: d.current_url.endswith("/thanks"))
    assert ranks(host, meeting) == [{"docs": "1", "tooling": "2", "hiring": "3", "roadmap": "4"}]

    # Without script: the same question is four drop-downs, posting the same fields.
    plain = browser(width=390, height=844, language=language, javascript=False)
    plain.get(f"{api.base_url}/f/{code}")
    assert plain.find_elements(By.CSS_SELECTOR, "#q-next .ranking-tap") == []
    assert plain.find_element(By.CSS_SELECTOR, "#q-next ol.ranking").is_displayed()
    assert plain.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    for option, place in {"roadmap": 1, "hiring": 2, "docs": 3, "tooling": 4}.items():
        Select(plain.find_element(By.ID, f"q-next-{option}")).select_by_value(str(place))
    submit(plain, code)
    wait_for(plain, lambda d: d.current_url.endswith("/thanks"))
    assert sorted(ranks(host, meeting), key=lambda row: row["roadmap"]) == [
        {"roadmap": "1", "hiring": "2", "docs": "3", "tooling": "4"}, {"docs": "1", "tooling": "2", "hiring": "3", "roadmap": "4"}]
    write(axe, ARTIFACTS / f"axe-phone-ranking-{language}.json")
