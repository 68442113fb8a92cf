"""Opening a table and taking a seat: the lane that answers the ordinary request
(server/lobby_lane.py) answers as FastAPI's route does, and leaves the rest to it.

A body sent as `application/json` takes the lane; the same body as
`application/vnd.pasture+json` (JSON to FastAPI too) takes the route."""

from __future__ import annotations

import json
from typing import Any

import httpx

from tests.server.harness import Server

LANE = {"content-type": "application/json"}
ROUTE = {"content-type": "application/vnd.pasture+json"}


def _post(server: Server, path: str, body: Any, headers: dict[str, str]) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    return server.http.post(path, content=content, headers=headers)


def _same_but_ids(lane: Any, route: Any, ids: dict[str, str]) -> None:
    """Equal once the route's table id and seed hash are read as the lane's."""
    text = json.dumps(route)
    for theirs, ours in ids.items():
        text = text.replace(theirs, ours)
    assert lane == json.loads(text)


def test_a_table_opened_and_a_seat_taken_read_the_same_either_way(server: Server) -> None:
    body = {"game": "swipsheep", "players": 3, "bots": {"2": "random"}, "move_clock": 60}
    lane, route = (
        _post(server, "/api/tables", body, LANE),
        _post(server, "/api/tables", body, ROUTE),
    )
    assert lane.status_code == route.status_code == 201
    for name in ("content-type", "x-content-type-options", "content-security-policy"):
        assert lane.headers[name] == route.headers[name], name
    ours, theirs = lane.json(), route.json()
    assert list(ours) == list(theirs) and ours["seed"] is None and ours["result"] is None
    ids = {theirs["id"]: ours["id"], theirs["seed_hash"]: ours["seed_hash"]}
    _same_but_ids(ours, theirs, ids)

    joined = [
        _post(server, f"/api/tables/{table['id']}/seats/0", {"name": "Ada"}, how)
        for table, how in ((ours, LANE), (theirs, ROUTE))
    ]
    assert [r.status_code for r in joined] == [200, 200]
    seated_lane, seated_route = (r.json() for r in joined)
    ids[seated_route["token"]] = seated_lane["token"]
    _same_but_ids(seated_lane, seated_route, ids)
    assert server.get(f"/api/tables/{ours['id']}").json()["seats"][0]["name"] == "Ada"


def test_refusals_keep_the_routes_status_code_and_sentence(server: Server) -> None:
    table = server.create("swipsheep", 3, bots={"2": "random"})
    seat = f"/api/tables/{table['id']}/seats"
    server.join(table["id"], 0, "Ada")
    for path, body in (
        ("/api/tables", {"players": 3}),  # refused by the model
        ("/api/tables", {"game": "swipsheep", "players": "three"}),
        ("/api/tables", {"game": "swipsheep", "players": 3, "move_clock": -1}),
        ("/api/tables", b"{not json"),
        ("/api/tables", [1, 2]),
        ("/api/tables", {"game": "chess", "players": 2}),  # refused by the server
        ("/api/tables", {"game": "swipsheep", "players": 10**30}),
        ("/api/tables", {"game": "swipsheep", "players": 3, "bots": {"7": "random"}}),
        (f"{seat}/1", {"name": ""}),
        (f"{seat}/1", {}),
        (f"{seat}/0", {"name": "Bob"}),  # taken
        (f"{seat}/2", {"name": "Bob"}),  # a bot's
        (f"{seat}/9", {"name": "Bob"}),
        (f"{seat}/x", {"name": "Bob"}),  # no seat number: the route's own answer
        ("/api/tables/nope/seats/1", {"name": "Bob"}),
    ):
        lane, route = _post(server, path, body, LANE), _post(server, path, body, ROUTE)
        assert lane.status_code == route.status_code and lane.status_code >= 400, (path, body)
        assert lane.json() == route.json() and lane.json()["message"], (path, body)
        assert lane.headers["content-type"] == route.headers["content-type"]


def test_the_api_document_gives_every_error_answers_shape(server: Server) -> None:
    document = server.get("/openapi.json").json()
    error = document["components"]["schemas"]["ErrorOut"]
    assert set(error["properties"]) == {"code", "message"}
    answers = document["paths"]["/api/tables/{table_id}/seats/{seat}"]["post"]["responses"]
    for status in ("403", "404", "409", "413", "422", "429"):
        schema = answers[status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/ErrorOut"}, status
    assert "NewTable" in document["components"]["schemas"]
