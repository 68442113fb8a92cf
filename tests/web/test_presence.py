"""Presence and clocks: a live countdown for whoever the table waits for, the turn in the tab
title, and the optional chime and notification when the turn comes round."""

from __future__ import annotations

import re
from typing import Any

from tests.server.harness import Server
from tests.web.helpers import sit
from tests.web.test_games import wilson_shep_step


def seconds(text: str) -> int:
    found = re.search(r"(\d+) s", text)
    assert found, text
    return int(found.group(1))


def test_the_countdown_runs_for_the_seat_to_move(new_page: Any, slow_bots: Server) -> None:
    table = slow_bots.create("wilson_shep", 2, bots={"1": "heuristic"}, move_clock=60)
    token = slow_bots.join(table["id"], 0, "Cleo")
    page = new_page()
    sit(page, slow_bots.url, table["id"], 0, token)
    page.wait_for_selector("#board[data-turn='true']")
    page.wait_for_function("document.querySelector('#clock')?.textContent.includes('s left')")
    first = seconds(page.inner_text("#clock"))
    assert 50 <= first <= 60
    page.wait_for_function(
        f"(document.querySelector('#clock').textContent.match(/(\\d+) s/) || [0, 99])[1] < {first}"
    )
    assert page.title().startswith("● Your turn")
    # A spectator sees the same clock, named for the seat.
    watcher = new_page()
    watcher.goto(f"{slow_bots.url}/?table={table['id']}&watch=1")
    watcher.wait_for_function("document.querySelector('#clock')?.textContent.includes('Cleo')")
    assert "Your turn" not in watcher.title()


def test_the_chime_switch_is_kept_and_rings_on_a_new_turn(new_page: Any, slow_bots: Server) -> None:
    table = slow_bots.create("wilson_shep", 2, bots={"1": "heuristic"})
    token = slow_bots.join(table["id"], 0, "Dot")
    page = new_page()
    sit(page, slow_bots.url, table["id"], 0, token)
    page.check("#turn-sound")
    page.reload()
    page.wait_for_selector("#board[data-version]")
    assert page.is_checked("#turn-sound")
    assert page.evaluate("window.pastureTurns || 0") == 0  # arriving is not a new turn
    page.wait_for_selector("#board[data-turn='true'] .tile.live")
    wilson_shep_step(page)  # the bot answers, and the turn comes back: one chime
    page.wait_for_function("window.pastureTurns >= 1", timeout=20_000)
    assert not page.js_errors
