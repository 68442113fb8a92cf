"""Play again: everyone at a finished table is offered the same seats in a new match, with
the same bots; a spectator is offered to watch it."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server
from tests.web.helpers import play_out, sit


def test_play_again_keeps_everyones_seat_and_the_bots(new_page: Any, server: Server) -> None:
    table = server.create("wilson_shep", 3, bots={"2": "heuristic"}, options={"max_moves": 1})
    tokens = [server.join(table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Ben"))]
    pages = [new_page(), new_page()]
    for seat, page in enumerate(pages):
        sit(page, server.url, table["id"], seat, tokens[seat])
    watcher = new_page()
    watcher.goto(f"{server.url}/?table={table['id']}&watch=1")
    play_out(server, table["id"], tokens)
    for page in pages + [watcher]:
        page.wait_for_selector("#end:not([hidden])")
    ann, ben = pages
    ann.click("#play-again")
    ann.wait_for_function(f"!location.search.includes('{table['id']}')")
    ann.wait_for_selector("#board[data-version]")
    assert "You are seat 1 (Ann)" in ann.inner_text(".table-head")
    # Ben was told, without reloading, and takes his own seat back.
    ben.wait_for_selector("#join-rematch")
    ben.click("#join-rematch")
    ben.wait_for_function(f"!location.search.includes('{table['id']}')")
    ben.wait_for_selector("#board[data-version]")
    assert "You are seat 2 (Ben)" in ben.inner_text(".table-head")
    assert ann.url == ben.url
    new = server.get(f"/api/tables/{ann.url.split('table=')[1]}").json()
    assert [s["name"] for s in new["seats"][:2]] == ["Ann", "Ben"]
    assert new["seats"][2]["bot"] == "heuristic" and new["options"]["max_moves"] == 1
    assert new["status"] == "playing"
    watcher.wait_for_selector("#watch-rematch")
    assert not ann.js_errors and not ben.js_errors
    # A token from another table is refused, in a sentence.
    refused = server.http.post(
        f"/api/tables/{table['id']}/rematch", headers={"Authorization": "Bearer nope"}
    )
    assert refused.status_code == 403 and refused.json()["code"] == "bad_token"
