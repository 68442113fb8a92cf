"""Every input is bounded and bad input gets a clear {code, message} and changes nothing,
the same on SQLite and PostgreSQL: text fields, nesting, message rate, body size, header
size, slow headers, the files served, security headers, rate limits on writes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets

from tests.server.harness import Client, Server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _error(response: httpx.Response, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = dict(response.json())
    assert body["code"] == code and body["message"], body
    return body


BAD_TEXTS = ["a\x00b", "nul\u0000", "bell\x07", "esc\x1b[31m", "del\x7f", "c1\x85"]


def test_names_with_control_characters_are_refused_on_both_databases(
    any_server: Server,
) -> None:
    server = any_server
    tid = server.create("swipsheep", 3)["id"]
    for name in BAD_TEXTS:
        _error(server.post(f"/api/tables/{tid}/seats/0", {"name": name}), 422, "bad_text")
    _error(server.post(f"/api/tables/{tid}/seats/0", {"name": "x" * 41}), 422, "text_too_long")
    table = server.get(f"/api/tables/{tid}").json()
    assert not table["seats"][0]["taken"]  # nothing changed
    server.join(tid, 0, "Zoë 🐑")  # any printable text is fine


def test_a_nul_in_an_action_id_is_refused_and_the_table_plays_on(any_server: Server) -> None:
    server = any_server
    tid, tokens = server.table_with_people("swipsheep", 3)

    async def scenario() -> None:
        clients = [await Client(server, tid, t).connect() for t in tokens]
        spectator = await Client(server, tid).connect()
        views = [await c.until("view") for c in clients]
        await spectator.until("view")
        legal, version = views[0]["legal"], views[0]["version"]
        for bad in BAD_TEXTS:
            await clients[0].act(legal[0], version, bad)
            error = await clients[0].until("error")
            assert error["code"] == "bad_text" and "id" not in error
        await clients[0].act({"kind": "pass", "left": "\x00", "right": "x"}, version, "n")
        assert (await clients[0].until("error"))["code"] == "bad_text"
        # nobody else was disturbed, and the same seat still plays
        for c in (*clients[1:], spectator):
            await c.send({"type": "ping"})
            assert (await c.recv())["type"] == "pong"
        await clients[0].act(legal[0], version, "fine")
        assert (await clients[0].until("ack"))["id"] == "fine"
        for c in (*clients, spectator):
            await c.close()

    run(scenario())


def test_deeply_nested_and_huge_messages_get_a_clear_error(server: Server) -> None:
    tid, tokens = server.table_with_people("swipsheep", 3)

    async def scenario() -> None:
        c = await Client(server, tid, tokens[0]).connect()
        view = await c.until("view")
        nest = '{"kind": "pass", "left": ' + "[" * 20 + "]" * 20 + "}"
        deep = '{"kind": "pass", "left": ' + "[" * 20_000 + "]" * 20_000 + "}"
        for action in (nest, deep):
            await c.ws.send('{"type": "act", "version": 1, "id": "d", "action": ' + action + "}")
            error = await c.until("error")
            assert error["code"] == "malformed_message", error
        many = {"type": "act", "version": 1, "action": {"kind": "pass", "x": list(range(5000))}}
        await c.send(many)
        assert (await c.until("error"))["code"] == "malformed_message"
        await c.act(view["legal"][0], view["version"], "still-fine")
        assert (await c.until("ack"))["id"] == "still-fine"
        await c.close()

    run(scenario())


def test_a_bad_since_closes_with_4400(server: Server) -> None:
    tid, tokens = server.table_with_people("swipsheep", 3)

    async def scenario() -> tuple[list[dict[str, Any]], int | None]:
        async with websockets.connect(f"{server.ws_url}/ws/tables/{tid}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": tokens[0], "since": 10_000}))
            messages = []
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    messages.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
            return messages, closed.value.rcvd.code if closed.value.rcvd else None

    messages, code = run(scenario())
    assert messages[-1]["code"] == "bad_version" and code == 4400


def test_unparseable_bodies_and_unknown_paths_answer_code_and_message(server: Server) -> None:
    http = server.http
    _error(
        http.post(
            "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
        ),
        422,
        "bad_request",
    )
    _error(http.get("/api/nothing-here"), 404, "not_found")
    _error(http.put("/api/tables"), 405, "method_not_allowed")


def test_out_of_range_seats_and_options_are_422(server: Server) -> None:
    for body in (
        {"game": "swipsheep", "players": 3, "bots": {"-1": "random"}},
        {"game": "swipsheep", "players": 3, "bots": {str(10**30): "random"}},
        {"game": "swipsheep", "players": 10**30},
        {"game": "swipsheep", "players": -3},
        {"game": "wypas", "players": 3, "options": {"max_turns": 10**30}},
        {"game": "wypas", "players": 3, "options": {"max_turns": "many"}},
        {"game": "swipsheep", "players": 3, "options": {"first_player": 3}},
        {"game": "swipsheep", "players": 3, "options": {"first_player": -1}},
        {"game": "wypas", "players": 3, "options": {"first_baca": 5}},
        {"game": "wilson_shep", "players": 2, "options": {"first_wilson": 10**30}},
        {"game": "swipsheep", "players": 3, "move_clock": 10**30},
    ):
        response = server.post("/api/tables", body)
        assert response.status_code == 422, (body, response.text)
        assert response.json()["code"] and response.json()["message"]


def test_request_bodies_are_bounded(server: Server) -> None:
    big = b'{"game": "swipsheep", "players": 3, "pad": "' + b"x" * 200_000 + b'"}'
    _error(
        server.http.post("/api/tables", content=big, headers={"content-type": "application/json"}),
        413,
        "body_too_large",
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "swipsheep", "players": 3, "pad": "'
        for _ in range(100):
            yield b"x" * 10_000
        yield b'"}'

    response = server.http.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    _error(response, 413, "body_too_large")
    assert response.headers["connection"] == "close"


def test_a_chunked_body_refused_midway_closes_its_connection(server: Server) -> None:
    """The refusal comes while the body still streams in: what the client sends after it
    is the refused body's, never read as another request (nor answered, as a request whose
    headers never end would be), and the connection is not kept for another request."""
    chunk = b"x" * 10_000
    framed = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            b"transfer-encoding: chunked\r\n\r\n"
        )
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for _ in range(40):  # 400 kB: past the limit, then 20 kB more after the refusal
                s.sendall(framed)
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = _answers(s)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:80]
    assert answer.count(b"HTTP/1.1 ") == 1, answer
    head, body = answer.split(b"\r\n\r\n", 1)
    assert b"connection: close" in head.lower()
    assert json.loads(body)["code"] == "body_too_large"


def test_a_body_still_arriving_after_its_answer_is_not_read_as_headers(server: Server) -> None:
    """A request answered before its body is all in (a POST where only pages are served is
    answered unread):
    the rest of the body is the body, not the head of a next request bound by the header
    limit, and the request behind it on the same connection is answered as usual."""
    body = b"x" * 40_000  # within the body limit, past the header limit
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.settimeout(10)
        s.sendall(
            b"POST /api/nowhere HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
            + f"content-length: {len(body)}\r\n\r\n".encode()
            + body[:100]
        )
        first = s.recv(4096)  # the answer has begun: the rest of the body comes after it
        assert first.startswith(b"HTTP/1.1 405 "), first[:80]
        s.sendall(body[100:] + b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = first + _answers(s)
    answers = answer.split(b"HTTP/1.1 ")[1:]
    assert [a[:3] for a in answers] == [b"405", b"200"], answer[:200]


def test_only_the_web_clients_files_are_served_with_security_headers(server: Server) -> None:
    for path in ("/__init__.py", "/__pycache__/", "/games/__init__.py", "/.hidden"):
        assert server.get(path).status_code == 404, path
    page = server.get("/")
    assert page.status_code == 200 and "<html" in page.text
    assert server.get("/app.js").status_code == 200
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    assert server.get("/api/games").headers["x-frame-options"] == "DENY"
    assert "content-security-policy" not in server.get("/docs").headers  # loads from a CDN


def _answers(s: socket.socket) -> bytes:
    s.settimeout(10)
    answer = b""
    with contextlib.suppress(ConnectionResetError):  # the rest is not read
        while chunk := s.recv(4096):  # answered, then closed
            answer += chunk
    return answer


def test_request_headers_are_bounded(server: Server) -> None:
    fits = server.http.get("/api/games", headers={"x-padding": "a" * 8_000})
    assert fits.status_code == 200
    for pieces in (1, 40):  # over the 16 KiB a request's headers may take, in one or many
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            # Refused (and closed) once past the bound: the rest may not be sent at all.
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                for _ in range(pieces):
                    s.sendall(b"x-padding: " + b"a" * (20_000 // pieces) + b"\r\n")
                s.sendall(b"\r\n")
            answer = _answers(s)
            assert answer.startswith(b"HTTP/1.1 431 "), answer[:80]
            body = json.loads(answer.split(b"\r\n\r\n", 1)[1])
            assert body["code"] == "headers_too_large" and body["message"]
            assert body["params"] == {"limit": 16 * 1024}
    assert server.get("/api/games").status_code == 200  # others are served as usual


def test_headers_of_pipelined_requests_are_bounded_too(server: Server) -> None:
    small = b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n"
    large = b"GET /api/games HTTP/1.1\r\nHost: x\r\nx-padding: " + b"a" * 20_000 + b"\r\n\r\n"
    closing = b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    with socket.create_connection(("127.0.0.1", server.port)) as s:
        s.sendall(small + small + closing)  # three in one write are all served
        assert _answers(s).count(b"HTTP/1.1 200 ") == 3
    for later in (False, True):  # behind another in the same write, or in the next one
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.sendall(small if later else small + large)
            if later:
                s.sendall(large)
            answer = _answers(s)  # the first may be answered before the connection is closed
            assert answer.count(b"HTTP/1.1 431 ") == 1 and answer.count(b"HTTP/1.1 200 ") <= 1
            refusal = answer[answer.index(b"HTTP/1.1 431 ") :].split(b"\r\n\r\n", 1)[1]
            assert json.loads(refusal)["code"] == "headers_too_large"
    assert server.get("/api/games").status_code == 200


def test_headers_sent_too_slowly_are_cut_off(tmp_path_factory: pytest.TempPathFactory) -> None:
    db = tmp_path_factory.mktemp("db") / "slow.sqlite"
    server = Server(
        f"sqlite:///{db}?synchronous=NORMAL", "--header-timeout", "0.5", bot_workers=0
    ).start()
    try:
        with socket.create_connection(("127.0.0.1", server.port)) as s:
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            s.settimeout(10)  # held longer: recv raises TimeoutError and the test fails
            assert s.recv(1024) == b""  # closed with no answer: the headers never came
        assert server.get("/api/games").status_code == 200  # others are served as usual
    finally:
        server.stop()


def test_writes_and_messages_are_rate_limited(tmp_path_factory: pytest.TempPathFactory) -> None:
    db = tmp_path_factory.mktemp("db") / "rate.sqlite"
    limited = Server(
        f"sqlite:///{db}?synchronous=NORMAL",
        *("--create-rate", "0.01", "--write-rate", "0.01", "--socket-rate", "0.01"),
        bot_workers=0,
    ).start()
    try:
        codes = [
            limited.post("/api/tables", {"game": "swipsheep", "players": 3}) for _ in range(12)
        ]
        assert [r.status_code for r in codes[:10]] == [201] * 10  # a burst of 10 is fine
        _error(codes[-1], 429, "rate_limited")
        tid = codes[0].json()["id"]
        joins = [limited.post(f"/api/tables/{tid}/seats/0", {"name": "a"}) for _ in range(31)]
        _error(joins[-1], 429, "rate_limited")

        async def chatter() -> list[str]:
            c = await Client(limited, tid).connect()
            await c.until("view")
            for _ in range(70):
                await c.send({"type": "ping"})
            kinds = []
            for _ in range(70):
                message = await c.recv()
                kinds.append(message["type"] if message["type"] != "error" else message["code"])
            await c.close()
            return kinds

        kinds = run(chatter())
        assert kinds.count("pong") == 60 and kinds.count("rate_limited") == 10
    finally:
        limited.stop()
