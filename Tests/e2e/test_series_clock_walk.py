"""A four-week planned series walked at instants in weeks 1, 2 and 3 (issue 68, "Done when").

A host in Asia/Seoul plans "Weekly sync" for four weeks from a calendar rule, with one form for
the series (Korean included; a rating, a choice, a number and a short answer) and a roster of
three with addresses. The server runs on a test clock (decision 83, "The test clock"): this
module's `debrief serve` is a debug build started with `DEBRIEF_TEST_CLOCK_FILE`, and the walk
moves its clock by rewriting that file. At each week's instant it checks what the series clock
decides: where the series code (the room's QR) leads, what "Next session" opens, the trends
(planned sessions left out and counted as planned), the roster's attendance of the session
happening now, the review of the actions still open, and the rates; at 390 and 1280 px in
English and Korean, axe-clean, saved as docs/screenshots/series-week{1,2,3}-{en,ko}-{390,1280}.png
(390: the page the room's QR opens; 1280: the host's home page, `/m`).

**The database keeps its own clock.** PostgreSQL's now() decides whether a form takes an answer
(`FormGate`), when an answer was sent, and which meetings are "upcoming"; the test clock moves
only the server's `WallClock`. So the series is planned from the real now: session 1 starts at
the top of the real hour, and the walk moves the server's clock forward from there (week 1 is
within the real hour, weeks 2 and 3 are 7 and 14 days ahead). Every rule of the database the walk crosses holds at the
real now: the forms it answers are published, none is closed and none waits for its meeting's
start. What the walk does not check for that reason: whether an answer was sent before, during or
after its session (the database stamps it with the real time, week 1) and a form's own code
refusing answers once its close time passed on the moved clock (the database's gate decides
that; the series code already sends nobody there).
"""
from __future__ import annotations

import os
import re
import secrets
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import requests
from selenium.webdriver.common.by import By

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API, Host, free_port, iso, start_server
from mail_sink import smtp, smtp_environment  # noqa: F401 - the SMTP fixture
from test_dashboard import sign_in
from host_week_steps import viewport
from test_meeting_loop import personal_links

SCREENSHOTS = ROOT / "docs" / "screenshots"
ZONE = "Asia/Seoul"
SEOUL = ZoneInfo(ZONE)
WIDTHS = ((390, 844), (1280, 900))
CLOCK_VARIABLE = "DEBRIEF_TEST_CLOCK_FILE"

FORM = {
    "title": "How was the weekly sync?",
    "language": "en",
    "anonymous": True,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 0, "max": 10, "required": True},
        {"key": "topic", "prompt": "What should we spend more time on?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
        {"key": "minutes", "prompt": "How many minutes should it last?", "kind": "number", "minimum": 15, "maximum": 120},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500},
    ],
    "translations": {"ko": {
        "title": "주간 회의는 어땠나요?",
        "questions": {
            "useful": {"prompt": "얼마나 유용했나요?"},
            "topic": {"prompt": "어디에 시간을 더 쓸까요?", "options": {"roadmap": "로드맵", "hiring": "채용"}},
            "minutes": {"prompt": "몇 분이 좋을까요?"},
            "notes": {"prompt": "더 하고 싶은 말이 있나요?"},
        },
    }},
}


@pytest.fixture(scope="module")
def clocked(database_url, smtp, tmp_path_factory):  # noqa: F811 - the SMTP fixture
    """`debrief serve` on a test clock file (not written yet: the system clock), mailing the
    module's SMTP server, its links on its own address."""
    _, smtp_port, cert = smtp
    clock = tmp_path_factory.mktemp("clock") / "now"
    port = free_port()
    running = start_server(database_url, port=port, args=["--public-url", f"http://127.0.0.1:{port}"],
                           env={**smtp_environment(smtp_port, cert), CLOCK_VARIABLE: str(clock)})
    yield running, clock
    running.stop()


def set_clock(clock: Path, instant: datetime) -> None:
    """Moves the server's clock: a new file in place of the old one, read on the next request."""
    fresh = clock.with_suffix(".new")
    fresh.write_text(iso(instant) + "\n")
    os.replace(fresh, clock)


def instant(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


class Week:
    """One week's pictures: axe on each page, then the page at 390 or 1280 px."""

    def __init__(self) -> None:
        self.axe: dict[str, dict[str, int]] = {}

    def shot(self, driver, week: int, language: str, width: int) -> None:
        height = dict(WIDTHS)[width]
        viewport(driver, width, height)
        wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == width, timeout=10)
        audit(driver, f"series-week{week}-{language}-{width}", self.axe)
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        assert wide <= width, f"{driver.current_url} is {wide} px wide at {width} px"
        screenshot(driver, SCREENSHOTS / f"series-week{week}-{language}-{width}.png")


def series_code_leads_to(api: API, series_code: str) -> str:
    """Where the room's QR sends a phone: the form code it is redirected to."""
    reply = api.request("GET", f"/f/{series_code}", allow_redirects=False)
    assert reply.status_code == 303, (reply.status_code, reply.text[:300])
    assert reply.headers["Cache-Control"] == "no-store"
    return reply.headers["Location"].split("/f/")[1].split("?")[0]


def send_links(host: Host, inbox, session: str, people: dict[str, str]) -> dict[str, str]:
    """The roster's send for `session`: each member's personal link (its token), from the mail."""
    seen = {address: len(inbox.to(address)) for address in people.values()}
    sent = host.request("POST", f"/v1/meetings/{session}/roster/send")
    assert sent.status_code == 200 and sent.json()["sent"] == len(people), sent.text
    links = {}
    for name, address in people.items():
        message = inbox.wait_for(address, count=seen[address] + 1)[-1]
        [link] = personal_links(message)
        links[name] = link.split("?p=")[1]
    return links


def answer(api: API, code: str, link: str | None, useful: int, topic: str, minutes: int) -> None:
    body = {"answers": [{"questionKey": "useful", "rating": useful}, {"questionKey": "topic", "optionIds": [topic]},
                        {"questionKey": "minutes", "number": minutes}]}
    if link:
        body["personalLink"] = link
    reply = api.request("POST", f"/v1/f/{code}/responses", json=body,
                        headers={"Idempotency-Key": f"walk-{code}-{secrets.token_hex(4)}"})
    assert reply.status_code == 201, reply.text


def mark_present(laptop, base: str, session: str, names: list[str]) -> None:
    """Marks members present on the roster page, as a host does in the room."""
    for name in names:
        laptop.get(f"{base}/m/{session}/roster")
        item = next(li for li in laptop.find_elements(By.CSS_SELECTOR, "#content ul.plain li")
                    if li.find_elements(By.CSS_SELECTOR, ".name") and li.find_element(By.CSS_SELECTOR, ".name").text == name)
        item.find_element(By.CSS_SELECTOR, "button[type='submit']").click()
        wait_for(laptop, lambda d: name in [li.find_element(By.CSS_SELECTOR, ".name").text
                                            for li in d.find_elements(By.CSS_SELECTOR, "#content ul.plain li")
                                            if li.find_elements(By.CSS_SELECTOR, ".present-now")])


def english_time(moment: datetime) -> str:
    """`LocalTime`'s British English: `4 Mar 2031 at 16:00 (Asia/Seoul)`."""
    local = moment.astimezone(SEOUL)
    return f"{local.day} {local.strftime('%b %Y')} at {local.strftime('%H:%M')} ({ZONE})"


def nearest(driver, base: str) -> dict[str, object]:
    """The home page's nearest meeting (`/m`): its title, time, "starts in", and its QR's size."""
    driver.get(f"{base}/m")
    block = driver.find_element(By.CSS_SELECTOR, "section.nearest")
    when = block.find_element(By.CSS_SELECTOR, ".nearest-when")
    figure = block.find_element(By.CSS_SELECTOR, "figure.home-qr")
    return {"title": block.find_element(By.CSS_SELECTOR, ".nearest-title").text,
            "time": block.find_element(By.CSS_SELECTOR, ".nearest-time").text, "when": when.text,
            "running": "running" in when.get_attribute("class"), "large": "large" in figure.get_attribute("class"),
            "link": figure.find_element(By.CSS_SELECTOR, ".link").text}


def roster(driver, base: str, session: str) -> tuple[list[str], dict[str, list[bool]], str]:
    """The roster page of `session`: its session columns, who came to each, and its note."""
    driver.get(f"{base}/m/{session}/roster")
    table = driver.find_element(By.CSS_SELECTOR, "table.roster")
    columns = [th.text for th in table.find_elements(By.CSS_SELECTOR, "thead th")][1:]
    came = {row.find_element(By.TAG_NAME, "th").text: ["✓" in td.text for td in row.find_elements(By.TAG_NAME, "td")]
            for row in table.find_elements(By.CSS_SELECTOR, "tbody tr")}
    note = driver.find_elements(By.ID, "roster-session-note")
    return columns, came, note[0].text if note else ""


def review_titles(driver, base: str, session: str) -> str:
    driver.get(f"{base}/m/{session}")
    return driver.find_element(By.ID, "review").text


def summary(host: Host, session: str) -> dict:
    reply = host.request("GET", f"/v1/meetings/{session}/results")
    assert reply.status_code == 200, reply.text
    return reply.json()["summary"]


def trends(host: Host, series: str) -> dict:
    reply = host.request("GET", f"/v1/series/{series}/trends")
    assert reply.status_code == 200, reply.text
    return reply.json()


def assert_rates(host: Host, session: str, responses: int, checked_in: int) -> None:
    """Responses of the expected three; the rate of those checked in withheld with its reason, as
    members answered through personal links on an anonymous form (decision 83, goal 5)."""
    numbers = summary(host, session)
    assert numbers["responses"] == responses, numbers
    assert numbers["checkedIn"] == checked_in, numbers
    assert numbers["responseRateOfExpected"] == round(100 * responses / 3, 1), numbers
    assert "responseRateOfCheckedIn" not in numbers and numbers.get("responseRateOfCheckedInReason"), numbers


def assert_next_session_opens(laptop, base: str, host: Host, session: str, planned: str) -> None:
    """"Next session" opens the next planned session to edit, and leaves the live form open."""
    laptop.get(f"{base}/m/{session}/next")
    wait_for(laptop, lambda d: d.current_url == f"{base}/m/{planned}/edit")
    assert not laptop.find_elements(By.CSS_SELECTOR, "#closePreviousForm:checked"), "nothing ticks a live form's close"
    form = host.request("GET", f"/v1/meetings/{session}/form").json()
    assert form["state"] == "open" and form.get("closedAt") is None, form


def test_a_planned_series_at_weeks_one_two_and_three(clocked, smtp, browser) -> None:  # noqa: F811 - the fixtures
    server, clock = clocked
    inbox, _, _ = smtp
    api = API(server.base_url)
    base = api.base_url
    week = Week()
    assert "test clock file" in server.log(), "the debug build says it follows the file"

    # The plan: four weekly sessions in Seoul, the first at the top of the real hour.
    host = api.sign_up("Hana Host")
    assert host.request("PATCH", "/v1/me", json={"timeZone": ZONE}).status_code == 200
    start = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0)
    set_clock(clock, start + timedelta(minutes=30))
    planned = host.request("POST", "/v1/series/from-calendar", json={
        "rule": "FREQ=WEEKLY;COUNT=4", "start": start.astimezone(SEOUL).isoformat(),
        "end": (start + timedelta(hours=1)).astimezone(SEOUL).isoformat(), "title": "Weekly sync", "timeZone": ZONE})
    assert planned.status_code == 201, planned.text
    series = planned.json()["id"]
    sessions = [s["id"] for s in planned.json()["sessions"]]
    starts = [instant(s["startsAt"]) for s in planned.json()["sessions"]]
    assert starts == [start + timedelta(days=7 * n) for n in range(4)], starts
    series_code = planned.json()["sessions"][0]["seriesCode"]
    for session in sessions:
        patched = host.request("PATCH", f"/v1/meetings/{session}", json={"expectedHeadCount": 3})
        assert patched.status_code == 200, patched.text
    # The series' form, closing nine days after each session's end: week 1's still takes answers
    # when week 2 begins (the overlap decision 83 settles).
    form = {**FORM, "closesAt": iso(start + timedelta(hours=1, days=9))}
    saved = host.request("PUT", f"/v1/meetings/{sessions[0]}/form", json=form)
    assert saved.status_code == 200, saved.text
    # The roster: three members with addresses, each mailed their own link every week.
    tag = secrets.token_hex(3)
    people = {name: f"{name.lower()}-{tag}@example.org" for name in ("Ana", "Ben", "Chloe")}
    for name, address in people.items():
        member = host.request("POST", f"/v1/series/{series}/roster", json={"name": name})
        assert member.status_code == 201, member.text
        mail = host.request("PUT", f"/v1/meetings/{sessions[0]}/roster/{member.json()['id']}/email", json={"email": address})
        assert mail.status_code == 200, mail.text

    driver = browser(width=390, height=844, language="en")
    sign_in(driver, base, host, "/m")
    driver.execute_cdp_cmd("Network.enable", {})
    codes: list[str] = []

    def publish(session: str) -> str:
        published = host.request("POST", f"/v1/meetings/{session}/form/publish")
        assert published.status_code == 200, published.text
        codes.append(published.json()["code"])
        return codes[-1]

    def pictures(number: int) -> None:
        for language in ("en", "ko"):
            # The browser asks for the language as a browser set to it does (Accept-Language).
            driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": language}})
            driver.get(f"{base}/f/{series_code}")
            wait_for(driver, lambda d: f"/f/{codes[number - 1]}" in d.current_url)
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
            week.shot(driver, number, language, 390)
            driver.get(f"{base}/m")
            assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == language
            week.shot(driver, number, language, 1280)
        driver.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": "en"}})

    # --- Week 1, 30 minutes into session 1: its form is published and the room answers.
    code = publish(sessions[0])
    assert series_code_leads_to(api, series_code) == code
    links = send_links(host, inbox, sessions[0], people)
    answer(api, code, links["Ana"], 8, "roadmap", 45)
    answer(api, code, links["Ben"], 6, "hiring", 30)
    mark_present(driver, base, sessions[0], ["Ana", "Ben"])
    assert_rates(host, sessions[0], responses=2, checked_in=2)
    report = trends(host, series)
    assert [s["meetingId"] for s in report["sessions"]] == [sessions[0]] and report["planned"] == 3, report
    assert_next_session_opens(driver, base, host, sessions[0], sessions[1])
    for title in ("Book the demo room", "Share the hiring plan"):
        recorded = host.request("POST", f"/v1/meetings/{sessions[0]}/actions", json={"title": title})
        assert recorded.status_code == 201, recorded.text
    home = nearest(driver, base)
    assert home["title"] == "Weekly sync" and english_time(starts[0]) in home["time"], home
    assert home["running"] and home["large"] and home["link"].endswith(f"/f/{series_code}"), home
    columns, came, _ = roster(driver, base, sessions[0])
    assert columns == ["Session 1"] and came == {"Ana": [True], "Ben": [True], "Chloe": [False]}, (columns, came)
    pictures(1)

    # --- Week 2. A day before session 2, its form published early: the room's QR still opens
    #     week 1's form, which takes answers until nine days after its session.
    set_clock(clock, starts[1] - timedelta(days=1))
    code = publish(sessions[1])
    assert series_code_leads_to(api, series_code) == codes[0], "an early-published session never takes the room"
    report = trends(host, series)
    assert [s["meetingId"] for s in report["sessions"]] == [sessions[0]] and report["planned"] == 3, report
    home = nearest(driver, base)
    assert english_time(starts[1]) in home["time"] and home["when"] == "Starts in 1 day", home
    assert not home["running"] and not home["large"], "the QR is small a day ahead"
    columns, came, note = roster(driver, base, sessions[1])
    assert columns == ["Session 1"] and "session 1" in note, (columns, note)
    # The QR grows an hour before session 2, and from then the room's QR opens it.
    set_clock(clock, starts[1] - timedelta(minutes=61))
    assert not nearest(driver, base)["large"]
    assert series_code_leads_to(api, series_code) == codes[0]
    set_clock(clock, starts[1] - timedelta(minutes=30))
    home = nearest(driver, base)
    assert home["large"] and home["when"] == "Starts in 30 minutes", home
    assert series_code_leads_to(api, series_code) == code
    # Ten minutes into session 2: the room answers, the review shows week 1's actions.
    set_clock(clock, starts[1] + timedelta(minutes=10))
    links = send_links(host, inbox, sessions[1], people)
    answer(api, code, links["Ana"], 9, "roadmap", 45)
    answer(api, code, links["Ben"], 7, "roadmap", 40)
    answer(api, code, links["Chloe"], 5, "hiring", 60)
    mark_present(driver, base, sessions[1], ["Ana"])
    assert_rates(host, sessions[1], responses=3, checked_in=1)
    report = trends(host, series)
    assert [s["meetingId"] for s in report["sessions"]] == sessions[:2] and report["planned"] == 2, report
    assert_next_session_opens(driver, base, host, sessions[1], sessions[2])
    driver.get(f"{base}/m/{sessions[1]}")
    review = driver.find_element(By.ID, "review")
    assert "Book the demo room" in review.text and "Share the hiring plan" in review.text, review.text
    review.find_elements(By.CSS_SELECTOR, "li")[0].find_elements(By.TAG_NAME, "button")[0].click()
    wait_for(driver, lambda d: "review=marked" in d.current_url)
    columns, came, _ = roster(driver, base, sessions[1])
    assert columns == ["Session 1", "Session 2"], columns
    assert came == {"Ana": [True, True], "Ben": [True, False], "Chloe": [False, False]}, came
    columns, _, note = roster(driver, base, sessions[3])
    assert columns == ["Session 1", "Session 2"] and "session 2" in note, (columns, note)
    pictures(2)

    # --- Week 3, ten minutes into session 3.
    set_clock(clock, starts[2] + timedelta(minutes=10))
    code = publish(sessions[2])
    assert series_code_leads_to(api, series_code) == code
    links = send_links(host, inbox, sessions[2], people)
    answer(api, code, links["Chloe"], 10, "hiring", 30)
    mark_present(driver, base, sessions[2], ["Chloe"])
    assert_rates(host, sessions[2], responses=1, checked_in=1)
    report = trends(host, series)
    assert [s["meetingId"] for s in report["sessions"]] == sessions[:3] and report["planned"] == 1, report
    assert [s["responses"] for s in report["sessions"]] == [2, 3, 1], report["sessions"]
    assert_next_session_opens(driver, base, host, sessions[2], sessions[3])
    driver.get(f"{base}/m/{sessions[2]}/trends")
    rows = driver.find_elements(By.CSS_SELECTOR, "table.shares")[0].find_elements(By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 3, [row.text for row in rows]
    # Week 1's open action is still in week 3's review; the one done in week 2's has left it.
    review = review_titles(driver, base, sessions[2])
    assert "Share the hiring plan" in review and "Book the demo room" not in review, review
    columns, came, _ = roster(driver, base, sessions[2])
    assert columns == ["Session 1", "Session 2", "Session 3"] and came["Chloe"] == [False, False, True], (columns, came)
    home = nearest(driver, base)
    assert english_time(starts[2]) in home["time"] and home["running"] and home["large"], home
    pictures(3)

    write(week.axe, ARTIFACTS / "axe-series-clock-walk.json")
