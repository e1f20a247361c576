"""A host's week, end to end in a real browser (issue 32, "Done when").

A new host signs up on the page, creates the weekly retro, builds its form in the builder — a
choice with "Other", a follow-up chosen from lists (the earlier question in a select, its options
as checkboxes), a 0–10 rating grid and a short answer — adds a Korean translation and publishes
with an edit still unsaved (the edit goes live). Participants answer on 390 px phones: in Korean
(`?lang=ko`, every choice of every grid statement inside the viewport) and in English (an empty
"Other" is refused by name; a second visit says "already answered"). The host watches the
dashboard with a "The numbers" panel open while a response arrives through the API: the panel
stays open. The host starts the next session from the meeting page, publishes it, a participant
answers, the host opens the trends and downloads a CSV and the .xlsx from the browser (read back
with openpyxl). axe-core checks every page on the way (0 serious or critical); each step is saved
at 390 and 1280 px as docs/screenshots/week-NN-step-{phone,wide}.png.
"""
from __future__ import annotations

import csv
import io
import re
import time
from datetime import datetime, timedelta, timezone

import openpyxl
import requests
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from accessibility import write
from browser import wait_for
from conftest import ARTIFACTS, API
from host_week_steps import (KOREAN, PASSWORD, api_answer, build_the_form,
                             downloaded, downloads_to, local, rate_grid, set_text, step, submit_participant, tile,
                             translate_to_korean)
from test_phone_grid import CHOICES_OUTSIDE


def test_a_hosts_week_in_the_browser(api: API, browser) -> None:
    base = api.base_url
    axe: dict[str, dict[str, int]] = {}
    shots: list[str] = []

    # 1. Sign up on the page.
    host = browser(width=1280, height=900)
    host.get(base + "/signup")
    email = f"week-{int(time.time() * 1000)}@example.com"
    set_text(host, "email", email)
    set_text(host, "displayName", "Hana Host")
    set_text(host, "password", PASSWORD)
    step(host, 1, "sign-up", axe, shots)
    host.find_element(By.CSS_SELECTOR, "form[action='/signup'] button[type='submit']").click()
    wait_for(host, lambda d: d.current_url == base + "/m")
    token = requests.post(base + "/v1/tokens", json={"email": email, "password": PASSWORD}, timeout=30).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}

    # 2. The weekly retro, created from the meetings list; the page offers a slot (item 12).
    host.find_element(By.CSS_SELECTOR, "#content a[href='/m/new']").click()
    wait_for(host, lambda d: d.current_url == base + "/m/new")
    assert host.find_element(By.ID, "startsAt").get_attribute("value"), "the new meeting's slot is pre-filled"
    # The retro is going on now, so the phones answer during it.
    start = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(minutes=10)
    set_text(host, "title", "Weekly retro")
    set_text(host, "startsAt", local(start))
    set_text(host, "endsAt", local(start + timedelta(hours=1)))
    set_text(host, "place", "Room 4.12")
    set_text(host, "expectedHeadCount", "8")
    step(host, 2, "new-meeting", axe, shots)
    host.find_element(By.CSS_SELECTOR, "form[action='/m/new'] button[type='submit']").click()
    wait_for(host, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url))
    first = host.current_url.rsplit("/", 1)[1]

    # 3. The form, built in the builder; saved as a draft.
    host.get(f"{base}/m/{first}/form")
    wait_for(host, lambda d: d.find_element(By.ID, "reorder-hint").is_displayed())  # the builder's script runs
    build_the_form(host)
    assert "fewer than 3 answers" in host.find_element(By.ID, "privacyThreshold-explanation").text, \
        "the threshold is explained where it is chosen (item 6)"
    step(host, 3, "builder", axe, shots)
    host.find_element(By.CSS_SELECTOR, "button[name='action'][value='save']").click()
    wait_for(host, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    stored = requests.get(f"{base}/v1/meetings/{first}/form", headers=auth, timeout=30).json()
    focus, follow_up, grid, notes = stored["questions"]
    assert [q["kind"] for q in stored["questions"]] == ["choice", "shortAnswer", "grid", "shortAnswer"], stored
    hiring_id = next(o["id"] for o in focus["options"] if o["label"] == "Hiring")
    assert follow_up["showWhen"] == {"question": focus["key"], "chosen": [hiring_id]}, follow_up
    assert (grid["min"], grid["max"]) == (0, 10) and focus["allowsOther"], stored
    statements = [s["key"] for s in grid["statements"]]
    keys = {"focus": focus["key"], "follow": follow_up["key"], "grid": grid["key"], "notes": notes["key"]}

    # 4. Korean beside English.
    host.find_element(By.ID, "translations-link").click()
    wait_for(host, lambda d: d.current_url.endswith("/form/translations"))
    translate_to_korean(host)
    step(host, 4, "translations", axe, shots)

    # 5. Publish with an edit not yet saved: the edit goes live with the form (item 1).
    host.get(f"{base}/m/{first}/form")
    shares = host.find_element(By.CSS_SELECTOR, "input[name='sharesResults']")
    assert not shares.is_selected()
    shares.click()
    host.find_element(By.ID, "publish").click()
    link = wait_for(host, lambda d: d.find_element(By.CSS_SELECTOR, "#content a[href*='/f/']"))
    code = link.get_attribute("href").rsplit("/f/", 1)[1]
    published = requests.get(f"{base}/v1/meetings/{first}/form", headers=auth, timeout=30).json()
    assert published["publishedAt"] and published["sharesResultsWithParticipants"] is True, "the unsaved edit was published"
    step(host, 5, "published", axe, shots)

    # 6. A phone in Korean: every choice of every statement of the 0–10 grid inside the viewport.
    korean = browser(width=390, height=844, language="en")
    korean.get(f"{base}/f/{code}?lang=ko")
    wait_for(korean, lambda d: len(d.find_elements(By.CSS_SELECTOR, "table.grid input[type=radio]")) == 3 * 11)
    assert korean.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    assert KOREAN["How was this week's retro?"] in korean.find_element(By.ID, f"q-{keys['grid']}").text
    assert korean.execute_script("return window.innerWidth") == 390
    assert korean.execute_script(CHOICES_OUTSIDE) == []
    assert korean.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    assert not korean.find_element(By.ID, f"q-{keys['follow']}").is_displayed(), "the follow-up waits for its answer"
    korean.find_element(By.CSS_SELECTOR, f"label[for='q-{keys['focus']}-{hiring_id}']").click()
    wait_for(korean, lambda d: d.find_element(By.ID, f"q-{keys['follow']}").is_displayed())
    korean.find_element(By.ID, f"q-{keys['follow']}").send_keys("면접 일정이 너무 길어요")
    rate_grid(korean, keys["grid"], statements, [10, 0, 7])
    korean.find_element(By.ID, f"q-{keys['notes']}").send_keys("회의 시간이 너무 길어요, 30분으로")
    step(korean, 6, "answer-korean", axe, shots)
    submit_participant(korean, code)
    wait_for(korean, lambda d: "/thanks" in d.current_url)
    assert korean.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
    step(korean, 7, "thanks-korean", axe, shots)

    # 8. A phone in English: "Other" without its text is refused by name (item 13).
    english = browser(width=390, height=844, language="en")
    english.get(f"{base}/f/{code}?lang=en")
    english.find_element(By.CSS_SELECTOR, f"label[for='q-{keys['focus']}-other']").click()
    rate_grid(english, keys["grid"], statements, [8, 6, 9])
    submit_participant(english, code)
    error = wait_for(english, lambda d: d.find_element(By.ID, f"q-{keys['focus']}-error"))
    assert "Write your answer for Other" in error.text, error.text
    summary_links = english.find_elements(By.CSS_SELECTOR, f".error-summary a[href='#q-{keys['focus']}']")
    assert summary_links, "the error is listed at the top with a link to its question"
    assert english.find_element(By.ID, f"q-{keys['grid']}-{statements[0]}-8").is_selected(), "what was chosen stays"
    step(english, 8, "other-needs-text", axe, shots)

    # 9. Written, sent.
    english.find_element(By.ID, f"q-{keys['focus']}-other-text").send_keys("Onboarding")
    english.find_element(By.ID, f"q-{keys['notes']}").send_keys("Shorter stand-ups, please")
    step(english, 9, "answer-english", axe, shots)
    submit_participant(english, code)
    wait_for(english, lambda d: "/thanks" in d.current_url)

    # 10. Opening the form again says "already answered", not the form under an error (item 14).
    english.get(f"{base}/f/{code}")
    wait_for(english, lambda d: d.find_element(By.CSS_SELECTOR, "#content .notice.ok"))
    assert not english.find_elements(By.CSS_SELECTOR, "table.grid"), "the answered form is not shown again"
    assert not english.find_elements(By.CSS_SELECTOR, ".error-summary, .error")
    step(english, 10, "already-answered", axe, shots)

    # 11. The dashboard, live: "The numbers" of the choice opened; a response arrives through the
    #     API; the panel stays open and shows it (item 9).
    api_answer(api, code, 1, focus["options"][0]["id"],
               dict(zip(statements, [7, 5, 6])), "Good pace", keys)
    host.get(f"{base}/m/{first}")
    wait_for(host, lambda d: tile(d, "Responses") == "3")
    wait_for(host, lambda d: d.find_element(By.ID, "content").get_attribute("data-live-state") == "live")
    panel = host.find_element(By.ID, f"numbers-{keys['focus']}")
    host.execute_script("arguments[0].scrollIntoView({block: 'center'})", panel)
    panel.find_element(By.TAG_NAME, "summary").click()
    wait_for(host, lambda d: d.find_element(By.ID, f"numbers-{keys['focus']}").get_attribute("open") is not None)
    api_answer(api, code, 2, hiring_id, dict(zip(statements, [9, 4, 8])), "More customer stories", keys)
    wait_for(host, lambda d: tile(d, "Responses") == "4")
    assert host.find_element(By.ID, f"numbers-{keys['focus']}").get_attribute("open") is not None, "the opened panel stayed open"
    hiring_row = [row.text for row in host.find_elements(By.CSS_SELECTOR, f"#numbers-{keys['focus']} tbody tr") if "Hiring" in row.text]
    assert hiring_row and " 2 " in f" {hiring_row[0]} ", f"the open table shows the new answer: {hiring_row}"
    assert host.current_url == f"{base}/m/{first}", "updated in place, not reloaded"
    step(host, 11, "dashboard-live", axe, shots)

    # 12. The next session, started from the meeting page: pre-filled from the series.
    host.find_element(By.CSS_SELECTOR, f"#content a[href='/m/{first}/next']").click()
    wait_for(host, lambda d: d.current_url == f"{base}/m/{first}/next")
    assert host.find_element(By.ID, "title").get_attribute("value") == "Weekly retro"
    step(host, 12, "next-session", axe, shots)
    host.find_element(By.CSS_SELECTOR, f"form[action='/m/{first}/next'] button[type='submit']").click()
    wait_for(host, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url) and not d.current_url.endswith(first))
    second = host.current_url.rsplit("/", 1)[1]

    # 13. Its form (copied, Korean included) published from the builder.
    host.get(f"{base}/m/{second}/form")
    host.find_element(By.ID, "publish").click()
    link = wait_for(host, lambda d: d.find_element(By.CSS_SELECTOR, "#content a[href*='/f/']"))
    next_code = link.get_attribute("href").rsplit("/f/", 1)[1]
    assert next_code != code
    copied = requests.get(f"{base}/v1/meetings/{second}/form", headers=auth, timeout=30).json()
    assert [q["key"] for q in copied["questions"]] == list(keys.values()) and "ko" in copied.get("translations", {}), copied
    step(host, 13, "next-published", axe, shots)

    # 14. Answered on a phone (and by two more through the API, so results show).
    phone = browser(width=390, height=844, language="ko")
    phone.get(f"{base}/f/{next_code}")
    phone.find_element(By.CSS_SELECTOR, f"label[for='q-{keys['focus']}-{focus['options'][2]['id']}']").click()
    rate_grid(phone, keys["grid"], statements, [9, 8, 9])
    assert phone.execute_script(CHOICES_OUTSIDE) == []
    step(phone, 14, "answer-next", axe, shots)
    submit_participant(phone, next_code)
    wait_for(phone, lambda d: "/thanks" in d.current_url)
    api_answer(api, next_code, 3, hiring_id, dict(zip(statements, [8, 7, 8])), "Better", keys)
    api_answer(api, next_code, 4, focus["options"][2]["id"], dict(zip(statements, [9, 9, 7])), "Good", keys)

    # 15. Trends across both sessions.
    host.get(f"{base}/m/{second}")
    host.find_element(By.CSS_SELECTOR, f"#content a[href='/m/{second}/trends']").click()
    wait_for(host, lambda d: d.current_url == f"{base}/m/{second}/trends")
    sessions = host.find_elements(By.CSS_SELECTOR, "table.shares")[0].find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(sessions) == 2, [row.text for row in sessions]
    assert host.find_element(By.ID, f"trend-{keys['grid']}"), "the grid is charted across sessions"
    step(host, 15, "trends", axe, shots)

    # 16. Downloads from the browser: the .xlsx and the series' responses CSV.
    host.get(f"{base}/m/{second}")
    folder = downloads_to(host)
    host.find_element(By.CSS_SELECTOR, "section.downloads a[href$='.xlsx']").click()
    workbook = downloaded(folder, ".xlsx", set())
    Select(host.find_element(By.ID, "series-layout")).select_by_value("responses")
    host.find_element(By.XPATH, "//select[@id='series-layout']/ancestor::form//button[@type='submit']").click()
    series_csv = downloaded(folder, ".csv", {workbook.name})
    host.execute_script("document.getElementById('downloads-heading').scrollIntoView()")
    step(host, 16, "downloads", axe, shots)

    assert "weekly-retro" in workbook.name.lower(), f"named by the meeting's title: {workbook.name}"
    book = openpyxl.load_workbook(workbook)
    assert book.sheetnames == ["summary", "responses", "trends"], book.sheetnames
    responses = list(book["responses"].iter_rows(values_only=True))
    header, rows = responses[0], responses[1:]
    assert len(rows) == 3, rows
    # An anonymous form's workbook keeps the day of each answer, never its time (decision 81).
    submitted = header.index("submitted_at")
    assert all(re.fullmatch(r"\d{4}-\d{2}-\d{2}( 00:00:00)?", str(row[submitted])) for row in rows), rows
    numbers = [value for row in rows for value in row if isinstance(value, (int, float)) and not isinstance(value, bool)]
    assert 9 in numbers, "grid ratings are numbers"
    trends = list(book["trends"].iter_rows(values_only=True))
    trend_rows = [dict(zip(trends[0], row)) for row in trends[1:]]
    sessions_of_grid = {row["session_number"] for row in trend_rows if row["question_key"] == keys["grid"]}
    assert sessions_of_grid == {1, 2}, f"a row per session and statement: {trends[:3]}"

    table = list(csv.DictReader(io.StringIO(series_csv.read_text(encoding="utf-8-sig"))))
    assert len(table) == 7, f"both sessions' responses: {len(table)}"
    texts = " ".join(" ".join(str(v) for v in row.values()) for row in table)
    assert "회의 시간이 너무 길어요, 30분으로" in texts, "Korean intact"
    assert "Onboarding" in texts, "the written Other"
    if "language" in table[0]:
        assert "ko" in [row["language"] for row in table], "the language answered in (item 15)"

    write(axe, ARTIFACTS / "axe-host-week.json")
    assert len(shots) == 2 * 16
