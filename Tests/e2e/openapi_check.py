"""Checks every HTTP exchange the end-to-end tests have with `debrief serve` against the OpenAPI
document the server publishes (GET /openapi.yaml), so that drift between the document and the
code fails a test instead of surprising an integrator.

conftest.py installs `OpenAPIRecorder.send` in place of `requests.Session.send`: every request
the tests make through `requests` (the `API`/`Host` helpers, `requests.get`, their own sessions)
reaches the server unchanged, and the exchange is then checked with openapi-core:

- the route and method are documented (an undocumented one may only answer 404 or 405);
- the status code is documented for that operation (also for pages, streams and files);
- a JSON response (`application/json`, `application/problem+json`) matches its schema, headers
  included;
- a request the document refuses (a missing field, an unknown member, no credentials) is not
  answered with a success: the server must refuse what the document refuses.

A request the document allows but the server refuses with a 4xx is not a mismatch: many refusals
depend on state (an overlapping meeting, a closed form) that no schema can express.

Mismatches are collected (requests also run in threads and fixtures) and the `openapi_conformance`
fixture fails the test they happened in. Schemathesis' own exchanges are left to Schemathesis,
which checks them against the same document. rawhttp.py sends bytes `requests` will not send
(malformed on purpose) and is not checked.
"""
from __future__ import annotations

import re
import threading
import urllib.parse
from collections import Counter
from dataclasses import dataclass
from typing import Callable

import requests
import yaml
from openapi_core import Config, OpenAPI
from openapi_core.deserializing.media_types.util import json_loads
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse
from openapi_core.templating.media_types.exceptions import MediaTypeNotFound
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.templating.responses.exceptions import ResponseNotFound

# The document's `servers` name port 8080; the tests' servers listen on free ports. Requests are
# matched against the document under this one origin.
DOCUMENT_ORIGIN = "http://debrief.test"
JSON_TYPES = ("application/json", "application/problem+json")
# Exchanges checked per (method, route shape, status): enough to see every shape a route answers
# with, without spending the soak and load tests' time on thousands of identical ones.
SAMPLES_PER_SHAPE = 40
_ID_SEGMENT = re.compile(r"/(?=[^/]*\d)[^/]+")


class _DocumentRequest(RequestsOpenAPIRequest):
    @property
    def host_url(self) -> str:
        return DOCUMENT_ORIGIN


class _Head(RequestsOpenAPIResponse):
    """A response whose body is not checked (a page, a file, a stream still open)."""

    @property
    def data(self) -> bytes:
        return b""


@dataclass
class Mismatch:
    method: str
    url: str
    status: int
    problem: str

    def __str__(self) -> str:
        return f"{self.method} {self.url} -> {self.status}: {self.problem}"


class OpenAPIRecorder:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        # Each watched origin with a check that its server still runs: a stopped server's port
        # may be taken by another test's service (seen: the OpenID provider stand-in), whose
        # exchanges are not Debrief's.
        self._origins: dict[str, Callable[[], bool]] = {}
        self._openapi: OpenAPI | None = None
        self._seen: Counter = Counter()
        self._mismatches: list[Mismatch] = []
        self._original_send = requests.Session.send
        self.checked = 0

    # -- installation -------------------------------------------------------------------------

    def install(self) -> None:
        recorder = self
        original = self._original_send

        def send(session: requests.Session, request: requests.PreparedRequest, **kwargs):
            response = original(session, request, **kwargs)
            # Followed redirects: each later hop came through this function on its own; this
            # request's own answer is the first of the chain.
            first = response.history[0] if response.history else response
            recorder.record(request, first, streamed=bool(kwargs.get("stream")))
            return response

        requests.Session.send = send

    def watch(self, base_url: str, is_running: Callable[[], bool] = lambda: True) -> None:
        """Checks the exchanges with the server at `base_url` from now on, while `is_running()`."""
        origin = _origin(base_url)
        with self._lock:
            if self._openapi is None:
                self._openapi = self._load(base_url)
            self._origins[origin] = is_running

    def take_mismatches(self) -> list[Mismatch]:
        with self._lock:
            taken, self._mismatches = self._mismatches, []
        return taken

    def _load(self, base_url: str) -> OpenAPI:
        session = requests.Session()
        reply = self._original_send(session, session.prepare_request(
            requests.Request("GET", base_url + "/openapi.yaml")), timeout=30)
        reply.raise_for_status()
        document = yaml.safe_load(reply.text)
        document["servers"] = [{"url": DOCUMENT_ORIGIN}]
        # openapi-core reads only application/json as JSON; problems are JSON too (RFC 9457).
        config = Config(extra_media_type_deserializers={"application/problem+json": json_loads})
        return OpenAPI.from_dict(document, config=config)

    # -- checking -----------------------------------------------------------------------------

    def record(self, request: requests.PreparedRequest, response: requests.Response, streamed: bool) -> None:
        is_running = self._origins.get(_origin(request.url or ""))
        if is_running is None or not is_running() or self._openapi is None:
            return
        if str(request.headers.get("User-Agent", "")).lower().startswith("schemathesis"):
            return
        path = urllib.parse.urlsplit(request.url).path
        shape = (request.method, _ID_SEGMENT.sub("/{}", path), response.status_code)
        with self._lock:
            self._seen[shape] += 1
            if self._seen[shape] > SAMPLES_PER_SHAPE:
                return
            self.checked += 1
            problem = self.problem(request, response, streamed)
            if problem:
                self._mismatches.append(Mismatch(request.method or "", request.url or "", response.status_code, problem))

    def problem(self, request: requests.PreparedRequest, response: requests.Response, streamed: bool) -> str | None:
        assert self._openapi is not None
        status = response.status_code
        if not isinstance(request.body, (bytes, str, type(None))):
            return None  # a streamed upload: its bytes are gone; the route's own test checks it
        document_request = _DocumentRequest(request)
        try:
            self._openapi.validate_request(document_request)
            request_error = None
        except PathNotFound:
            return None if status == 404 else f"the route is not in the document, yet the server answered {status}"
        except OperationNotFound:
            return None if status in (404, 405) else f"the method is not in the document, yet the server answered {status}"
        except Exception as error:  # noqa: BLE001 - any refusal by the document counts here
            request_error = _describe(error)
        if request_error and status < 400:
            return f"the document refuses this request ({request_error}), yet the server answered {status}"

        content_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        whole_body = not streamed and content_type in JSON_TYPES
        adapted = RequestsOpenAPIResponse(response) if whole_body else _Head(response)
        try:
            self._openapi.validate_response(document_request, adapted)
        except ResponseNotFound:
            return f"status {status} is not documented for this operation"
        except MediaTypeNotFound:
            return f"content type {content_type or '(none)'} is not documented for status {status}"
        except Exception as error:  # noqa: BLE001
            if not whole_body:
                # Only the status and the content type are checked for bodies not read here.
                return None
            return f"the response does not match the document: {_describe(error)}"
        return None


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _describe(error: BaseException) -> str:
    """The error and its causes (openapi-core nests the schema errors that say which member)."""
    text = f"{type(error).__name__}: {error}"
    details = []
    for nested in getattr(error, "schema_errors", None) or []:
        where = "/".join(str(part) for part in getattr(nested, "absolute_path", []))
        details.append(f"{where or '(root)'}: {getattr(nested, 'message', nested)}")
    cause = error.__cause__
    if cause is not None:
        for nested in getattr(cause, "schema_errors", None) or []:
            where = "/".join(str(part) for part in getattr(nested, "absolute_path", []))
            details.append(f"{where or '(root)'}: {getattr(nested, 'message', nested)}")
        if not details:
            details.append(f"{type(cause).__name__}: {cause}")
    return text + ("; " + "; ".join(details[:5]) if details else "")


RECORDER = OpenAPIRecorder()
