"""Request bodies with every documented member, made from the OpenAPI document's own schemas.

A generated client sends what the document declares; a member the document declares and the
server does not read is refused (`is not a known field`, a 422) the first time a client sets it
(issue 67: `SignUpInput.timeZone`). `bodies` gives, for one request schema, bodies in which every
member of every object is present, so each declared member reaches the server at least once:
one body per branch of the widest `oneOf`/`anyOf` (the others take their branch at the same index,
wrapped around). Values follow the schema (examples first, then enums, formats, patterns and
limits) but not the rules a schema cannot state, so a body may still be refused for its values.
The functions at the end find, in a client openapi-python-client generated, the function and
model that send each body.
"""
from __future__ import annotations

import importlib
import pkgutil
import re
import typing
import uuid
from datetime import datetime, timedelta, timezone

from hypothesis import Phase, find, settings, strategies

# Deep enough for a form's question with its follow-up condition; a self-referring schema stops.
MAX_DEPTH = 8


class Sampler:
    def __init__(self, document: dict):
        self.document = document
        # (object's path, member) for every member a body carried.
        self.sent: set[tuple[str, str]] = set()
        # (object's path, member) for every member the schemas declare.
        self.declared: set[tuple[str, str]] = set()
        self.widest = 1

    def resolve(self, schema: dict) -> dict:
        while isinstance(schema, dict) and "$ref" in schema:
            node = self.document
            for part in schema["$ref"].removeprefix("#/").split("/"):
                node = node[part.replace("~1", "/").replace("~0", "~")]
            schema = {**node, **{key: value for key, value in schema.items() if key != "$ref"}}
        return schema

    def bodies(self, schema: dict) -> list:
        """One body per branch index of the widest combinator (at least one)."""
        self.widest = 1
        first = self.sample(schema, 0, "body", 0)
        return [first] + [self.sample(schema, variant, "body", 0) for variant in range(1, self.widest)]

    def sample(self, schema: dict, variant: int, path: str, depth: int):
        schema = self.resolve(schema)
        branches = [self.resolve(branch) for branch in schema.get("oneOf") or schema.get("anyOf") or []]
        branches = [branch for branch in branches if branch.get("type") != "null"]
        if branches:
            self.widest = max(self.widest, len(branches))
            chosen = branches[variant % len(branches)]
            outer = {key: value for key, value in schema.items() if key not in ("oneOf", "anyOf")}
            schema = {**outer, **chosen, "properties": {**(outer.get("properties") or {}), **(chosen.get("properties") or {})},
                      "required": [*(outer.get("required") or []), *(chosen.get("required") or [])]}
        for part in schema.get("allOf") or []:
            part = self.resolve(part)
            schema = {**part, **schema, "properties": {**(part.get("properties") or {}), **(schema.get("properties") or {})}}
            schema.pop("allOf", None)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((name for name in kind if name != "null"), "null")
        if kind is None and "properties" in schema:
            kind = "object"
        if "const" in schema:
            return schema["const"]
        if kind != "object" and "example" in schema and schema["example"] is not None:
            return schema["example"]
        if kind != "object" and schema.get("examples"):
            return schema["examples"][0]
        if schema.get("enum"):
            choices = [value for value in schema["enum"] if value is not None]
            return choices[variant % len(choices)] if choices else None
        if kind == "object":
            return self._object(schema, variant, path, depth)
        if kind == "array":
            count = max(schema.get("minItems", 1), 1)
            items = schema.get("items") or {}
            return [self.sample(items, variant + index, f"{path}[]", depth + 1) for index in range(count)]
        if kind == "string":
            return self._string(schema)
        if kind in ("integer", "number"):
            low = schema.get("minimum", schema.get("exclusiveMinimum", 0) + 1 if "exclusiveMinimum" in schema else 1)
            return min(low, schema.get("maximum", low))
        if kind == "boolean":
            return True
        return None

    def _object(self, schema: dict, variant: int, path: str, depth: int) -> dict:
        body = {}
        for name, member in (schema.get("properties") or {}).items():
            self.declared.add((path, name))
            if depth >= MAX_DEPTH and name not in (schema.get("required") or []):
                continue
            self.sent.add((path, name))
            body[name] = self.sample(member, variant, f"{path}.{name}", depth + 1)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            # A map (translations by language tag, labels by option id): one entry.
            body["ko"] = self.sample(extra, variant, f"{path}.*", depth + 1)
        return body

    @staticmethod
    def _string(schema: dict) -> str:
        shape = schema.get("format")
        soon = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=1)
        if shape == "date-time":
            return soon.isoformat().replace("+00:00", "Z")
        if shape == "date":
            return soon.date().isoformat()
        if shape == "email":
            return f"member-{uuid.uuid4().hex[:8]}@example.com"
        if shape == "uuid":
            return str(uuid.uuid4())
        if shape in ("uri", "url"):
            return "https://hooks.example.com/debrief"
        low, high = schema.get("minLength", 1), schema.get("maxLength", 40)
        if "pattern" in schema:
            # The first text the pattern and the limits allow, the same on every run (derandomized).
            return find(strategies.from_regex(schema["pattern"], fullmatch=True), lambda text: low <= len(text) <= high,
                        settings=settings(database=None, derandomize=True, phases=[Phase.generate]))
        text = "Sample words " * 8
        return text[:max(low, min(high, 24))].strip().ljust(low, "x")


def json_body_operations(document: dict):
    """(method, path, operationId, schema) of every operation that takes a JSON body."""
    for path, item in document["paths"].items():
        for method, operation in item.items():
            content = (operation.get("requestBody") or {}).get("content", {}) if isinstance(operation, dict) else {}
            if "application/json" in content:
                yield method.upper(), path, operation["operationId"], content["application/json"]["schema"]


def snake_case(name: str) -> str:
    """An operationId as openapi-python-client names its module: `signUp` → `sign_up`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def operation_modules(package: str) -> dict[str, str]:
    """A generated client's modules by operation (`sign_up` → `package.api.accounts.sign_up`)."""
    api = importlib.import_module(f"{package}.api")
    return {info.name.rsplit(".", 1)[1]: info.name for info in pkgutil.walk_packages(api.__path__, f"{package}.api.")
            if not info.ispkg}


def json_model(annotation, schema: dict):
    """The model a generated function sends as JSON, from its `body` annotation: where an
    operation also takes a form or a file, that is a union, and the JSON one is the class named
    after the schema."""
    choices = typing.get_args(annotation) or (annotation,)
    named = schema.get("$ref", "").rsplit("/", 1)[-1].replace("_", "")
    return next((choice for choice in choices if getattr(choice, "__name__", "") == named), choices[0])
