"""Honest responses in a real browser (docs/decisions/0036-honest-responses.md).

A participant opens a form whose choice shuffles its options, rates every statement of a grid
alike and sends at once: the page's hidden signed ticket dates the opening, so the response is
both a speeder and a straight-liner; the order the browser showed is the order the export
records. A refresh of the page (a new view) may show another order; the dashboard counts the
flags and its link leaves them out.
"""
from __future__ import annotations

import csv
import io

from selenium.webdriver.common.by import By

from browser import wait_for
from conftest import API
from test_dashboard import sign_in

OPTIONS = [{"id": f"o{n}", "label": f"Topic {n}"} for n in range(1, 8)]
FORM = {
    "title": "Honest sync", "anonymous": True, "privacyThreshold": 1, "speederThresholdSeconds": 600,
    "questions": [
        {"key": "topic", "prompt": "Best topic?", "kind": "choice", "shuffleOptions": True, "allowsOther": True, "options": OPTIONS},
        {"key": "meeting", "prompt": "The meeting", "kind": "grid", "min": 1, "max": 5,
         "statements": [{"key": "agenda", "label": "Clear agenda"}, {"key": "time", "label": "On time"},
                        {"key": "voice", "label": "Everyone spoke"}]},
    ],
}


def shown_order(driver) -> list[str]:
    inputs = driver.find_elements(By.CSS_SELECTOR, "input[name='q.topic']")
    return [i.get_attribute("value") for i in inputs if i.get_attribute("value") != "*other*"]


def test_a_hasty_straight_liner_is_flagged_and_the_shown_order_is_recorded(api: API, browser) -> None:
    host = api.sign_up("Honest Host")
    meeting = host.create_meeting("Honest sync")
    code = host.publish_form(meeting, FORM)["code"]

    phone = browser()
    phone.get(f"{api.base_url}/f/{code}")
    order = shown_order(phone)
    assert sorted(order) == sorted(o["id"] for o in OPTIONS), order
    ticket = phone.find_element(By.NAME, "opened_token").get_attribute("value")
    assert ticket.count(".") == 2, ticket
    phone.find_element(By.ID, f"q-topic-{order[0]}").click()
    for key in ("agenda", "time", "voice"):
        phone.find_element(By.ID, f"q-meeting-{key}-3").click()
    phone.find_element(By.CSS_SELECTOR, f"form[action='/f/{code}'] button[type='submit'], form[action^='/f/{code}?'] button[type='submit']").click()
    wait_for(phone, lambda d: d.current_url.endswith("/thanks"))

    quality = host.request("GET", f"/v1/meetings/{meeting}/results").json()["quality"]
    assert (quality["speeders"], quality["straightLiners"], quality["flagged"], quality["timedResponses"]) == (1, 1, 1, 1), quality
    export = host.request("GET", f"/v1/meetings/{meeting}/export.csv?layout=responses")
    rows = list(csv.DictReader(io.StringIO(export.text)))
    assert len(rows) == 1 and rows[0]["speeder"] == "true" and rows[0]["straight_lined"] == "true", rows
    assert rows[0]["Best topic? [topic] (order)"] == ";".join(order + ["other"]), (rows[0], order)

    dashboard = browser(width=1280, height=900)
    sign_in(dashboard, api.base_url, host, f"/m/{meeting}")
    # The live stream may swap the panel while it is read: read and click within wait_for, which
    # counts a replaced element as "not yet".
    wait_for(dashboard, lambda d: "Flagged responses: 1" in d.find_element(By.ID, "response-quality").text)
    def leave_flagged_out(d) -> bool:
        if "excludeFlagged=true" in d.current_url:
            return True
        d.find_element(By.ID, "quality-toggle").click()  # on the unfiltered page: it leads to the filtered one
        return False
    wait_for(dashboard, leave_flagged_out)
    wait_for(dashboard, lambda d: "left out" in d.find_element(By.ID, "response-quality").text)
    filtered = host.request("GET", f"/v1/meetings/{meeting}/results?excludeFlagged=true").json()
    assert filtered["summary"]["responses"] == 0 and filtered["summary"]["responsesUnfiltered"] == 1, filtered["summary"]
