"""A table's seats take a difficulty level wherever they take a bot's name."""

from __future__ import annotations

from tests.server.harness import Server


def test_a_table_takes_a_level_for_a_seat(server: Server) -> None:
    body = {"game": "swipsheep", "players": 3, "bots": {"1": "hard", "2": "easy"}}
    table = server.post("/api/tables", body)
    assert table.status_code == 201, table.text
    seats = {s["seat"]: s["bot"] for s in table.json()["seats"]}
    assert seats[1] == "hard" and seats[2] == "easy"
    listed = {g["name"]: g["bots"] for g in server.get("/api/games").json()}
    assert listed["wypas"][:3] == ["easy", "normal", "hard"]
