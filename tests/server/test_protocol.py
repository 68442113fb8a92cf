"""The websocket protocol: hello, views, acks, every error code, resend, concurrency."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
import websockets

from tests.server.harness import Client, Server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def _first_messages(server: Server, table_id: str, hello: Any) -> list[dict[str, Any]]:
    async with websockets.connect(f"{server.ws_url}/ws/tables/{table_id}") as ws:
        await ws.send(hello if isinstance(hello, str) else json.dumps(hello))
        out = []
        try:
            while True:
                out.append(json.loads(await asyncio.wait_for(ws.recv(), 5)))
        except websockets.ConnectionClosed:
            return out


def _seated(server: Server, players: int = 3) -> tuple[str, list[str]]:
    return server.table_with_people("swipsheep", players)


def test_hello_errors_close_the_connection_with_a_code(any_server: Server) -> None:
    server = any_server
    tid, _ = _seated(server)
    cases = [
        ("nope", {"type": "hello"}, "unknown_table"),
        (tid, {"type": "hello", "token": "forged"}, "bad_token"),
        (tid, {"type": "act"}, "expected_hello"),
        (tid, "not json", "malformed_message"),
        (tid, {"type": "hello", "since": "x"}, "bad_version"),
        (tid, {"type": "hello", "since": 10_000}, "bad_version"),
    ]
    for table_id, hello, code in cases:
        messages = run(_first_messages(server, table_id, hello))
        assert [m["type"] for m in messages][-1] == "error"
        assert messages[-1]["code"] == code and messages[-1]["message"]


def test_welcome_then_view_for_a_seat_and_for_a_spectator(any_server: Server) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        seat = await Client(server, tid, tokens[1]).connect()
        welcome = await seat.recv()
        assert welcome["type"] == "welcome" and welcome["seat"] == 1
        assert welcome["table"]["id"] == tid and welcome["table"]["status"] == "playing"
        view = await seat.recv()
        assert view["type"] == "view" and view["view"]["seat"] == 1 and "hand" in view["view"]
        assert view["turn"] is True and view["legal"]  # everybody passes at once
        spectator = await Client(server, tid).connect()
        assert (await spectator.recv())["seat"] is None
        view = await spectator.recv()
        assert view["view"]["seat"] is None and view["legal"] == [] and not view["turn"]
        await spectator.send({"type": "act", "action": {"kind": "pass"}, "version": 1, "id": "s"})
        error = await spectator.until("error")
        assert error["code"] == "spectator" and error["id"] == "s"
        await seat.close()
        await spectator.close()

    run(scenario())


def test_bad_messages_get_an_error_and_change_nothing(any_server: Server) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        c = await Client(server, tid, tokens[0]).connect()
        view = await c.until("view")
        version, legal = view["version"], view["legal"]

        async def expect(message: Any, code: str) -> dict[str, Any]:
            if isinstance(message, (str, bytes)):
                await c.ws.send(message)
            else:
                await c.send(message)
            error: dict[str, Any] = await c.until("error")
            assert error["code"] == code, error
            assert isinstance(error["message"], str) and error["message"]
            return error

        await expect("{", "malformed_message")
        await expect(b"\x00binary", "malformed_message")
        await expect("[1, 2]", "malformed_message")
        await expect({"type": "dance"}, "unknown_type")
        too_large = await expect(
            json.dumps({"type": "act", "pad": "x" * 70_000}), "message_too_large"
        )
        assert too_large["params"] == {"limit": 64 * 1024}  # the page words it from these
        await expect({"type": "act", "action": legal[0]}, "malformed_message")  # no version
        await expect(
            {"type": "act", "action": legal[0], "version": version, "id": 5}, "malformed_message"
        )
        await expect(
            {"type": "act", "action": {"kind": "fly"}, "version": version}, "malformed_action"
        )
        await expect(
            {"type": "act", "action": {"kind": "attack", "target": 1}, "version": version},
            "illegal_action",
        )
        await expect({"type": "act", "action": legal[0], "version": version + 5}, "stale_version")
        await expect({"type": "act", "action": legal[0], "version": version - 1}, "stale_version")
        await c.send({"type": "ping"})
        assert (await c.until("pong"))["type"] == "pong"
        # still the same table: nothing was applied
        assert server.get(f"/api/tables/{tid}").json()["version"] == version
        await c.act(legal[0], version, "ok")
        ack = await c.until("ack")
        assert ack == {"type": "ack", "id": "ok", "version": version + 1}
        await c.close()

    run(scenario())


def test_not_your_turn_names_the_seat_from_1_in_its_params(any_server: Server) -> None:
    server = any_server
    tid, tokens = server.table_with_people("baaaaa", 3)

    async def scenario() -> None:
        clients = [await Client(server, tid, token).connect() for token in tokens]
        views = [await c.until("view") for c in clients]
        mover = next(s for s, v in enumerate(views) if v["turn"])
        waiting = next(s for s, v in enumerate(views) if not v["legal"])
        action, version = views[mover]["legal"][0], views[mover]["version"]
        await clients[waiting].act(action, version, "early")
        error = await clients[waiting].until("error")
        assert error["code"] == "not_your_turn" and error["id"] == "early"
        assert error["params"] == {"seat": waiting + 1}
        assert error["message"] == f"Seat {waiting + 1} has nothing to do now."
        for c in clients:
            await c.close()

    run(scenario())


def test_not_started_until_every_seat_is_taken(any_server: Server) -> None:
    server = any_server
    table = server.create("swipsheep", 3)
    token = server.join(table["id"], 0)

    async def scenario() -> None:
        c = await Client(server, table["id"], token).connect()
        view = await c.until("view")
        assert view["legal"] == [] and view["turn"] is False  # nobody may act yet
        await c.act({"kind": "pass", "left": "dog", "right": "dog"}, view["version"], "early")
        assert (await c.until("error"))["code"] == "not_started"
        server.join(table["id"], 1)
        server.join(table["id"], 2)
        message = await c.until("table")
        while message["table"]["status"] != "playing":
            message = await c.until("table")
        view = await c.until("view")  # the same version, now with the seat's choices
        assert view["turn"] and view["legal"]
        await c.act(view["legal"][0], view["version"], "now")
        assert (await c.until("ack"))["id"] == "now"
        await c.close()

    run(scenario())


def test_resending_an_id_gets_the_first_answer_and_applies_nothing_twice(
    any_server: Server,
) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        c = await Client(server, tid, tokens[2]).connect()
        view = await c.until("view")
        await c.act(view["legal"][0], view["version"], "once")
        first = await c.until("ack")
        for _ in range(3):
            await c.act(view["legal"][0], view["version"], "once")
            again = await c.until("ack")
            assert again == {**first, "duplicate": True}
        # a rejected id keeps its rejection too
        await c.act({"kind": "fly"}, view["version"], "bad")
        rejection = await c.until("error")
        await c.act(view["legal"][0], c.version, "bad")
        assert await c.until("error") == rejection
        # a new connection of the same seat gets the same answer for the same id
        c2 = await Client(server, tid, tokens[2]).connect()
        await c2.until("view")
        await c2.act(view["legal"][0], view["version"], "once")
        assert (await c2.until("ack"))["version"] == first["version"]
        assert server.get(f"/api/tables/{tid}").json()["version"] == first["version"]
        await c.close()
        await c2.close()

    run(scenario())


def test_concurrent_actions_of_one_seat_exactly_one_is_applied(any_server: Server) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        a = await Client(server, tid, tokens[0]).connect()
        b = await Client(server, tid, tokens[0]).connect()
        view = await a.until("view")
        await b.until("view")
        legal = view["legal"]
        await asyncio.gather(
            a.act(legal[0], view["version"], "from-a"), b.act(legal[-1], view["version"], "from-b")
        )
        answers = [await a.until_any(("ack", "error")), await b.until_any(("ack", "error"))]
        assert sorted(m["type"] for m in answers) == ["ack", "error"]
        assert [m for m in answers if m["type"] == "error"][0]["code"] in (
            "stale_version",
            "not_your_turn",
            "illegal_action",
        )
        assert server.get(f"/api/tables/{tid}").json()["version"] == view["version"] + 1
        await a.close()
        await b.close()

    run(scenario())


def test_simultaneous_choices_of_every_seat_are_all_applied_one_at_a_time(
    any_server: Server,
) -> None:
    server = any_server
    tid, tokens = _seated(server, 5)

    async def scenario() -> None:
        clients = [await Client(server, tid, t).connect() for t in tokens]
        views = [await c.until("view") for c in clients]
        await asyncio.gather(
            *(
                c.act(v["legal"][0], v["version"], f"c{i}")
                for i, (c, v) in enumerate(zip(clients, views, strict=True))
            )
        )
        acks = [await c.until("ack") for c in clients]
        start = views[0]["version"]
        assert sorted(a["version"] for a in acks)[:-1] == list(range(start + 1, start + 5))
        for c in clients:
            await c.close()

    run(scenario())


def test_reconnect_gets_the_missed_events_and_the_current_view(any_server: Server) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        clients = [await Client(server, tid, t).connect() for t in tokens]
        for c in clients:
            await c.until("view")
        seen = clients[0].version
        await clients[0].close()
        witness = await Client(server, tid, tokens[0]).connect()  # seat 0 stays connected
        await witness.until("view")
        rng = random.Random(1)
        for c in clients[1:]:  # the others pass; then seat 0 comes back
            assert c.view is not None
            await c.act(rng.choice(c.view["legal"]), c.version, "x")
            await c.until("ack")
        back = await Client(server, tid, tokens[0]).connect(since=seen)
        await back.until("welcome")
        caught_up = []
        while True:
            message = await back.recv()
            if message["type"] == "view":
                break
            caught_up.append(message)
        now = server.get(f"/api/tables/{tid}").json()["version"]
        assert message["version"] == now > seen
        assert caught_up and all(m["type"] == "event" for m in caught_up)
        assert all(seen < m["version"] <= now for m in caught_up)
        versions = [m["version"] for m in caught_up]
        assert versions == sorted(versions)
        # exactly the events a connection of the same seat that stayed saw
        await witness.until("view", version=now)
        assert [m for m in witness.messages if m["type"] == "event"] == caught_up
        for c in (back, witness, *clients[1:]):
            await c.close()

    run(scenario())


def test_leaving_closes_the_seats_connections_and_frees_the_seat(any_server: Server) -> None:
    server = any_server
    tid, tokens = _seated(server)

    async def scenario() -> None:
        c = await Client(server, tid, tokens[1]).connect()
        spectator = await Client(server, tid).connect()
        await c.until("view")
        await spectator.until("view")  # attached before the seat is left
        assert server.delete(f"/api/tables/{tid}/seats/1", tokens[1]).status_code == 204
        assert (await c.until("error"))["code"] == "seat_left"
        with pytest.raises(websockets.ConnectionClosed):
            await c.recv()
        seat = (await spectator.until("table"))["table"]["seats"][1]
        assert not seat["taken"] and seat["name"] is None
        # the old token no longer opens the seat; a newcomer can take it
        refused = await _first_messages(server, tid, {"type": "hello", "token": tokens[1]})
        assert refused[-1]["code"] == "bad_token"
        server.join(tid, 1, "newcomer")
        await spectator.close()

    run(scenario())


def test_batch_sends_what_one_change_shows_as_one_frame_with_the_same_messages(
    any_server: Server,
) -> None:
    server = any_server
    tid, tokens = _seated(server)
    url = f"{server.ws_url}/ws/tables/{tid}"

    async def frames(ws: Any, count: int) -> list[Any]:
        return [json.loads(await asyncio.wait_for(ws.recv(), 5)) for _ in range(count)]

    async def scenario() -> None:
        async with (
            websockets.connect(url) as batched,
            websockets.connect(url) as plain,
            websockets.connect(url) as actor,
        ):
            await batched.send(json.dumps({"type": "hello", "token": tokens[1], "batch": True}))
            await plain.send(json.dumps({"type": "hello", "token": tokens[1]}))
            await actor.send(json.dumps({"type": "hello", "token": tokens[0], "batch": True}))
            welcome = await frames(batched, 1)  # welcome and view: one frame
            assert [m["type"] for m in welcome[0]] == ["welcome", "view"]
            assert [m["type"] for m in await frames(plain, 2)] == ["welcome", "view"]
            (start,) = await frames(actor, 1)
            view = start[-1]
            act = {"type": "act", "action": view["legal"][0], "version": view["version"]}
            await actor.send(json.dumps({**act, "id": "a1"}))
            (answer,) = await frames(actor, 1)
            assert answer[0] == {"type": "ack", "id": "a1", "version": view["version"] + 1}
            (change,) = await frames(batched, 1)
            assert isinstance(change, list) and change[-1]["type"] == "view"
            assert await frames(plain, len(change)) == change  # the same messages, in order

    run(scenario())
    refused = run(_first_messages(server, tid, {"type": "hello", "batch": "yes"}))
    assert refused[-1]["code"] == "malformed_message"
