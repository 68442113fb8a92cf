"""Play again: everyone at a finished table is offered the same seats in a new match, with
the same bots; a spectator is offered to watch it."""

from __future__ import annotations

import time
from typing import Any

from tests.server.harness import Server
from tests.web.helpers import is_over, sit


def step(page: Any) -> bool:
    """wilson_shep_step without waiting for the tiles to stop sliding (two pages at once
    keep Chromium's animation frames for the page in front)."""
    tiles = page.locator(".tile.live:not(.picked)")
    if not tiles.count():
        return False
    tiles.first.dispatch_event("click")
    if page.locator(".tile.picked").count():
        page.locator(".tile.live:not(.picked)").first.dispatch_event("click")
    return True


def test_play_again_keeps_everyones_seat_and_the_bots(new_page: Any, slow_bots: Server) -> None:
    server = slow_bots  # the bot thinks 1.5 s: a person's click never meets a board in motion
    table = server.create("wilson_shep", 3, bots={"2": "heuristic"}, options={"max_moves": 1})
    tokens = [server.join(table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Ben"))]
    pages = [new_page(), new_page()]
    for seat, page in enumerate(pages):
        sit(page, server.url, table["id"], seat, tokens[seat])
    watcher = new_page()
    watcher.goto(f"{server.url}/?table={table['id']}&watch=1")
    deadline = time.monotonic() + 90
    while not all(is_over(p) for p in pages):  # the two friends play it out
        assert time.monotonic() < deadline
        moved = False
        for page in pages:
            if not is_over(page) and page.locator("#board[data-turn='true'] .tile.live").count():
                moved = step(page) or moved
        if not moved:
            pages[0].wait_for_timeout(50)
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
