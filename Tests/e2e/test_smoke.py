"""The end-to-end harness itself: a real server on a real database answers a real flow."""
from conftest import API


def test_a_host_publishes_a_form_and_a_participant_answers_it(api: API):
    host = api.sign_up()
    meeting = host.create_meeting()
    form = host.publish_form(meeting)
    code = form["code"]

    answered = api.request("POST", f"/v1/f/{code}/responses",
                           headers={"Idempotency-Key": "smoke-1"},
                           json={"answers": [
                               {"questionKey": "useful", "rating": 9},
                               {"questionKey": "topic", "optionIds": ["hiring"]},
                               {"questionKey": "notes", "text": "good"}]})
    assert answered.status_code == 201, answered.text

    results = host.request("GET", f"/v1/meetings/{meeting}/results")
    assert results.status_code == 200, results.text
    assert results.json()["summary"]["responses"] == 1
