"""The lobby over HTTP: games, tables, seats, errors as {code, message, params?}."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest

from pasture import games
from tests.server.harness import Server


def _error(response, status: int, code: str) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) <= {"code", "message", "params"} and body["code"] == code, body
    assert body["message"]
    assert all(isinstance(v, int | str) for v in body.get("params", {}).values()), body
    return str(body["message"])


def test_index_and_openapi_document_the_api(any_server: Server) -> None:
    server = any_server
    index = server.get("/")
    assert index.status_code == 200
    if index.headers["content-type"].startswith("application/json"):  # no web client yet
        assert index.json()["docs"] == "/docs"
    else:  # the web client (src/pasture/web/) is mounted at /
        assert "<html" in index.text.lower()
    paths = server.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/tables",
        "/api/tables/{table_id}/seats/{seat}",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/view",
    ):
        assert path in paths


def test_games_lists_every_registered_game_with_its_bots(any_server: Server) -> None:
    server = any_server
    listed = {g["name"]: g for g in server.get("/api/games").json()}
    assert set(listed) == set(games.names())
    for game in games.all_games():
        described = json.loads(json.dumps(game.describe()))
        assert {k: v for k, v in listed[game.name].items() if k != "bots"} == described
        assert "random" in listed[game.name]["bots"]


def test_create_fills_in_default_options_and_publishes_only_the_seed_hash(
    any_server: Server,
) -> None:
    server = any_server
    for game in games.all_games():
        table = server.create(game.name, game.min_players)
        assert table["status"] == "waiting"
        assert table["options"] == game.resolve_options(game.min_players)
        assert len(table["seed_hash"]) == 64 and table["seed"] is None
        assert len(table["id"]) >= 16  # 96 random bits
        assert [s["invite"] for s in table["seats"]] == [
            f"/tables/{table['id']}?seat={s}" for s in range(game.min_players)
        ]


def test_bad_tables_are_refused_with_the_games_own_message(any_server: Server) -> None:
    server = any_server
    game = games.all_games()[0]
    _error(server.post("/api/tables", {"game": "chess", "players": 2}), 422, "unknown_game")
    message = _error(
        server.post("/api/tables", {"game": game.name, "players": game.max_players + 1}),
        422,
        "invalid_players",
    )
    assert str(game.max_players + 1) in message
    message = _error(
        server.post(
            "/api/tables",
            {"game": game.name, "players": game.min_players, "options": {"no_such_option": 1}},
        ),
        422,
        "invalid_options",
    )
    assert "no_such_option" in message
    _error(
        server.post(
            "/api/tables",
            {"game": game.name, "players": game.min_players, "bots": {"0": "grandmaster"}},
        ),
        422,
        "unknown_bot",
    )
    _error(
        server.post(
            "/api/tables", {"game": game.name, "players": game.min_players, "bots": {"9": "random"}}
        ),
        422,
        "unknown_seat",
    )
    _error(server.post("/api/tables", {"players": 3}), 422, "bad_request")


def test_join_take_leave_and_list_open_tables(any_server: Server) -> None:
    server = any_server
    game = games.get("swipsheep")
    table = server.create(game.name, 3, bots={"2": "random"})
    tid = table["id"]
    assert tid in [t["id"] for t in server.get("/api/tables").json()]
    token = server.join(tid, 0, "Ada")
    taken = server.post(f"/api/tables/{tid}/seats/0", {"name": "Bob"})
    _error(taken, 409, "seat_taken")
    assert taken.json()["params"] == {"seat": 1}  # seats are counted from 1 for people
    _error(server.post(f"/api/tables/{tid}/seats/2", {"name": "Bob"}), 409, "seat_taken")
    _error(server.post(f"/api/tables/{tid}/seats/7", {"name": "Bob"}), 404, "unknown_seat")
    _error(server.post(f"/api/tables/{tid}/seats/1", {"name": ""}), 422, "bad_request")
    _error(server.post("/api/tables/nope/seats/1", {"name": "Bob"}), 404, "unknown_table")
    _error(server.get("/api/tables/nope"), 404, "unknown_table")
    seats = server.get(f"/api/tables/{tid}").json()["seats"]
    assert seats[0]["name"] == "Ada" and seats[0]["taken"] and not seats[1]["taken"]
    assert token not in server.get(f"/api/tables/{tid}").text

    leave = f"/api/tables/{tid}/seats/0"
    _error(server.delete(leave, "wrong"), 403, "bad_token")
    _error(server.delete(leave), 403, "bad_token")
    assert server.delete(leave, token).status_code == 204
    assert not server.get(f"/api/tables/{tid}").json()["seats"][0]["taken"]
    server.join(tid, 0, "Bob")
    server.join(tid, 1, "Cy")
    table = server.get(f"/api/tables/{tid}").json()
    assert table["status"] == "playing"
    assert tid not in [t["id"] for t in server.get("/api/tables").json()]


def test_seat_tokens_are_stored_only_as_sha256(any_server: Server) -> None:
    server = any_server
    if not server.db.startswith("sqlite"):
        pytest.skip("reads the SQLite file")
    tid = server.create("swipsheep", 3)["id"]
    token = server.join(tid, 1, "Ada")
    db = server.db.removeprefix("sqlite:///").split("?")[0]
    with sqlite3.connect(db) as conn:
        stored = conn.execute(
            "select token_hash from seats where table_id=? and seat=1", (tid,)
        ).fetchone()[0]
    assert stored == hashlib.sha256(token.encode()).hexdigest()
    with open(db, "rb") as f:
        data = f.read()
    for suffix in ("-wal", ""):
        try:
            with open(db + suffix, "rb") as f:
                data += f.read()
        except FileNotFoundError:
            pass
    assert token.encode() not in data


def test_the_record_and_seed_wait_for_the_end(any_server: Server) -> None:
    server = any_server
    tid = server.create("swipsheep", 3)["id"]
    _error(server.get(f"/api/tables/{tid}/record"), 409, "not_over")
    view = server.get(f"/api/tables/{tid}/view").json()
    assert view["type"] == "view" and view["legal"] == [] and view["turn"] is False
    assert view["view"]["seat"] is None and "hand" not in view["view"]
    assert "seed" not in server.get(f"/api/tables/{tid}").json() or (
        server.get(f"/api/tables/{tid}").json()["seed"] is None
    )


def test_rules_text_of_every_game_or_a_404(any_server: Server) -> None:
    server = any_server
    for game in games.all_games():
        response = server.get(f"/api/games/{game.name}/rules")
        if response.status_code == 200:
            assert response.headers["content-type"].startswith("text/markdown")
            assert response.text.strip()
        else:
            _error(response, 404, "no_rules")
    _error(server.get("/api/games/chess/rules"), 404, "unknown_game")
