"""A Python client generated from the server's /openapi.yaml by openapi-python-client works: it
signs up, plans a meeting, writes, publishes and answers a form, reads the results, sends the form
it fetched back unchanged but for one word, and plans the series' next session, each call through
the generated functions and models (issue 33: integrators generate their clients from the
document, and two of its shapes once generated a client that crashed or lacked a route).

The generator's warnings are allowed only for binary responses (images, .xlsx, the YAML document
itself), which the generated client returns as raw bytes.
"""
from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
import sys
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import requests
import yaml

from conftest import SAMPLE_FORM, Server
from mail_sink import mail_server, smtp  # noqa: F401 - the fixtures
from schema_samples import Sampler, json_body_operations, json_model, operation_modules, snake_case

PACKAGE = "debrief_generated_client"
# Responses a generated client cannot parse and hands over as bytes; any other warning is a
# part of the document the generator could not turn into code.
# The sample form and a follow-up short answer: the document once left `showWhen` out of the
# short-answer and choice questions a GET returns, so a generated Swift client dropped it and the
# round trip's PUT was a 409 (the questions' meaning changed).
FORM = {**SAMPLE_FORM, "questions": [*SAMPLE_FORM["questions"], {
    "key": "better", "prompt": "What would have made it useful?", "kind": "shortAnswer",
    "showWhen": {"question": "useful", "ratingBetween": [0, 6]}}]}
KEYS = ["useful", "topic", "notes", "better"]
BINARY_RESPONSE = re.compile(
    r"Unsupported content_type (application/yaml|image/svg\+xml|image/png|"
    r"application/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)")


@pytest.fixture(scope="module")
def generated(server: Server, tmp_path_factory):
    """Generates the client from the running server's document and imports it."""
    folder = tmp_path_factory.mktemp("generated-client")
    document = folder / "openapi.yaml"
    reply = requests.get(server.base_url + "/openapi.yaml", timeout=30)
    assert reply.status_code == 200, reply.text
    document.write_bytes(reply.content)
    generator = Path(sys.executable).with_name("openapi-python-client")
    done = subprocess.run(
        [str(generator), "generate", "--path", str(document), "--output-path", str(folder / PACKAGE), "--meta", "none"],
        capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    warnings = [block for block in re.split(r"\n(?=WARNING )", done.stdout) if block.startswith("WARNING ")]
    unexpected = [block.splitlines()[0] + " " + next((line for line in block.splitlines()[1:] if line.strip()), "")
                  for block in warnings if not BINARY_RESPONSE.search(block)]
    assert not unexpected, "the generator could not process parts of the document:\n" + "\n".join(unexpected)
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(folder))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def _null_branch(schema) -> bool:
    return isinstance(schema, dict) and schema.get("type") == "null"


def _constraint_only(schema) -> bool:
    """A branch that names no type, reference or members: only `required`, counts and the like."""
    return isinstance(schema, dict) and not ({"type", "$ref", "properties", "enum", "const"} & schema.keys())


def _generator_hazards(node, path: str = "#") -> list[str]:
    """Shapes swift-openapi-generator 1.14 turns into code that drops data (issue 33): a member
    written `anyOf`/`oneOf` with a `{type: 'null'}` branch is skipped with a warning (and every
    object that has the member is then refused), and a `oneOf` of branches that only list
    `required` becomes empty cases that lose every member."""
    found = []
    if isinstance(node, dict):
        for combinator in ("anyOf", "oneOf"):
            branches = node.get(combinator)
            if isinstance(branches, list):
                if any(_null_branch(branch) for branch in branches):
                    found.append(f"{path}: {combinator} with a null branch")
                elif all(_constraint_only(branch) for branch in branches):
                    found.append(f"{path}: {combinator} of branches without types")
        for key, value in node.items():
            found += _generator_hazards(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _generator_hazards(value, f"{path}/{index}")
    return found


def test_the_document_has_no_shape_the_swift_generator_drops(server: Server):
    document = yaml.safe_load(requests.get(server.base_url + "/openapi.yaml", timeout=30).text)
    assert _generator_hazards(document) == []
    # A nullable member uses the `…OrNull` twin of a shared rule; the twin must keep the rule.
    schemas = document["components"]["schemas"]
    twins = [name for name in schemas if name.endswith("OrNull")]
    assert twins, "the document has no …OrNull schemas"
    for name in twins:
        if name.removesuffix("OrNull") not in schemas:
            continue  # LanguageTag is inlined where used (not a component); its twin sits below it
        twin, rule = schemas[name], schemas[name.removesuffix("OrNull")]
        assert twin["type"] == [rule["type"], "null"], name
        for constraint in ("pattern", "minLength", "maxLength", "format"):
            assert twin.get(constraint) == rule.get(constraint), (name, constraint)


def _module(package, name: str):
    return importlib.import_module(f"{PACKAGE}.{name}")


def _ok(reply, status: int):
    assert reply.status_code == status, (reply.status_code, reply.content[:2000])
    return reply.parsed


def test_the_whole_flow_through_the_generated_client(server: Server, generated):
    models = _module(generated, "models")
    accounts = lambda name: _module(generated, f"api.accounts.{name}")  # noqa: E731
    meetings = lambda name: _module(generated, f"api.meetings.{name}")  # noqa: E731
    forms = lambda name: _module(generated, f"api.forms.{name}")  # noqa: E731
    participants = lambda name: _module(generated, f"api.participants.{name}")  # noqa: E731
    results = lambda name: _module(generated, f"api.results.{name}")  # noqa: E731

    public = generated.Client(base_url=server.base_url, raise_on_unexpected_status=True)
    email = f"generated-{uuid.uuid4().hex[:8]}@example.com"
    account = _ok(accounts("sign_up").sync_detailed(client=public, body=models.SignUpInput(
        email=email, password="correct horse battery", display_name="Generated")), 201)
    assert account.email == email
    token = _ok(accounts("log_in").sync_detailed(client=public, body=models.LoginInput(
        email=email, password="correct horse battery")), 201)
    host = generated.AuthenticatedClient(base_url=server.base_url, token=token.token, raise_on_unexpected_status=True)

    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=15)
    meeting = _ok(meetings("create_meeting").sync_detailed(client=host, body=models.MeetingInput(
        title="Generated sync", starts_at=start, ends_at=start + timedelta(hours=1), expected_head_count=10)), 201)

    draft = _ok(forms("save_form_draft").sync_detailed(meeting.id, client=host, body=models.FormInput.from_dict(FORM)), 200)
    assert [question.to_dict()["key"] for question in draft.questions] == KEYS
    published = _ok(forms("publish_form").sync_detailed(meeting.id, client=host), 200)
    assert published.code

    # ParticipantForm.language once generated as an object, and every participant form crashed.
    participant_form = _ok(participants("get_participant_form").sync_detailed(published.code, client=public), 200)
    assert participant_form.language == "en"
    assert [question.to_dict()["key"] for question in participant_form.questions] == KEYS
    accepted = _ok(participants("submit_response").sync_detailed(
        published.code, client=public, idempotency_key=str(uuid.uuid4()),
        body=models.SubmissionInput(answers=[
            models.AnswerInput(question_key="useful", rating=9),
            models.AnswerInput(question_key="topic", option_ids=["roadmap"]),
            models.AnswerInput(question_key="notes", text="Good pace"),
        ])), 201)
    assert accepted.id

    report = _ok(results("get_results").sync_detailed(meeting.id, client=host), 200)
    assert report.to_dict()["summary"]["responses"] == 1

    # The round trip: the form as GET returns it goes back as PUT with one word changed.
    fetched = _ok(forms("get_form").sync_detailed(meeting.id, client=host), 200)
    edited = models.FormInput.from_dict({**fetched.to_dict(), "title": "How was the weekly sync?"})
    saved = _ok(forms("save_form_draft").sync_detailed(meeting.id, client=host, body=edited), 200)
    assert saved.title == "How was the weekly sync?"
    assert saved.code == published.code and saved.version == published.version
    # The follow-up's rule is a member the model knows, not an extra one it merely carries along.
    follow_up = saved.questions[-1]
    assert "showWhen" not in follow_up.additional_properties
    assert follow_up.show_when.to_dict() == {"question": "useful", "ratingBetween": [0, 6]}

    # NextSessionInput once could not be processed, and the route was missing from the client.
    next_start = start + timedelta(days=7)
    following = _ok(meetings("create_next_session").sync_detailed(meeting.id, client=host, body=models.NextSessionInput(
        starts_at=next_start, ends_at=next_start + timedelta(hours=1))), 201)
    assert following.to_dict()["sessionNumber"] == 2
    assert following.to_dict()["seriesId"] == meeting.to_dict()["seriesId"]

    # Templates: the library, the next session's own form started from one, the first session's
    # form saved as the host's template (with no date), read back and deleted.
    library = _ok(forms("list_templates").sync_detailed(client=host), 200)
    assert [item.id for item in library.items][:2] == ["team-health-check", "retrospective"]
    started = _ok(forms("start_form_from_template").sync_detailed(following.id, client=host, body=models.StartFromTemplateInput(
        template_id="team-health-check", scope=models.StartFromTemplateInputScope("session"))), 200)
    assert started.title == "Team health check" and "ko" in started.to_dict()["translations"]
    kept = _ok(forms("save_template").sync_detailed(client=host, body=models.TemplateInput(
        meeting_id=meeting.id, name="Generated sync")), 201)
    assert kept.scope == "account" or kept.scope.value == "account"
    read = _ok(forms("get_template").sync_detailed(kept.id, client=host), 200)
    assert read.form.title == "How was the weekly sync?" and "closesAt" not in read.form.to_dict()
    assert forms("delete_template").sync_detailed(kept.id, client=host).status_code == 204


def _body(operation):
    """The generated model of `operation`'s request body, as its function names it (the class a
    schema becomes depends on the names the rest of the document already took)."""
    annotation = inspect.signature(operation.sync_detailed).parameters["body"].annotation
    if isinstance(annotation, str):
        annotation = getattr(operation, annotation.split("|")[0].strip().strip("'\""))
    return annotation


def _signed_up(generated, base_url: str):
    """A new host through the generated client: its authenticated client."""
    models = _module(generated, "models")
    accounts = lambda name: _module(generated, f"api.accounts.{name}")  # noqa: E731
    public = generated.Client(base_url=base_url, raise_on_unexpected_status=True)
    email = f"generated-{uuid.uuid4().hex[:8]}@example.com"
    _ok(accounts("sign_up").sync_detailed(client=public, body=models.SignUpInput(
        email=email, password="correct horse battery", display_name="Generated")), 201)
    token = _ok(accounts("log_in").sync_detailed(client=public, body=models.LoginInput(
        email=email, password="correct horse battery")), 201)
    return public, generated.AuthenticatedClient(base_url=base_url, token=token.token, raise_on_unexpected_status=True)


def _published_meeting(generated, host):
    """A session that started 15 minutes ago with FORM published: the meeting and the form."""
    models = _module(generated, "models")
    meetings = lambda name: _module(generated, f"api.meetings.{name}")  # noqa: E731
    forms = lambda name: _module(generated, f"api.forms.{name}")  # noqa: E731
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=15)
    meeting = _ok(meetings("create_meeting").sync_detailed(client=host, body=models.MeetingInput(
        title="Generated loop", starts_at=start, ends_at=start + timedelta(hours=1), expected_head_count=10)), 201)
    _ok(forms("save_form_draft").sync_detailed(meeting.id, client=host, body=models.FormInput.from_dict(FORM)), 200)
    return meeting, _ok(forms("publish_form").sync_detailed(meeting.id, client=host), 200), start


def test_actions_and_questions_from_the_room_through_the_generated_client(server: Server, generated):
    """Issue 50's API through the generated client: actions recorded, listed, marked and
    reviewed at the next session; the room's questions set up, posted, moderated and voted on,
    with the voter's identity issued by the room and sent in `Debrief-Voter` as the document says."""
    models = _module(generated, "models")
    meetings = lambda name: _module(generated, f"api.meetings.{name}")  # noqa: E731
    participants = lambda name: _module(generated, f"api.participants.{name}")  # noqa: E731
    public, host = _signed_up(generated, server.base_url)
    meeting, published, start = _published_meeting(generated, host)

    first = _ok(meetings("create_action_item").sync_detailed(meeting.id, client=host, body=models.ActionItemInput.from_dict(
        {"title": " Shorter status round ", "questionKey": "useful"})), 201)
    assert (first.title, first.to_dict()["status"], first.to_dict()["due"], first.to_dict()["questionKey"]) == (
        "Shorter status round", "open", "nextSession", "useful")
    second = _ok(meetings("create_action_item").sync_detailed(meeting.id, client=host, body=models.ActionItemInput.from_dict(
        {"title": "Send notes the same day", "due": "2026-12-24"})), 201)
    assert second.to_dict()["due"] == "2026-12-24" and "questionKey" not in second.to_dict()
    listed = _ok(meetings("list_action_items").sync_detailed(meeting.id, client=host), 200)
    assert [item.title for item in listed.items] == ["Shorter status round", "Send notes the same day"]
    assert listed.to_dict()["maxPerSession"] == 50
    done = _ok(meetings("update_action_item").sync_detailed(meeting.id, first.id, client=host, body=models.ActionItemPatchInput.from_dict(
        {"status": "done"})), 200)
    assert done.to_dict()["status"] == "done" and done.title == "Shorter status round"

    next_start = start + timedelta(days=7)
    following = _ok(meetings("create_next_session").sync_detailed(meeting.id, client=host, body=models.NextSessionInput(
        starts_at=next_start, ends_at=next_start + timedelta(hours=1))), 201)
    review = _ok(meetings("review_action_items").sync_detailed(following.id, client=host), 200).to_dict()
    assert review["previousMeetingId"] == str(meeting.id)
    assert {item["title"]: item["status"] for item in review["items"]} == {
        "Shorter status round": "done", "Send notes the same day": "open"}
    assert _ok(meetings("review_action_items").sync_detailed(meeting.id, client=host), 200).to_dict()["items"] == []

    settings = {"enabled": True, "moderation": "approveFirst", "names": "anonymous"}
    saved = _ok(meetings("set_room_question_settings").sync_detailed(meeting.id, client=host, body=_body(meetings("set_room_question_settings")).from_dict(
        settings)), 200)
    assert saved.to_dict() == settings
    # The room issues each participant's identity (issue 67); posts and votes carry it.
    issue = participants("issue_room_voter")
    author = _ok(issue.sync_detailed(published.code, client=public), 201).voter
    posted = participants("post_room_question").sync_detailed(published.code, client=public, body=_body(participants("post_room_question")).from_dict(
        {"text": "Who owns the roadmap?", "name": "Not kept"}), debrief_voter=author)
    asked = _ok(posted, 201)
    assert asked.text == "Who owns the roadmap?" and asked.votes == 0 and "name" not in asked.to_dict()
    room = _ok(participants("list_room_questions").sync_detailed(published.code, client=public, debrief_voter=author), 200)
    assert room.enabled and room.questions == [], "waiting for approval: the room does not see it"
    waiting = _ok(meetings("list_room_questions_for_host").sync_detailed(meeting.id, client=host), 200).to_dict()
    assert [(item["text"], item["status"]) for item in waiting["questions"]] == [("Who owns the roadmap?", "pending")]
    assert waiting["settings"] == settings
    approved = _ok(meetings("moderate_room_question").sync_detailed(meeting.id, asked.id, client=host, body=_body(meetings("moderate_room_question")).from_dict(
        {"status": "visible", "pinned": True})), 200).to_dict()
    assert (approved["status"], approved["pinned"], approved["answered"]) == ("visible", True, False)

    # Another phone votes twice (one vote counts), the author's list shows it, then it takes it back.
    vote = participants("vote_room_question")
    phone = _ok(issue.sync_detailed(published.code, client=public), 201).voter
    assert phone and phone != author
    first_vote = vote.sync_detailed(published.code, asked.id, client=public, debrief_voter=phone)
    assert first_vote.status_code == 204
    assert vote.sync_detailed(published.code, asked.id, client=public, debrief_voter=phone).status_code == 204
    mine = _ok(participants("list_room_questions").sync_detailed(published.code, client=public, debrief_voter=phone), 200)
    assert [(item.text, item.votes, item.voted_by_me, item.pinned) for item in mine.questions] == [
        ("Who owns the roadmap?", 1, True, True)]
    theirs = _ok(participants("list_room_questions").sync_detailed(published.code, client=public, debrief_voter=author), 200)
    assert [(item.votes, item.voted_by_me) for item in theirs.questions] == [(1, False)]
    assert participants("unvote_room_question").sync_detailed(published.code, asked.id, client=public, debrief_voter=phone).status_code == 204
    after = _ok(participants("list_room_questions").sync_detailed(published.code, client=public, debrief_voter=phone), 200)
    assert [(item.votes, item.voted_by_me) for item in after.questions] == [(0, False)]


def test_the_roster_reminder_through_the_generated_client(mail_server, smtp, generated):
    """Issue 50's reminders through the generated client, against a real SMTP server: two roster
    members get their personal links, one answers through it, and "remind those who have not
    answered" reaches the other only; on this anonymous form the preview counts and names nobody."""
    inbox, _, _ = smtp
    models = _module(generated, "models")
    attendance = lambda name: _module(generated, f"api.attendance.{name}")  # noqa: E731
    participants = lambda name: _module(generated, f"api.participants.{name}")  # noqa: E731
    public, host = _signed_up(generated, mail_server.base_url)
    meeting, published, _ = _published_meeting(generated, host)
    series = meeting.to_dict()["seriesId"]
    tag = uuid.uuid4().hex[:6]
    people = {"Ana": f"ana-{tag}@example.org", "Ben": f"ben-{tag}@example.org"}
    for name, address in people.items():
        member = _ok(attendance("add_roster_member").sync_detailed(series, client=host, body=models.RosterMemberInput.from_dict(
            {"name": name})), 201)
        assert member.name == name
        kept = _ok(attendance("set_roster_email").sync_detailed(meeting.id, member.id, client=host, body=models.RosterEmailInput.from_dict(
            {"email": address})), 200)
        assert kept.to_dict()["email"] == address
    sent = _ok(attendance("send_roster_link").sync_detailed(meeting.id, client=host), 200)
    assert sent.to_dict()["sent"] == 2
    [message] = inbox.wait_for(people["Ana"])
    link = re.search(r"\?p=(\S+)", message.get_body(("plain",)).get_content()).group(1)
    _ok(participants("submit_response").sync_detailed(
        published.code, client=public, idempotency_key=str(uuid.uuid4()),
        body=models.SubmissionInput.from_dict({"personalLink": link, "answers": [{"questionKey": "useful", "rating": 8}]})), 201)

    preview = _ok(attendance("preview_roster_send").sync_detailed(meeting.id, client=host), 200).to_dict()
    assert preview["anonymous"] is True and preview["canRemind"] is True
    # Answers through the links, never names, and no count of whom a reminder reaches (decision 81).
    assert preview["answered"] == {"count": 1} and "count" not in preview["remind"], "counts, never names"
    reminded = _ok(attendance("remind_roster").sync_detailed(meeting.id, client=host), 200).to_dict()
    assert "reminded" not in reminded and reminded["reminderSet"] == 2 and reminded["repeated"] is False, reminded
    [_, reminder] = inbox.wait_for(people["Ben"], count=2)
    assert f"/f/{published.code}?p=" in reminder.get_body(("plain",)).get_content()
    assert len(inbox.to(people["Ana"])) == 1, "who answered is not reminded"


def _objects_to_name(api, server: Server) -> dict[str, str]:
    """Real objects for the path parameters, so each request reaches the reading of its body."""
    host = api.sign_up("Every field")
    meeting = host.create_meeting()
    code = host.publish_form(meeting)["code"]
    series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
    member = host.request("POST", f"/v1/series/{series}/roster", json={"name": "Every Field"}).json()["id"]
    action = host.request("POST", f"/v1/meetings/{meeting}/actions", json={"title": "Every field"}).json()["id"]
    host.request("PUT", f"/v1/meetings/{meeting}/room-questions/settings",
                 json={"enabled": True, "moderation": "postThenHide", "names": "anonymous"})
    # A participant's identity, issued by the room (where the server issues them).
    issued = api.request("POST", f"/v1/f/{code}/room-questions/voter")
    voter = issued.json()["voter"] if issued.status_code in (200, 201) else None
    asked = api.request("POST", f"/v1/f/{code}/room-questions", json={"text": "Every field?"},
                        headers={"Debrief-Voter": voter} if voter else {})
    assert asked.status_code == 201, asked.text
    return {"token": host.token, "meeting": meeting, "series": series, "code": code, "member_id": member,
            "action_id": action, "question_id": asked.json()["id"], "debrief_voter": voter}


def test_every_documented_request_member_is_a_known_field(server: Server, generated, api):
    """Each member every JSON request schema declares is sent at least once through the generated
    client's models (values made from the schema: `schema_samples`), and no request is refused
    for carrying one: a declared member the server does not read (`is not a known field`) or
    cannot decode (`expected …`) is a document and server that disagree (issue 67: sign-up's
    documented `timeZone` was refused)."""
    document = yaml.safe_load(requests.get(server.base_url + "/openapi.yaml", timeout=30).text)
    named = _objects_to_name(api, server)
    host = generated.AuthenticatedClient(base_url=server.base_url, token=named["token"], raise_on_unexpected_status=False)
    modules = operation_modules(PACKAGE)
    sampler = Sampler(document)
    refused, statuses = [], {}
    for method, path, operation_id, schema in json_body_operations(document):
        operation = importlib.import_module(modules[snake_case(operation_id)])
        parameters = inspect.signature(operation.sync_detailed).parameters
        for body in sampler.bodies(schema):
            arguments = {"client": host, "body": json_model(_body(operation), schema).from_dict(body)}
            for name, parameter in parameters.items():
                if name == "debrief_voter" and named["debrief_voter"]:
                    arguments[name] = named["debrief_voter"]
                if name in arguments or parameter.default is not inspect.Parameter.empty:
                    continue
                if name == "id":
                    arguments[name] = named["series" if path.startswith("/v1/series/") else "meeting"]
                elif name == "idempotency_key":
                    arguments[name] = str(uuid.uuid4())
                else:
                    arguments[name] = named.get(name, str(uuid.uuid4()))
            reply = operation.sync_detailed(**arguments)
            statuses.setdefault(f"{method} {path}", []).append(reply.status_code)
            errors = json.loads(reply.content).get("errors", []) if reply.status_code == 422 else []
            refused += [f"{method} {path}: {error['path']}: {error['message']}" for error in errors
                        if error["message"] == "is not a known field" or error["message"].startswith("expected ")]
    assert len(statuses) >= 28, statuses
    assert sampler.declared and sampler.declared <= sampler.sent, sorted(sampler.declared - sampler.sent)
    assert refused == [], "declared members the server refused:\n" + "\n".join(refused) + f"\n{statuses}"
