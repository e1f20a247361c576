"""Local stand-ins for Slack's and Microsoft Teams' incoming webhooks: a small HTTP server that
keeps every message, answers as the real ones do (Slack `200 ok`, Teams Workflows `202`), can
answer a path as a revoked webhook would (Slack's `404 no_service`), and checkers that VALIDATE
each message against the published formats.

Slack: Block Kit's documented block types and limits —
  https://docs.slack.dev/reference/block-kit/blocks (at most 50 blocks a message),
  https://docs.slack.dev/reference/block-kit/blocks/header-block (plain_text, at most 150 characters),
  https://docs.slack.dev/reference/block-kit/blocks/section-block (text at most 3,000 characters),
  https://docs.slack.dev/reference/block-kit/blocks/context-block (at most 10 elements),
  https://docs.slack.dev/reference/block-kit/composition-objects/text-object (type, text; mrkdwn or plain_text),
  https://docs.slack.dev/messaging/formatting-message-text#escaping (&, <, > escaped in mrkdwn).
Teams: a `message` with one `application/vnd.microsoft.card.adaptive` attachment
  (https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using),
  whose card is checked against the Adaptive Card schema 1.4
  (http://adaptivecards.io/schemas/1.4.0/adaptive-card.json, microsoft/AdaptiveCards
  schemas/1.4.0/adaptive-card.json): the properties and enums of the elements the digest uses
  (AdaptiveCard, TextBlock, Container, Action.OpenUrl), written out here from that schema —
  each definition there has `additionalProperties: false`, so an unknown property is an error
  here too. The schema file itself is not vendored; set ADAPTIVE_CARD_SCHEMA to a copy of it
  to have each card validated against it as well (with `jsonschema_rs`, which schemathesis brings).
"""
from __future__ import annotations

import json
import os
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from conftest import free_port


class ChatReceiver:
    """Keeps every POST by path; paths in `revoked` answer as a removed Slack webhook does."""

    def __init__(self):
        self.port = free_port()
        self.messages: list[tuple[str, dict]] = []
        self.revoked: set[str] = set()
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                if self.path in receiver.revoked:
                    answer, status = b"no_service", 404
                else:
                    with receiver.lock:
                        receiver.messages.append((self.path, json.loads(body)))
                    answer, status = (b"ok", 200) if self.path.startswith("/slack") else (b"", 202)
                self.send_response(status)
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def at(self, path: str) -> list[dict]:
        with self.lock:
            return [message for where, message in self.messages if where == path]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


# Slack Block Kit ---------------------------------------------------------------------------

SLACK_BLOCKS = {"header", "section", "context", "divider", "actions", "image", "rich_text", "input", "file", "video"}


def _text_object(value, where: str, limit: int, problems: list[str], plain_only: bool = False) -> str:
    if not isinstance(value, dict):
        problems.append(f"{where}: a text object is required")
        return ""
    kind, text = value.get("type"), value.get("text")
    allowed = {"plain_text"} if plain_only else {"plain_text", "mrkdwn"}
    if kind not in allowed:
        problems.append(f"{where}.type: {kind!r} is not one of {sorted(allowed)}")
    if not isinstance(text, str) or not text:
        problems.append(f"{where}.text: a non-empty string is required")
        return ""
    if len(text) > limit:
        problems.append(f"{where}.text: {len(text)} characters, over {limit}")
    if kind == "mrkdwn":
        # Outside <link|label> markup, a bare < or & that starts no escape is unescaped text.
        bare = re.sub(r"<(https?://[^|>]+)\|[^>]*>", "", text)
        if "<" in bare or ">" in bare or re.search(r"&(?!amp;|lt;|gt;)", bare):
            problems.append(f"{where}.text: unescaped &, < or > in mrkdwn: {text[:80]!r}")
    return text


def check_slack(message: dict) -> list[str]:
    """Every way `message` breaks Block Kit's documented shape and limits (empty when valid)."""
    problems: list[str] = []
    blocks = message.get("blocks")
    if not isinstance(blocks, list) or not blocks:
        return ["blocks: a non-empty array is required"]
    if len(blocks) > 50:
        problems.append(f"blocks: {len(blocks)} blocks, over 50")
    if not isinstance(message.get("text"), str) or not message["text"]:
        problems.append("text: the notification fallback should be given with blocks")
    for index, block in enumerate(blocks):
        where = f"blocks[{index}]"
        kind = block.get("type")
        if kind not in SLACK_BLOCKS:
            problems.append(f"{where}.type: {kind!r} is not a Block Kit block")
            continue
        if "block_id" in block and len(block["block_id"]) > 255:
            problems.append(f"{where}.block_id: over 255 characters")
        if kind == "header":
            _text_object(block.get("text"), f"{where}.text", 150, problems, plain_only=True)
            extra = set(block) - {"type", "text", "block_id"}
        elif kind == "section":
            if "text" not in block and "fields" not in block:
                problems.append(f"{where}: a section needs text or fields")
            if "text" in block:
                _text_object(block["text"], f"{where}.text", 3000, problems)
            fields = block.get("fields", [])
            if len(fields) > 10:
                problems.append(f"{where}.fields: over 10")
            for number, field in enumerate(fields):
                _text_object(field, f"{where}.fields[{number}]", 2000, problems)
            extra = set(block) - {"type", "text", "fields", "accessory", "block_id", "expand"}
        elif kind == "context":
            elements = block.get("elements")
            if not isinstance(elements, list) or not elements:
                problems.append(f"{where}.elements: a non-empty array is required")
                elements = []
            if len(elements) > 10:
                problems.append(f"{where}.elements: {len(elements)}, over 10")
            for number, element in enumerate(elements):
                _text_object(element, f"{where}.elements[{number}]", 3000, problems)
            extra = set(block) - {"type", "elements", "block_id"}
        elif kind == "divider":
            extra = set(block) - {"type", "block_id"}
        else:
            extra = set()
        if extra:
            problems.append(f"{where}: unknown properties {sorted(extra)}")
    return problems


# Teams: Adaptive Card 1.4 -------------------------------------------------------------------

SPACING = {"default", "none", "small", "medium", "large", "extralarge", "padding"}
FONT_SIZE = {"default", "small", "medium", "large", "extralarge"}
FONT_WEIGHT = {"default", "lighter", "bolder"}
COLORS = {"default", "dark", "light", "accent", "good", "warning", "attention"}
ELEMENT_COMMON = {"type", "fallback", "height", "separator", "spacing", "id", "isVisible", "requires"}
TEXT_BLOCK = ELEMENT_COMMON | {"text", "color", "fontType", "horizontalAlignment", "isSubtle", "maxLines", "size", "weight", "wrap"}
CONTAINER = ELEMENT_COMMON | {"items", "selectAction", "style", "verticalContentAlignment", "bleed", "backgroundImage", "minHeight"}
CARD = {"type", "version", "refresh", "body", "actions", "selectAction", "fallbackText", "backgroundImage", "minHeight",
        "speak", "lang", "verticalContentAlignment", "$schema"}
OPEN_URL = {"type", "url", "title", "iconUrl", "style", "fallback", "requires", "id"}


def _enum(value, allowed: set[str], where: str, problems: list[str]) -> None:
    if not isinstance(value, str) or value.lower() not in allowed:
        problems.append(f"{where}: {value!r} is not one of {sorted(allowed)}")


def _element(element: dict, where: str, problems: list[str]) -> None:
    kind = element.get("type")
    if kind == "TextBlock":
        unknown = set(element) - TEXT_BLOCK
        if not isinstance(element.get("text"), str):
            problems.append(f"{where}.text: required string")
        for flag in ("wrap", "isSubtle", "separator"):
            if flag in element and not isinstance(element[flag], bool):
                problems.append(f"{where}.{flag}: must be a boolean")
        if "size" in element:
            _enum(element["size"], FONT_SIZE, f"{where}.size", problems)
        if "weight" in element:
            _enum(element["weight"], FONT_WEIGHT, f"{where}.weight", problems)
        if "color" in element:
            _enum(element["color"], COLORS, f"{where}.color", problems)
    elif kind == "Container":
        unknown = set(element) - CONTAINER
        items = element.get("items")
        if not isinstance(items, list):
            problems.append(f"{where}.items: required array")
            items = []
        for number, item in enumerate(items):
            _element(item, f"{where}.items[{number}]", problems)
    else:
        problems.append(f"{where}.type: {kind!r} is not an element the digest uses (TextBlock, Container)")
        return
    if "spacing" in element:
        _enum(element["spacing"], SPACING, f"{where}.spacing", problems)
    if unknown:
        problems.append(f"{where}: properties the schema does not allow {sorted(unknown)}")


def check_teams(message: dict, max_version: str = "1.4") -> list[str]:
    """Every way `message` breaks the Teams webhook message shape or Adaptive Card 1.4 (empty when valid)."""
    problems: list[str] = []
    if message.get("type") != "message":
        problems.append("type: must be 'message'")
    if len(json.dumps(message).encode()) > 28_000:
        problems.append("the message is over Teams' 28 KB")
    attachments = message.get("attachments")
    if not isinstance(attachments, list) or len(attachments) != 1:
        return problems + ["attachments: exactly one card is expected"]
    attachment = attachments[0]
    if attachment.get("contentType") != "application/vnd.microsoft.card.adaptive":
        problems.append(f"attachments[0].contentType: {attachment.get('contentType')!r}")
    card = attachment.get("content")
    if not isinstance(card, dict):
        return problems + ["attachments[0].content: the card is required"]
    if card.get("type") != "AdaptiveCard":
        problems.append("content.type: must be 'AdaptiveCard'")
    version = card.get("version")
    if not isinstance(version, str) or not re.fullmatch(r"\d+\.\d+", version):
        problems.append(f"content.version: {version!r} is not a version")
    elif tuple(map(int, version.split("."))) > tuple(map(int, max_version.split("."))):
        problems.append(f"content.version: {version} is newer than the {max_version} the connector accepts")
    unknown = set(card) - CARD
    if unknown:
        problems.append(f"content: properties the schema does not allow {sorted(unknown)}")
    body = card.get("body")
    if not isinstance(body, list) or not body:
        problems.append("content.body: a non-empty array is expected")
        body = []
    for index, element in enumerate(body):
        _element(element, f"content.body[{index}]", problems)
    problems += _official_schema_problems(card)
    for index, action in enumerate(card.get("actions", [])):
        where = f"content.actions[{index}]"
        if action.get("type") != "Action.OpenUrl":
            problems.append(f"{where}.type: {action.get('type')!r} (the digest only opens the dashboard)")
        if not isinstance(action.get("url"), str) or not re.match(r"https?://", action["url"]):
            problems.append(f"{where}.url: an absolute URL is required")
        unknown = set(action) - OPEN_URL
        if unknown:
            problems.append(f"{where}: properties the schema does not allow {sorted(unknown)}")
    return problems


def _official_schema_problems(card: dict) -> list[str]:
    """The card against the official schema file named by ADAPTIVE_CARD_SCHEMA, when given."""
    path = os.environ.get("ADAPTIVE_CARD_SCHEMA")
    if not path:
        return []
    import jsonschema_rs  # installed with schemathesis

    with open(path, encoding="utf-8") as file:
        schema = json.load(file)
    validator = jsonschema_rs.validator_for(schema)
    return [f"official schema: {list(error.instance_path)}: {error.message[:200]}" for error in validator.iter_errors(card)]


def slack_parts(message: dict) -> dict[str, str]:
    """The digest's question sections by prompt (`*prompt*` then the top line)."""
    parts = {}
    for block in message.get("blocks", []):
        text = (block.get("text") or {}).get("text", "")
        match = re.match(r"\*([^*]+)\*\n(.*)", text, re.S)
        if block.get("type") == "section" and match:
            parts[match.group(1)] = match.group(2)
    return parts


def teams_parts(message: dict) -> dict[str, str]:
    card = message["attachments"][0]["content"]
    parts = {}
    for element in card["body"]:
        if element.get("type") == "Container":
            texts = [item["text"] for item in element["items"]]
            parts[texts[0]] = "\n".join(texts[1:])
    return parts
