"""Rating grids on a 390 px phone (issue 32, item 2).

A form with three grids — scales 1–5, 1–7 and 0–10, their ends named — opens in a Chromium of
390 × 844 CSS pixels, in English and in Korean. Every choice (radio button and its value) of
every statement lies inside the viewport, the page has no sideways scroll, a 0–10 row of choices
takes at most two lines, each statement shows the scale's words, and no word of a statement is
split across lines. A participant answers by tapping the boxes. axe-core checks the page; the
English page is saved as docs/screenshots/participant-grid-phone.png.
"""
from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API

SCREENSHOTS = ROOT / "docs" / "screenshots"

STATEMENTS = {
    "en": [("heard", "Everyone was heard"), ("decisions", "Decisions were recorded with their owners"),
           ("time", "We finished on time")],
    "ko": [("heard", "모든 사람의 의견을 들었다"), ("decisions", "결정 사항과 담당자를 기록했다"), ("time", "제시간에 끝났다")],
}
WORDS = {"en": ("Disagree", "Agree", "Not at all", "Completely"), "ko": ("동의하지 않음", "동의함", "전혀 아님", "매우 그렇다")}
SCALES = [("agree", 1, 5), ("pace", 1, 7), ("value", 0, 10)]


def grid_form(language: str) -> dict:
    low, high, low10, high10 = WORDS[language]
    statements = [{"key": key, "label": label} for key, label in STATEMENTS[language]]
    questions = []
    for key, lowest, highest in SCALES:
        ends = (low10, high10) if highest == 10 else (low, high)
        questions.append({"key": key, "prompt": f"{key}: {lowest}–{highest}", "kind": "grid", "min": lowest, "max": highest,
                          "minLabel": ends[0], "maxLabel": ends[1], "statements": statements})
    return {"title": "Retro" if language == "en" else "회고", "anonymous": True, "privacyThreshold": 1, "language": language,
            "questions": questions}


# Every choice's box and radio button, and whether it lies inside the window's width.
CHOICES_OUTSIDE = """
const width = window.innerWidth;
const outside = [];
for (const input of document.querySelectorAll('table.grid input[type=radio]')) {
  const label = input.closest('label') || document.querySelector(`label[for="${input.id}"]`);
  if (!label) outside.push(input.id + ' has no visible label');
  for (const element of label ? [input, label] : [input]) {
    const box = element.getBoundingClientRect();
    if (box.width <= 0 || box.left < 0 || box.right > width) outside.push(input.id + ' ' + element.tagName + ' ' + box.left + '–' + box.right);
  }
}
return outside;
"""

# Words of a statement that are split over two lines (a mid-word break).
SPLIT_WORDS = """
const split = [];
for (const th of document.querySelectorAll('table.grid th[scope=row]')) {
  const node = th.firstChild;
  const pattern = /\\S+/g;
  let match;
  while ((match = pattern.exec(node.textContent))) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const lines = new Set(Array.from(range.getClientRects()).filter(r => r.width > 0).map(r => Math.round(r.top)));
    if (lines.size > 1) split.push(match[0]);
  }
}
return split;
"""

# How many lines each statement's choices take, by question.
CHOICE_LINES = """
return Array.from(document.querySelectorAll('.grid-cells')).map(group =>
  [group.closest('fieldset').id, new Set(Array.from(group.querySelectorAll('label')).map(l => Math.round(l.getBoundingClientRect().top))).size]);
"""


@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_choice_of_every_grid_fits_a_phone(api: API, browser, language: str) -> None:
    host = api.sign_up("Grid Host")
    meeting = host.create_meeting("Weekly retro")
    code = host.publish_form(meeting, grid_form(language))["code"]
    axe: dict[str, dict[str, int]] = {}

    phone = browser(width=390, height=844, language=language)
    phone.get(f"{api.base_url}/f/{code}")
    wait_for(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "table.grid input[type=radio]")) == 3 * (5 + 7 + 11))
    assert phone.execute_script("return window.innerWidth") == 390
    assert phone.execute_script(CHOICES_OUTSIDE) == []
    assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), \
        phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert phone.execute_script(SPLIT_WORDS) == []
    lines = dict((question, count) for question, count in phone.execute_script(CHOICE_LINES))
    assert lines["q-agree"] == 1 and lines["q-pace"] == 1 and lines["q-value"] <= 2, lines
    low, high, low10, high10 = WORDS[language]
    for key, _, highest in SCALES:
        ends = phone.find_elements(By.CSS_SELECTOR, f"#q-{key} .grid-ends")
        words = (low10, high10) if highest == 10 else (low, high)
        assert len(ends) == 3 and all(words[0] in e.text and words[1] in e.text for e in ends), [e.text for e in ends]
    audit(phone, f"participant form (grids on a phone, {language})", axe)
    if language == "en":
        screenshot(phone, SCREENSHOTS / "participant-grid-phone.png")

    # Tapping a box (the value, not the radio button itself) chooses it.
    for key, lowest, highest in SCALES:
        for statement, _ in STATEMENTS[language]:
            phone.find_element(By.CSS_SELECTOR, f"label[for='q-{key}-{statement}-{highest}'] .grid-value").click()
    assert all(r.is_selected() for r in phone.find_elements(By.CSS_SELECTOR, "input[type=radio][value='10'][name^='g.value.']"))
    phone.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(phone, lambda d: d.current_url.endswith("/thanks"))
    results = host.request("GET", f"/v1/meetings/{meeting}/results").json()
    means = [[s["statistics"]["mean"] for s in q["statements"]] for q in results["questions"]]
    assert means == [[5, 5, 5], [7, 7, 7], [10, 10, 10]], means
    write(axe, ARTIFACTS / f"axe-phone-grid-{language}.json")
