"""Three weeks of one series, end to end in a real browser (issue 48, "Done when").

A host in Asia/Seoul starts "Weekly sync" on `/m/new` at 1280 px with "Repeats: weekly"; the
series is planned from it. The series' form is written once, with its Korean translation (through
the API: the builder's own walk is test_host_week.py); sessions 1, 2 and 3 each have that form and
its Korean texts without any copying, and each is published and answered on 390 px phones in
English and Korean, which read the session's local time with its zone named. Four roster
addresses are saved with one press and nothing reaches the SMTP sink until the host presses send
on the preview. "Next session" opens next week's planned session, and from the last planned one
proposes the schedule's next date, which overlaps nothing; the
presenter view steps with the keyboard (the full check is test_live_room.py); the trends span the
three sessions; the series' settings page sets a default place "Next session" then proposes. A
second series is started from an uploaded `.ics` file, and its sessions have
the form written once. axe-core runs on every page (0 serious); each step is saved at 390 and
1280 px as docs/screenshots/series-NN-step-{phone,wide}.png.

The series is planned from now (session 1 is going on); each week, the host moves that week's
session to now through the API after the last one is moved back into the past, as a week passing
would: the walk needs no clock. A session that has ended without a form does not take the series'
form (decision 63), so the form is written while all three lie ahead.
"""
from __future__ import annotations

import re
import secrets
import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from accessibility import audit, write
from browser import screenshot, wait_for
from conftest import ARTIFACTS, ROOT, API, Host, iso
from mail_sink import mail_server, smtp  # noqa: F401 - the fixtures
from test_dashboard import sign_in
from host_week_steps import set_text, viewport

SCREENSHOTS = ROOT / "docs" / "screenshots"
SIZES = (("phone", 390, 844), ("wide", 1280, 900))
SEOUL = ZoneInfo("Asia/Seoul")
ZONE = "Asia/Seoul"

FORM = {
    "title": "How was the weekly sync?",
    "language": "en",
    "anonymous": True,
    # The room's screen shows what the participants' phones may see (decision 49).
    "sharesResultsWithParticipants": True,
    "sharesResultsLive": True,
    "questions": [
        {"key": "useful", "prompt": "How useful was it?", "kind": "rating", "min": 0, "max": 10, "required": True},
        {"key": "topic", "prompt": "What should we spend more time on?", "kind": "choice",
         "options": [{"id": "roadmap", "label": "Roadmap"}, {"id": "hiring", "label": "Hiring"}]},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer", "maxLength": 500},
    ],
    "translations": {"ko": {
        "title": "주간 회의는 어땠나요?",
        "questions": {
            "useful": {"prompt": "얼마나 유용했나요?"},
            "topic": {"prompt": "어디에 시간을 더 쓸까요?", "options": {"roadmap": "로드맵", "hiring": "채용"}},
            "notes": {"prompt": "더 하고 싶은 말이 있나요?"},
        },
    }},
}


def english_time(moment: datetime) -> str:
    """`LocalTime`'s British English: `4 Mar 2031 at 16:00 (Asia/Seoul)`."""
    local = moment.astimezone(SEOUL)
    return f"{local.day} {local.strftime('%b %Y')} at {local.strftime('%H:%M')} ({ZONE})"


def korean_time(moment: datetime) -> str:
    """`LocalTime`'s Korean: `2031. 3. 4. 오후 4:00 (Asia/Seoul)`."""
    local = moment.astimezone(SEOUL)
    half = "오전" if local.hour < 12 else "오후"
    hour = local.hour % 12 or 12
    return f"{local.year}. {local.month}. {local.day}. {half} {hour}:{local.minute:02d} ({ZONE})"


def wall(moment: datetime) -> str:
    """A `datetime-local` value on Seoul's wall clock."""
    return moment.astimezone(SEOUL).strftime("%Y-%m-%dT%H:%M")


def instant(value: str) -> datetime:
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


# The innermost elements reaching past the right edge (what makes a page wider than the screen).
OVERFLOWING = """
return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > arguments[0] + 1
    && ![...e.children].some(c => c.getBoundingClientRect().right > arguments[0] + 1))
  .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right));
"""


class Steps:
    """Each step of the walk: axe on the page as it is, then the page at 390 and at 1280 px."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.axe: dict[str, dict[str, int]] = {}
        self.shots: list[str] = []

    def __call__(self, driver, name: str) -> None:
        number = len(self.shots) // len(SIZES) + 1
        audit(driver, f"{self.prefix} {number:02d} {name}", self.axe)
        width, height = driver.execute_script("return [window.innerWidth, window.innerHeight]")
        try:
            for size, w, h in SIZES:
                viewport(driver, w, h)
                # A phone's layout viewport widens to content that does not fit: a short wait,
                # then the page's own width says whether it fits.
                try:
                    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == w, timeout=10)
                except TimeoutException:
                    pass
                wide = driver.execute_script("return document.documentElement.scrollWidth")
                assert wide <= w, f"{name}: the page is {wide} px wide at {w} px ({driver.current_url}): " + str(driver.execute_script(OVERFLOWING, w))
                path = SCREENSHOTS / f"{self.prefix}-{number:02d}-{name}-{size}.png"
                screenshot(driver, path)
                self.shots.append(path.name)
        finally:
            viewport(driver, width, height)
            wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == width)


def seoul_host(api: API) -> Host:
    host = api.sign_up("Hana Host")
    zoned = host.request("PATCH", "/v1/me", json={"timeZone": ZONE})
    assert zoned.status_code == 200, zoned.text
    return host


def sessions_of(host: Host, series: str) -> list[dict]:
    reply = host.request("GET", f"/v1/series/{series}")
    assert reply.status_code == 200, reply.text
    assert reply.json()["timeZone"] == ZONE, reply.json()["timeZone"]
    return reply.json()["sessions"]


def assert_follows_the_series(host: Host, session: dict) -> None:
    """The session's form is the series' form, its Korean texts included, and nobody copied it."""
    reply = host.request("GET", f"/v1/meetings/{session['id']}/form")
    assert reply.status_code == 200, f"session {session['sessionNumber']} has no form: {reply.text}"
    form = reply.json()
    assert [q["key"] for q in form["questions"]] == ["useful", "topic", "notes"], form
    assert form.get("translations", {}).get("ko", {}).get("title") == FORM["translations"]["ko"]["title"], form


def move(host: Host, session: dict, begins: datetime) -> dict:
    moved = host.request("PATCH", f"/v1/meetings/{session['id']}", json={
        "startsAt": iso(begins), "endsAt": iso(begins + timedelta(hours=1))})
    assert moved.status_code == 200, moved.text
    return moved.json()


def answer_on_phone(phone, base: str, code: str, useful: int, topic: str, notes: str) -> None:
    phone.get(f"{base}/f/{code}")
    phone.find_element(By.CSS_SELECTOR, f"label[for='q-useful-{useful}']").click()
    phone.find_element(By.CSS_SELECTOR, f"label[for='q-topic-{topic}']").click()
    phone.find_element(By.ID, "q-notes").send_keys(notes)
    phone.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(phone, lambda d: "/thanks" in d.current_url)


def api_answer(api: API, code: str, useful: int) -> None:
    reply = api.request("POST", f"/v1/f/{code}/responses", headers={"Idempotency-Key": f"walk-{code}-{useful}"}, json={
        "answers": [{"questionKey": "useful", "rating": useful}, {"questionKey": "topic", "optionIds": ["hiring"]}]})
    assert reply.status_code == 201, reply.text


def test_three_weeks_of_a_weekly_series(mail_server, smtp, browser) -> None:  # noqa: F811 - the fixtures
    inbox, _, _ = smtp
    api = API(mail_server.base_url)
    base = api.base_url
    steps = Steps("series")
    host = seoul_host(api)

    # 1. "Weekly sync", repeating weekly, started on /m/new at 1280 px in the host's zone;
    #    session 1 is going on now.
    now = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(minutes=10)
    start = now
    laptop = browser(width=1280, height=900)
    sign_in(laptop, base, host, "/m/new")
    assert laptop.find_element(By.ID, "timeZone").get_attribute("value") == ZONE, "the host's zone is the default"
    set_text(laptop, "title", "Weekly sync")
    set_text(laptop, "timeZone", ZONE)
    set_text(laptop, "startsAt", wall(start))
    set_text(laptop, "endsAt", wall(start + timedelta(hours=1)))
    set_text(laptop, "place", "Room 4.12")
    Select(laptop.find_element(By.ID, "repeats")).select_by_value("weekly")
    steps(laptop, "new-repeating")
    laptop.find_element(By.CSS_SELECTOR, "form[action='/m/new'] button[type='submit']").click()
    wait_for(laptop, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url))
    first_id = laptop.current_url.rsplit("/", 1)[1]
    series = host.request("GET", f"/v1/meetings/{first_id}").json()["seriesId"]
    planned = sessions_of(host, series)
    assert len(planned) > 3, f"the weekly plan reaches beyond three weeks: {len(planned)}"
    starts = [instant(s["startsAt"]) for s in planned]
    assert starts[0] == start, (starts[0], start)
    assert all(b - a == timedelta(days=7) for a, b in zip(starts[:3], starts[1:3])), starts[:3]
    weeks = planned[:3]

    # 2. The series' form, written once (on session 1) with its Korean translation.
    saved = host.request("PUT", f"/v1/meetings/{first_id}/form", json=FORM)
    assert saved.status_code == 200, saved.text
    series_form = host.request("GET", f"/v1/series/{series}/form")
    assert series_form.status_code == 200 and "ko" in series_form.text, series_form.text

    # 3. Each week: the session has the form and its Korean texts without any copying; it is
    #    published, and phones in English and Korean read its local time and answer.
    english = browser(width=390, height=844, language="en")
    korean = browser(width=390, height=844, language="ko")
    codes = []
    for week, session in enumerate(weeks, start=1):
        assert_follows_the_series(host, session)
        if week > 1:
            # A week passes: last week's session moves back three weeks minus its number, this
            # week's to now (session 3 last, so the three end up a week apart, ending now).
            move(host, weeks[week - 2], now - timedelta(days=7 * (4 - week)))
            session = move(host, session, now)
        laptop.get(f"{base}/m/{session['id']}/form")
        assert laptop.find_element(By.ID, "form-title").get_attribute("value") == FORM["title"]
        if week == 2:
            steps(laptop, "builder-week-2")
        published = host.request("POST", f"/v1/meetings/{session['id']}/form/publish")
        assert published.status_code == 200, published.text
        code = published.json()["code"]
        codes.append(code)
        begins = instant(session["startsAt"])

        english.get(f"{base}/f/{code}")
        assert english_time(begins) in english.find_element(By.CSS_SELECTOR, "#content .muted").text
        korean.get(f"{base}/f/{code}")
        assert korean.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ko"
        assert FORM["translations"]["ko"]["title"] in korean.find_element(By.TAG_NAME, "h1").text
        assert korean_time(begins) in korean.find_element(By.CSS_SELECTOR, "#content .muted").text
        if week == 3:
            steps(english, "participant-en")
            steps(korean, "participant-ko")
        answer_on_phone(english, base, code, 6 + week, "roadmap", f"Week {week}: good")
        answer_on_phone(korean, base, code, 5 + week, "hiring", f"{week}주차: 좋아요")
        if week == 3:
            steps(korean, "thanks-ko")
        api_answer(api, code, week)

    current = weeks[2]

    # 4. The roster: four addresses typed and saved with one press; nothing is mailed until the
    #    host presses send on the preview.
    tag = secrets.token_hex(3)
    people = {name: f"{name.lower()}-{tag}@example.org" for name in ("Ana", "Ben", "Chloe", "Dan")}
    members = {}
    for name in people:
        added = host.request("POST", f"/v1/series/{series}/roster", json={"name": name})
        assert added.status_code == 201, added.text
        members[name] = added.json()["id"]
    laptop.get(f"{base}/m/{current['id']}/roster/mail")
    for name, address in people.items():
        set_text(laptop, f"email-{members[name]}", address)
    steps(laptop, "roster-addresses")
    saves = laptop.find_elements(By.CSS_SELECTOR, "#content form button[type='submit']")
    assert len(saves) == 1, "one Save for all the addresses"
    saves[0].click()
    wait_for(laptop, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    listed = host.request("GET", f"/v1/meetings/{current['id']}/roster/emails").json()["items"]
    assert sorted(item.get("email") for item in listed) == sorted(people.values())
    assert not any(inbox.to(address) for address in people.values()), "saving mails nobody"
    laptop.get(f"{base}/m/{current['id']}/roster/send")
    assert "Send the link to 4 people now" in laptop.find_element(By.ID, "content").text
    steps(laptop, "roster-send-preview")
    assert not any(inbox.to(address) for address in people.values()), "the preview mails nobody"
    laptop.find_element(By.CSS_SELECTOR, "form[action$='/roster/send'] button[type='submit']").click()
    wait_for(laptop, lambda d: "on its way to 4 people" in d.find_element(By.ID, "content").text)
    for address in people.values():
        [message] = inbox.wait_for(address)
        plain = message.get_body(("plain",)).get_content()
        assert f"/f/{codes[2]}" in plain, plain

    # 5. "Next session" on this week's session opens next week's planned session to edit
    #    (issue 68, decision 83); on the last planned one it proposes the schedule's next date, a
    #    slot no session holds; taking it makes the session, with the series' form.
    laptop.get(f"{base}/m/{current['id']}/next")
    wait_for(laptop, lambda d: d.current_url == f"{base}/m/{planned[3]['id']}/edit")
    latest = instant(planned[-1]["startsAt"])
    laptop.get(f"{base}/m/{planned[-1]['id']}/next")
    proposed = laptop.find_element(By.ID, "startsAt").get_attribute("value")
    assert proposed == wall(latest + timedelta(days=7)), (proposed, wall(latest))
    steps(laptop, "next-session")
    laptop.find_element(By.CSS_SELECTOR, f"form[action='/m/{planned[-1]['id']}/next'] button[type='submit']").click()
    wait_for(laptop, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url))
    made = laptop.current_url.rsplit("/", 1)[1]
    after = sessions_of(host, series)
    assert made not in {s["id"] for s in planned} and len(after) == len(planned) + 1
    spans = sorted((instant(s["startsAt"]), instant(s["endsAt"])) for s in after)
    assert all(end <= nxt for (_, end), (nxt, _) in zip(spans, spans[1:])), "no two sessions overlap"
    assert_follows_the_series(host, next(s for s in after if s["id"] == made))

    # 6. The presenter view of this week's session steps with the keyboard.
    laptop.get(f"{base}/m/{current['id']}/present")
    page = laptop.find_element(By.ID, "content")
    body = laptop.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.HOME)
    wait_for(laptop, lambda d: page.get_attribute("data-room-current") == "1")
    body.send_keys(Keys.PAGE_DOWN)
    wait_for(laptop, lambda d: page.get_attribute("data-room-current") == "2")
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(laptop, lambda d: page.get_attribute("data-room-current") == "3")
    steps(laptop, "presenter")

    # 7. The trends span the three weeks.
    laptop.get(f"{base}/m/{current['id']}/trends")
    rows = laptop.find_elements(By.CSS_SELECTOR, "table.shares")[0].find_elements(By.CSS_SELECTOR, "tbody tr")
    answered = [row.text for row in rows if re.search(r"\b3\b", row.find_elements(By.TAG_NAME, "td")[1].text)]
    assert len(answered) == 3, [row.text for row in rows]
    assert laptop.find_element(By.ID, "trend-useful"), "the rating is charted across the weeks"
    steps(laptop, "trends")

    # 8. The series' settings, reached from the dashboard: one form, one Save.
    laptop.get(f"{base}/m/{current['id']}")
    settings = laptop.find_element(By.ID, "series-settings-link").get_attribute("href")
    assert settings == f"{base}/series/{series}/settings", settings
    laptop.get(settings)
    assert laptop.find_element(By.ID, "timeZone").get_attribute("value") == ZONE
    set_text(laptop, "defaultPlace", "Room 5.01")
    steps(laptop, "series-settings")
    laptop.find_element(By.CSS_SELECTOR, f"form[action='/series/{series}/settings'] button[type='submit']").click()
    wait_for(laptop, lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.ok"))
    laptop.get(f"{base}/m/{made}/next")
    assert laptop.find_element(By.ID, "place").get_attribute("value") == "Room 5.01", "Next session takes the default place"

    write(steps.axe, ARTIFACTS / "axe-series-weeks.json")


ICS = """BEGIN:VCALENDAR\r
VERSION:2.0\r
PRODID:-//Debrief tests//Series walk//EN\r
BEGIN:VEVENT\r
UID:{uid}@example.org\r
DTSTAMP:20261101T000000Z\r
DTSTART;TZID=Asia/Seoul:{start}\r
DTEND;TZID=Asia/Seoul:{end}\r
RRULE:FREQ=WEEKLY;COUNT=4\r
SUMMARY:Design review\r
END:VEVENT\r
END:VCALENDAR\r
"""


def test_a_series_from_an_uploaded_calendar_file_has_the_form(mail_server, browser) -> None:  # noqa: F811 - the fixture
    api = API(mail_server.base_url)
    base = api.base_url
    steps = Steps("series-ics")
    host = seoul_host(api)
    begins = (datetime.now(SEOUL) + timedelta(days=3)).replace(hour=16, minute=0, second=0, microsecond=0)
    calendar = Path(tempfile.mkdtemp(prefix="debrief-walk-")) / "design-review.ics"
    calendar.write_text(ICS.format(uid=secrets.token_hex(6), start=begins.strftime("%Y%m%dT%H%M%S"),
                                   end=(begins + timedelta(hours=1)).strftime("%Y%m%dT%H%M%S")), encoding="utf-8")

    laptop = browser(width=1280, height=900)
    sign_in(laptop, base, host, "/m/from-calendar")
    laptop.find_element(By.ID, "icsFile").send_keys(str(calendar))
    steps(laptop, "upload")
    laptop.find_element(By.CSS_SELECTOR, "form[action='/m/from-calendar'] button[type='submit']").click()
    wait_for(laptop, lambda d: re.search(r"/m/[0-9a-f-]{36}$", d.current_url))
    first_id = laptop.current_url.rsplit("/", 1)[1]
    series = host.request("GET", f"/v1/meetings/{first_id}").json()["seriesId"]
    planned = sessions_of(host, series)
    assert len(planned) == 4, [s["startsAt"] for s in planned]
    assert instant(planned[0]["startsAt"]) == begins

    saved = host.request("PUT", f"/v1/meetings/{planned[0]['id']}/form", json=FORM)
    assert saved.status_code == 200, saved.text
    for session in planned:
        assert_follows_the_series(host, session)
    laptop.get(f"{base}/m/{planned[3]['id']}/form/translations")
    assert FORM["translations"]["ko"]["title"] in laptop.find_element(By.ID, "content").get_attribute("innerHTML")
    steps(laptop, "week-4-translations")
    write(steps.axe, ARTIFACTS / "axe-series-ics.json")
