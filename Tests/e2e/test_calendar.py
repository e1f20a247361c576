"""Calendars against a real `debrief serve` (docs/calendar.md, docs/decisions/0040-calendar.md).

A series' private feed is read with Python's `icalendar`: every field of each session (UID,
DTSTAMP, times, SUMMARY in Korean, LOCATION, DESCRIPTION with the participant link and the QR
page, URL, SEQUENCE, STATUS), a cancelled session and a restored one, lines of at most 75 octets
with CRLF. A weekly series crossing the end of daylight saving time keeps its local time. Series
made from a rule (typed, and an .ics with RRULE and EXDATE) are checked against
`dateutil.rrule` on the same rules, random ones included; each refusal is a 422 naming its field.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar
from dateutil.rrule import rrulestr

from conftest import API

HORIZON = timedelta(weeks=26)


def feed_of(host, series: str) -> tuple[str, str]:
    issued = host.request("POST", f"/v1/series/{series}/calendar-feed")
    assert issued.status_code == 201, issued.text
    url = issued.json()["url"]
    return url, url[url.index("/v1/calendar/"):]


def read_feed(api: API, path: str) -> tuple[icalendar.Calendar, bytes]:
    reply = api.request("GET", path)
    assert reply.status_code == 200, reply.text
    assert reply.headers["Content-Type"] == "text/calendar; charset=utf-8"
    raw = reply.content
    assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
    for line in raw.split(b"\r\n"):
        assert len(line) <= 75, line
        line.decode("utf-8")  # every physical line is whole UTF-8 on its own
    return icalendar.Calendar.from_ical(raw), raw


def events(calendar: icalendar.Calendar) -> dict[str, icalendar.Event]:
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def test_the_feed_has_every_field_a_cancelled_and_a_restored_session(api: API):
    host = api.sign_up("Calendar host")
    host.request("PATCH", "/v1/me", json={"timeZone": "Asia/Seoul"})
    title = "주간 회의 — 제품팀, 분기 계획; 긴 제목이 75옥텟에서 접혀도 한글이 온전해야 합니다"
    first = host.create_meeting(title, starts_in=timedelta(days=30))
    code = host.publish_form(first)["code"]
    meeting = host.request("GET", f"/v1/meetings/{first}").json()
    host.request("PATCH", f"/v1/meetings/{first}", json={"place": "3층 회의실, Room 4"})
    start = datetime.fromisoformat(meeting["startsAt"].replace("Z", "+00:00"))
    second = host.request("POST", f"/v1/meetings/{first}/next", json={
        "startsAt": (start + timedelta(days=7)).isoformat(), "endsAt": (start + timedelta(days=7, hours=1)).isoformat()}).json()["id"]
    url, path = feed_of(host, meeting["seriesId"])
    assert url.startswith(api.base_url)

    calendar, _ = read_feed(api, path)
    assert str(calendar["VERSION"]) == "2.0"
    assert str(calendar["X-WR-TIMEZONE"]) == "Asia/Seoul"
    found = events(calendar)
    one = found[f"{first.lower()}@127.0.0.1"]
    assert str(one["SUMMARY"]) == title
    assert str(one["LOCATION"]) == "3층 회의실, Room 4"
    assert one["DTSTART"].dt == start
    assert one["DTEND"].dt == start + timedelta(hours=1)
    assert one["DTSTAMP"].dt.tzinfo is not None
    assert f"{api.base_url}/f/{code}" in str(one["DESCRIPTION"])
    assert f"{api.base_url}/m/{first.lower()}" in str(one["DESCRIPTION"]), "the page with the QR code"
    assert str(one["URL"]) == f"{api.base_url}/f/{code}"
    assert int(one["SEQUENCE"]) == 1  # the place was set after creation
    assert str(one["STATUS"]) == "CONFIRMED"
    two = found[f"{second.lower()}@127.0.0.1"]
    assert "not published yet" in str(two["DESCRIPTION"])

    assert host.request("DELETE", f"/v1/meetings/{second}").status_code == 204
    cancelled = events(read_feed(api, path)[0])[f"{second.lower()}@127.0.0.1"]
    assert str(cancelled["STATUS"]) == "CANCELLED" and int(cancelled["SEQUENCE"]) == 1
    assert host.request("POST", f"/v1/meetings/{second}/restore").status_code == 200
    restored = events(read_feed(api, path)[0])[f"{second.lower()}@127.0.0.1"]
    assert str(restored["STATUS"]) == "CONFIRMED" and int(restored["SEQUENCE"]) == 2

    single = api.request("GET", f"/v1/f/{code}/calendar.ics")
    assert single.status_code == 200 and "attachment" in single.headers["Content-Disposition"]
    event = icalendar.Calendar.from_ical(single.content).walk("VEVENT")[0]
    assert str(event["SUMMARY"]) == title and "/m/" not in str(event["DESCRIPTION"])

    assert host.request("DELETE", f"/v1/series/{meeting['seriesId']}/calendar-feed").status_code == 204
    assert api.request("GET", path).status_code == 404


def test_a_weekly_series_across_daylight_saving_time_keeps_its_local_time(api: API):
    host = api.sign_up("DST host")
    made = host.request("POST", "/v1/series/from-calendar", json={
        "rule": "FREQ=WEEKLY;COUNT=4", "start": "2032-10-19T09:30:00+02:00", "end": "2032-10-19T10:30:00+02:00",
        "title": "Weekly", "timeZone": "Europe/Berlin"})
    assert made.status_code == 201, made.text
    _, path = feed_of(host, made.json()["id"])
    berlin = ZoneInfo("Europe/Berlin")
    starts = sorted(event["DTSTART"].dt for event in read_feed(api, path)[0].walk("VEVENT"))
    assert [moment.astimezone(berlin).strftime("%m-%d %H:%M") for moment in starts] == [
        "10-19 09:30", "10-26 09:30", "11-02 09:30", "11-09 09:30"]
    assert {moment.utcoffset() for moment in starts} == {timedelta(0)}
    assert [moment.hour for moment in starts] == [7, 7, 8, 8], "UTC times move by the hour the zone changes"


ICS = "\r\n".join([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "BEGIN:VEVENT", "UID:abc@example.com",
    "DTSTART;TZID=America/New_York:20330301T160000", "DTEND;TZID=America/New_York:20330301T170000",
    "SUMMARY:Monthly review\\, team", "LOCATION:HQ", "RRULE:FREQ=MONTHLY;BYDAY=1TU;COUNT=5",
    "EXDATE;TZID=America/New_York:20330503T160000", "END:VEVENT", "END:VCALENDAR", ""])


def test_a_series_from_an_ics_with_rrule_and_exdate_matches_dateutil(api: API):
    host = api.sign_up("ICS host")
    made = host.request("POST", "/v1/series/from-calendar", json={"ics": ICS})
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["timeZone"] == "America/New_York" and body["horizonWeeks"] == 26
    event = icalendar.Calendar.from_ical(ICS).walk("VEVENT")[0]
    rule = rrulestr(event["RRULE"].to_ical().decode(), dtstart=event["DTSTART"].dt, forceset=True)
    for exdate in event["EXDATE"].dts:
        rule.exdate(exdate.dt)
    expected = [moment.astimezone(timezone.utc) for moment in rule]
    got = [datetime.fromisoformat(s["startsAt"].replace("Z", "+00:00")) for s in body["sessions"]]
    assert got == expected and len(got) == 4
    assert {s["title"] for s in body["sessions"]} == {"Monthly review, team"}
    again = host.request("POST", "/v1/series/from-calendar", json={"ics": ICS})
    assert again.status_code == 409
    assert "2033-03-01" in again.json()["detail"], again.text


def random_rule(rng: random.Random) -> str:
    days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    frequency = rng.choice(["DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "MONTHLY"])
    parts = [f"FREQ={frequency}", f"INTERVAL={rng.choice([1, 1, 2, 3, 4])}"]
    if frequency == "WEEKLY" and rng.random() < 0.7:
        parts.append("BYDAY=" + ",".join(sorted(rng.sample(days, rng.randint(1, 3)), key=days.index)))
        if rng.random() < 0.3:
            parts.append("WKST=" + rng.choice(days))
    if frequency == "MONTHLY" and rng.random() < 0.8:
        parts.append(f"BYDAY={rng.choice([1, 2, 3, 4, -1, -2])}{rng.choice(days)}")
    end = rng.random()
    if end < 0.5:
        parts.append(f"COUNT={rng.randint(1, 12)}")
    elif end < 0.8:
        parts.append("UNTIL=" + (datetime(2034, 1, 1, tzinfo=timezone.utc) + timedelta(days=rng.randint(10, 200))).strftime("%Y%m%dT%H%M%SZ"))
    return ";".join(parts)


def test_random_rules_plan_the_sessions_dateutil_computes(api: API):
    rng = random.Random(34)
    zones = ["Europe/Berlin", "America/New_York", "Asia/Seoul", "Australia/Sydney", "UTC"]
    checked = 0
    for case in range(40):
        rule_text, zone = random_rule(rng), rng.choice(zones)
        tz = ZoneInfo(zone)
        start = datetime(2034, 1, 1, 9, 15, tzinfo=tz) + timedelta(days=rng.randint(0, 60))
        expected = [moment for moment in rrulestr(rule_text, dtstart=start) if moment <= start + HORIZON][:101]
        host = api.sign_up(f"Rule {case}")
        reply = host.request("POST", "/v1/series/from-calendar", json={
            "rule": rule_text, "start": start.isoformat(), "end": (start + timedelta(minutes=30)).isoformat(),
            "title": "Rule", "timeZone": zone})
        where = f"{rule_text} from {start.isoformat()} in {zone}"
        if not expected:
            # No session: UNTIL before the start (rule.UNTIL), or nothing matches (rule).
            assert reply.status_code == 422 and reply.json()["errors"][0]["path"] in ("rule", "rule.UNTIL"), f"{where}: {reply.text}"
        elif len(expected) > 100:
            assert reply.status_code == 422 and "at most 100" in reply.text, f"{where}: {reply.text}"
        else:
            assert reply.status_code == 201, f"{where}: {reply.text}"
            got = [datetime.fromisoformat(s["startsAt"].replace("Z", "+00:00")) for s in reply.json()["sessions"]]
            assert got == [moment.astimezone(timezone.utc) for moment in expected], where
            checked += 1
    assert checked >= 20, "most random rules plan sessions"


def test_absurd_rules_and_malformed_files_are_422_naming_the_field(api: API):
    host = api.sign_up("Refused host")
    base = {"start": "2035-01-02T09:00:00Z", "end": "2035-01-02T10:00:00Z", "title": "T", "timeZone": "UTC"}
    cases = {
        "FREQ=YEARLY": "rule.FREQ", "FREQ=WEEKLY;INTERVAL=53": "rule.INTERVAL", "FREQ=WEEKLY;COUNT=201": "rule.COUNT",
        "FREQ=WEEKLY;UNTIL=20341201T000000Z": "rule.UNTIL", "FREQ=DAILY": "rule", "FREQ=WEEKLY;BYHOUR=9": "rule.BYHOUR",
        "FREQ=WEEKLY;;COUNT": "rule",
    }
    for rule, field in cases.items():
        reply = host.request("POST", "/v1/series/from-calendar", json={**base, "rule": rule})
        assert reply.status_code == 422, f"{rule}: {reply.text}"
        assert reply.headers["Content-Type"] == "application/problem+json"
        assert [error["path"] for error in reply.json()["errors"]] == [field], f"{rule}: {reply.text}"
    for spoiled, field in [(ICS.replace("LOCATION:HQ", "LOCATION HQ"), "ics"),
                           (ICS.replace("America/New_York:20330301T160000", "Nowhere/City:20330301T160000"), "ics.DTSTART"),
                           (ICS.replace("RRULE:", "X-RULE:"), "ics.RRULE"),
                           (ICS.replace("COUNT=5", "COUNT=500"), "ics.RRULE.COUNT")]:
        reply = host.request("POST", "/v1/series/from-calendar", json={"ics": spoiled})
        assert reply.status_code == 422, reply.text
        assert field in [error["path"] for error in reply.json()["errors"]], reply.text


def test_the_calendar_pages_in_the_browser(api: API, browser) -> None:
    """The owner makes the feed address on the calendar page (and reads it with `icalendar`),
    then plans a series from a pasted .ics; axe-core checks both pages."""
    from selenium.webdriver.common.by import By

    from accessibility import audit, write
    from browser import wait_for
    from conftest import ARTIFACTS
    from test_dashboard import sign_in

    host = api.sign_up("Calendar page host")
    meeting = host.create_meeting("Browser calendar", starts_in=timedelta(days=40))
    axe: dict[str, dict[str, int]] = {}
    driver = browser()
    sign_in(driver, api.base_url, host, f"/m/{meeting}/calendar")
    audit(driver, "calendar (no feed)", axe)
    driver.find_element(By.CSS_SELECTOR, f"form[action='/m/{meeting}/calendar/feed'] button").click()
    wait_for(driver, lambda d: d.find_elements(By.ID, "feed-url"))
    url = driver.find_element(By.ID, "feed-url").get_attribute("value")
    audit(driver, "calendar (feed shown once)", axe)
    calendar, _ = read_feed(api, url[url.index("/v1/calendar/"):])
    assert [str(event["SUMMARY"]) for event in calendar.walk("VEVENT")] == ["Browser calendar"]

    driver.get(f"{api.base_url}/m/from-calendar")
    audit(driver, "from calendar", axe)
    driver.find_element(By.ID, "ics").send_keys(ICS.replace("20330", "20360").replace("Monthly review\\, team", "월간 리뷰"))
    driver.find_element(By.CSS_SELECTOR, "form[action='/m/from-calendar'] button[type='submit']").click()
    wait_for(driver, lambda d: "/m/from-calendar" not in d.current_url)
    assert "월간 리뷰" in driver.find_element(By.TAG_NAME, "h1").text
    write(axe, ARTIFACTS / "axe-calendar.json")
