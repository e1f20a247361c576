"""Team chat digests end to end (issue 35): a series' channel pointed at local Slack and Teams
receivers (chat_receivers.py), a form with a question too few answered (k = 3), a close and test
messages in English and Korean. Each message is validated against the published format (Block
Kit's block types and limits; the Teams message and Adaptive Card 1.4), the withheld question
says only that it is withheld, and a revoked webhook (Slack's 404) disables the channel with
the reason the host reads.

The local receivers are reached over plain http on 127.0.0.1 only because the server is started
with `--webhook-allow-insecure-hosts 127.0.0.1`, the operator's allow-list of the SSRF guard.
"""
from __future__ import annotations

import pytest

from chat_receivers import ChatReceiver, check_slack, check_teams, slack_parts, teams_parts
from conftest import API, start_server, wait_until

FAST = {
    "DEBRIEF_WEBHOOK_POLL_MS": "100",
    "DEBRIEF_WEBHOOK_RETRY_BASE_MS": "100",
    "DEBRIEF_WEBHOOK_RETRY_CAP_MS": "1000",
    "DEBRIEF_RATE_LIMIT_PER_ADDRESS": "0",
    "DEBRIEF_RATE_LIMIT_PER_FORM": "0",
}
ALLOW_LOOPBACK = ["--webhook-allow-insecure-hosts", "127.0.0.1"]
FORM = {
    "title": "Retro", "anonymous": True, "privacyThreshold": 3,
    "questions": [
        {"key": "useful", "prompt": "How useful?", "kind": "rating", "min": 1, "max": 5, "required": True},
        {"key": "nps", "prompt": "Recommend us?", "kind": "rating", "min": 0, "max": 10},
        {"key": "pace", "prompt": "Pace?", "kind": "choice",
         "options": [{"id": "slow", "label": "Slow"}, {"id": "ok", "label": "Fine"}, {"id": "fast", "label": "Fast"}]},
        {"key": "rare", "prompt": "Rare?", "kind": "choice",
         "options": [{"id": "yes", "label": "Secretyes"}, {"id": "no", "label": "Secretno"}]},
        {"key": "notes", "prompt": "Anything else?", "kind": "shortAnswer"},
    ],
}
WITHHELD = {"en": "withheld: fewer than 3 answers", "ko": "비공개: 응답이 3개 미만"}


def answers(index: int) -> dict:
    given = [
        {"questionKey": "useful", "rating": 3 + index % 3},
        {"questionKey": "nps", "rating": 6 + index},
        {"questionKey": "pace", "optionIds": ["ok" if index < 3 else "fast"]},
        {"questionKey": "notes", "text": f"note {index}"},
    ]
    if index == 0:
        given.append({"questionKey": "rare", "optionIds": ["yes"]})
    return {"answers": given}


def check(message: dict, kind: str, language: str) -> None:
    problems = check_slack(message) if kind == "slack" else check_teams(message)
    assert problems == [], problems
    parts = slack_parts(message) if kind == "slack" else teams_parts(message)
    assert set(parts) >= {"How useful?", "Recommend us?", "Pace?", "Rare?", "Anything else?"}, parts
    # The withheld question: the words and nothing derived from the answers.
    assert parts["Rare?"] == WITHHELD[language], parts["Rare?"]
    text = str(message)
    assert "Secretyes" not in text and "Secretno" not in text
    assert ("Mean" if language == "en" else "평균") in parts["How useful?"]
    assert "NPS" in parts["Recommend us?"]
    assert ("Leading: Fine (75%)" if language == "en" else "1위: Fine (75%)") in parts["Pace?"]
    assert "note 1" not in text, "written answers stay on the dashboard"


def test_digests_are_validated_in_slack_and_teams_in_english_and_korean(database_url):
    receiver = ChatReceiver()
    server = start_server(database_url, env=FAST, args=ALLOW_LOOPBACK)
    try:
        api = API(server.base_url)
        host = api.sign_up()
        meeting = host.create_meeting(title="Weekly retro 주간 회고")
        series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
        code = host.publish_form(meeting, FORM)["code"]
        for index in range(4):
            reply = api.request("POST", f"/v1/f/{code}/responses", json=answers(index))
            assert reply.status_code == 201, reply.text
        channel = f"/v1/series/{series}/chat-channel"

        # A local URL has no Slack shape: the kind must be said, and the error names the field.
        refused = host.request("PUT", channel, json={"url": receiver.url("/slack/en")})
        assert refused.status_code == 422 and refused.json()["errors"][0]["path"] == "kind", refused.text
        put = host.request("PUT", channel, json={"url": receiver.url("/slack/en"), "kind": "slack", "language": "en"})
        assert put.status_code == 200, put.text

        # The close posts the digest once.
        assert host.request("POST", f"/v1/meetings/{meeting}/form/close").status_code == 200
        wait_until(lambda: receiver.at("/slack/en"), 30, "the close's Slack digest")
        message = receiver.at("/slack/en")[0]
        check(message, "slack", "en")
        assert message["blocks"][0]["text"]["text"] == "Results: Weekly retro 주간 회고"

        # Test messages: the same digest, in each chat and language.
        for kind, language in [("slack", "ko"), ("teams", "en"), ("teams", "ko")]:
            path = f"/{kind}/{language}"
            put = host.request("PUT", channel, json={"url": receiver.url(path), "kind": kind, "language": language})
            assert put.status_code == 200, put.text
            queued = host.request("POST", channel + "/test")
            assert queued.status_code == 202, queued.text
            wait_until(lambda: receiver.at(path), 30, f"the {kind} {language} test message")
            check(receiver.at(path)[0], kind, language)
        assert len(receiver.at("/slack/en")) == 1, "the close's digest was posted once"

        # A revoked webhook: Slack answers 404 no_service; the channel stops, and says why.
        receiver.revoked.add("/slack/gone")
        assert host.request("PUT", channel, json={"url": receiver.url("/slack/gone"), "kind": "slack"}).status_code == 200
        assert host.request("POST", channel + "/test").status_code == 202
        state = wait_until(
            lambda: (lambda c: c if c["state"] == "disabled" else None)(host.request("GET", channel).json()),
            30, "the channel disabled by the 404")
        assert "Slack refused the message (HTTP 404: no_service)" in state["disabledReason"], state
        refused = host.request("POST", channel + "/test")
        assert refused.status_code == 409 and "disabled" in refused.json()["detail"], refused.text
    finally:
        server.stop()
        receiver.stop()


HOSTILE_TITLE = "Retro <!channel> <@U123> *b* _i_ ~s~ `c` **Urgent** [x](http://evil.example) <b>html</b>"


def test_a_hostile_title_stays_text_in_slack_and_teams(database_url):
    """Issue 67: a title's markup is shown, never acted on — no mention, bold, italics, strike,
    code or link in Slack's mrkdwn (the fallback `text` included) nor in Teams' Markdown (the
    card's `fallbackText` and the message's `summary` included)."""
    receiver = ChatReceiver()
    server = start_server(database_url, env=FAST, args=ALLOW_LOOPBACK)
    try:
        host = API(server.base_url).sign_up()
        meeting = host.create_meeting(title=HOSTILE_TITLE)
        series = host.request("GET", f"/v1/meetings/{meeting}").json()["seriesId"]
        host.publish_form(meeting, {**FORM, "questions": [{**FORM["questions"][0], "prompt": HOSTILE_TITLE}]})
        channel = f"/v1/series/{series}/chat-channel"
        for kind in ["slack", "teams"]:
            path = f"/{kind}/hostile"
            assert host.request("PUT", channel, json={"url": receiver.url(path), "kind": kind, "language": "en"}).status_code == 200
            assert host.request("POST", channel + "/test").status_code == 202
            wait_until(lambda: receiver.at(path), 30, f"the {kind} test message")
            message = receiver.at(path)[0]
            problems = check_slack(message) if kind == "slack" else check_teams(message)
            assert problems == [], problems
            if kind == "slack":
                texts = [message["text"]] + [
                    text for block in message["blocks"] if block["type"] != "header"
                    for text in [(block.get("text") or {}).get("text", "")] + [e.get("text", "") for e in block.get("elements", [])]]
                for text in texts:
                    for markup in ["<!channel>", "<@U123>", "*b*", "_i_", "~s~", "`c`", "**Urgent**", "<b>"]:
                        assert markup not in text, (markup, text)
                    for marker in "_~`":
                        for index in [i for i, c in enumerate(text) if c == marker]:
                            assert text[index - 1] == "\u200b" and text[index + 1] == "\u200b", (marker, text)
                assert any("&lt;!channel&gt;" in text for text in texts), texts
            else:
                card = message["attachments"][0]["content"]
                for text in [message["summary"], card["fallbackText"]]:
                    assert "\\*\\*Urgent\\*\\*" in text and "\\[x\\](http" in text, text
                    assert "**Urgent**" not in text and "[x](" not in text, text
    finally:
        server.stop()
        receiver.stop()


def test_the_checkers_refuse_what_the_formats_refuse():
    """The receivers' checkers are worth their name: each limit, broken once, is reported."""
    section = {"type": "section", "text": {"type": "mrkdwn", "text": "ok"}}
    assert check_slack({"text": "t", "blocks": [section]}) == []
    assert check_slack({"text": "t", "blocks": [section] * 51}) == ["blocks: 51 blocks, over 50"]
    long = {"type": "section", "text": {"type": "mrkdwn", "text": "x" * 3001}}
    assert check_slack({"text": "t", "blocks": [long]}) == ["blocks[0].text.text: 3001 characters, over 3000"]
    header = {"type": "header", "text": {"type": "mrkdwn", "text": "h"}}
    assert check_slack({"text": "t", "blocks": [header]}) == ["blocks[0].text.type: 'mrkdwn' is not one of ['plain_text']"]
    assert check_slack({"text": "t", "blocks": [{"type": "table"}]}) == ["blocks[0].type: 'table' is not a Block Kit block"]
    unescaped = {"type": "section", "text": {"type": "mrkdwn", "text": "a < b"}}
    assert check_slack({"text": "t", "blocks": [unescaped]})[0].startswith("blocks[0].text.text: unescaped")

    def teams(card: dict) -> dict:
        return {"type": "message", "attachments": [{"contentType": "application/vnd.microsoft.card.adaptive", "content": card}]}

    def check_teams_here(message: dict) -> list[str]:
        # This checker's own words (the official schema, when given, reports the same cards).
        return [problem for problem in check_teams(message) if not problem.startswith("official schema")]

    card = {"type": "AdaptiveCard", "version": "1.4", "body": [{"type": "TextBlock", "text": "x", "wrap": True}]}
    assert check_teams_here(teams(card)) == []
    assert check_teams_here(teams({**card, "version": "1.5"})) == ["content.version: 1.5 is newer than the 1.4 the connector accepts"]
    assert check_teams_here(teams({**card, "msteams": {"width": "Full"}})) == ["content: properties the schema does not allow ['msteams']"]
    bad = {**card, "body": [{"type": "TextBlock", "text": "x", "size": "huge"}]}
    assert check_teams_here(teams(bad))[0].startswith("content.body[0].size: 'huge'")
    assert check_teams_here(teams({**card, "body": [{"type": "Container"}]})) == ["content.body[0].items: required array"]
