"""Bad requests beyond their JSON bodies, over real sockets: NUL in paths and queries, oversized
bodies (declared and chunked) and headers, and the room's posts and votes without an issued
identity. Each is a clean 4xx (a problem document where there is one), and the server goes on.
"""
from __future__ import annotations

import rawhttp
from bad_input_corpus import (CASES_RUN, ROUTES, World, _room_question, expect_refusal, server,  # noqa: F401 (fixture)
                              world)  # noqa: F401 (this module's fixture)


def test_nul_in_paths_and_queries_is_a_4xx_problem(world: World):
    host = world.host
    cases = {
        f"/v1/meetings/%00": ({404}, None),
        f"/v1/meetings/{world.meeting}%00": ({404}, None),
        "/v1/f/%00": ({404}, None),
        f"/v1/f/{world.anonymous_code[:4]}%00{world.anonymous_code[4:]}": ({404}, None),
        f"/v1/meetings/{world.anonymous_meeting}/questions/no%00tes/answers": ({404}, None),
        "/v1/meetings?limit=%00": ({422}, "limit"),
        "/v1/meetings?cursor=%00": ({422}, "cursor"),
        "/v1/meetings?scope=all%00": ({422}, "scope"),
        f"/v1/meetings/{world.anonymous_meeting}/results?since=%00": ({422}, "since"),
        f"/v1/meetings/{world.anonymous_meeting}/results?checkedInOnly=true%00": ({422}, "checkedInOnly"),
        f"/v1/meetings/{world.anonymous_meeting}/export.csv?layout=answers%00": ({422}, "layout"),
        f"/v1/meetings/{world.anonymous_meeting}/questions/notes/answers?cursor=%00": ({422}, "cursor"),
    }
    for path, (statuses, field) in cases.items():
        response = rawhttp.send(world.port, "GET", path, headers=host.auth)
        expect_refusal(response, f"GET {path}", paths={field} if field else None, statuses=tuple(statuses))
    # A raw NUL byte in the request line is not HTTP: the parser refuses it and closes.
    raw = rawhttp.send(world.port, "GET", b"/v1/meetings/\x00", headers=host.auth)
    CASES_RUN.append("raw NUL in the request line")
    assert raw.status == 400


# ---------------------------------------------------------------------------- size limits


def test_a_10mb_body_with_its_length_declared_is_413_and_the_connection_ends(world: World):
    for key in ("POST /v1/meetings", "POST /v1/f/{code}/responses"):
        head = rawhttp.request_head(key.split(" ")[0], ROUTES[key][0](world), {
            **world.host.auth, "Content-Type": "application/json", "Content-Length": str(10 * 1024 * 1024)})
        response = rawhttp.exchange(world.port, head, [b"{" + b" " * 65_535], expect_close=True)
        expect_refusal(response, f"{key} 10 MB declared", statuses=(413,))
        assert response.json()["code"] == "body_too_large"
        assert response.headers.get("connection") == "close"
        assert response.closed, "the server kept the connection open, waiting for 10 MB it will never read"


def test_a_10mb_chunked_body_is_413_and_the_connection_ends(world: World):
    def chunks():
        for _ in range(160):
            yield b"10000\r\n" + b" " * 65_536 + b"\r\n"
        yield b"0\r\n\r\n"

    for key in ("POST /v1/meetings", "POST /v1/f/{code}/responses"):
        head = rawhttp.request_head(key.split(" ")[0], ROUTES[key][0](world), {
            **world.host.auth, "Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        response = rawhttp.exchange(world.port, head, chunks(), expect_close=True)
        expect_refusal(response, f"{key} 10 MB chunked", statuses=(413,))
        assert response.closed


def test_80kb_of_headers_is_a_clean_400_or_431_and_the_server_goes_on(world: World):
    cases = {
        "one 80 KB header": [("X-Padding", "a" * 80 * 1024)],
        "one 200 KB header": [("X-Padding", "a" * 200 * 1024)],
        "820 headers of 100 bytes": [(f"X-Padding-{index}", "a" * 100) for index in range(820)],
        "an 80 KB cookie": [("Cookie", "c=" + "a" * 80 * 1024)],
        "an 80 KB request target": None,
    }
    for label, headers in cases.items():
        if headers is None:
            head = rawhttp.request_head("GET", "/v1/meetings?cursor=" + "a" * 80 * 1024, world.host.auth)
        else:
            head = rawhttp.request_head("GET", "/v1/me", [*world.host.auth.items(), *headers])
        response = rawhttp.exchange(world.port, head, [], expect_close=True)
        CASES_RUN.append(label)
        assert response.status in (400, 431), f"{label}: {response.status}"
        assert response.closed, label
        assert world.api.request("GET", "/healthz").status_code == 200, f"the server is gone after {label}"
    # Below the limit, large headers are simply headers.
    head = rawhttp.request_head("GET", "/v1/me", [*world.host.auth.items(), ("X-Padding", "a" * 60 * 1024)])
    assert rawhttp.exchange(world.port, head, []).status == 200


def test_room_posts_and_votes_without_an_issued_identity_are_400_naming_the_header(world: World):
    """Issue 67: a post or a vote in the room's questions needs an identity the server issued for
    this form; none, a forged one, another form's or an oversized one is a 400 naming
    `Debrief-Voter`, and nothing is stored (they used to mint a new participant each)."""
    question = _room_question(world)
    other = world.api.request("POST", f"/v1/f/{world.identified_code}/room-questions/voter")
    assert other.status_code == 409, "the identified form's room is off: it issues none"
    forged = "00000000-0000-4000-8000-000000000000.bm90LWEtbWFj"
    for name, headers in [("none", {}), ("forged", {"Debrief-Voter": forged}), ("junk", {"Debrief-Voter": "x" * 4000}),
                          ("empty", {"Debrief-Voter": ""})]:
        for method, path, body in [
            ("POST", f"/v1/f/{world.anonymous_code}/room-questions", b'{"text":"Flood"}'),
            ("PUT", f"/v1/f/{world.anonymous_code}/room-questions/{question}/vote", b""),
            ("DELETE", f"/v1/f/{world.anonymous_code}/room-questions/{question}/vote", b""),
        ]:
            response = rawhttp.send(world.port, method, path, body, {"Content-Type": "application/json", **headers})
            expect_refusal(response, f"{method} room with {name} voter", paths={"Debrief-Voter"}, statuses=(400,))
    listed = world.api.request("GET", f"/v1/f/{world.anonymous_code}/room-questions").json()["questions"]
    assert [item["votes"] for item in listed if item["id"] == question] == [0]
