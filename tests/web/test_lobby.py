"""The lobby: options from the game's schema, errors as sentences, a table made as set in its
form, open tables to join."""

from __future__ import annotations

import json
from typing import Any

from tests.server.harness import Server


def test_lobby_lists_games_and_their_options(new_page: Any, server: Server) -> None:
    page = new_page(375, 800)
    page.goto("/")
    page.wait_for_selector(".game-choice")  # the lobby fills in once /api/games answers
    for game in ("swipsheep", "wilson_shep", "baaaaa", "wypas"):
        assert page.locator(f'.game-choice[data-game="{game}"]').count() == 1
    page.click('.game-choice[data-game="wilson_shep"]')
    assert "Wilson hides" in page.inner_text(".summary")
    page.click("#read-rules")  # the rules text, read in a dialog
    page.wait_for_selector("#rules-dialog .rules-text h2, #rules-dialog .rules-body p")
    assert "Wilson" in page.inner_text("#rules-dialog")
    page.click("#rules-close")
    assert page.locator("#option-memory option").count() == 2  # choices become a select
    assert page.locator("#option-max_moves").get_attribute("type") == "number"
    page.fill("#players", "9")
    page.dispatch_event("#players", "input")
    page.click("#create-table")
    error = page.locator(".error")
    error.wait_for()
    assert error.inner_text().endswith(".") and "9" in error.inner_text()
    # Then a table as set in the form: a seat left to a person, a bot, an option, and the
    # creator in seat 1 under the default name (the other tests make theirs through REST).
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.select_option("#seat-1", "")
    page.select_option("#seat-2", "random")
    page.click(".more-options summary")
    page.fill("#option-max_moves", "5")
    page.click("#create-table")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#board[data-version]")
    assert "You are seat 1 (Player 1)" in page.inner_text(".table-head")
    table_id = page.evaluate("new URLSearchParams(location.search).get('table')")
    table = server.get(f"/api/tables/{table_id}").json()
    seats = [(s["bot"], s["name"]) for s in table["seats"]]
    assert seats == [(None, "Player 1"), (None, None), ("random", None)]
    assert table["options"]["max_moves"] == 5


def test_open_tables_can_be_joined_and_reloads_keep_the_seat(new_page: Any, server: Server) -> None:
    table = server.create("swipsheep", 3, bots={"0": "heuristic", "2": "heuristic"})
    page = new_page()
    page.goto("/")
    page.fill("#player-name", "Eve")
    row = page.locator(f'.open-table[data-table="{table["id"]}"]')
    row.get_by_role("button", name="Sit at seat 2").click()
    page.wait_for_selector("#board[data-version]")
    assert "You are seat 2 (Eve)" in page.inner_text(".table-head")
    page.reload()
    page.wait_for_selector("#board[data-version]")
    assert "You are seat 2 (Eve)" in page.inner_text(".table-head")
    page.goto("/")
    page.wait_for_selector("#mine-h")
    assert page.locator(".my-tables a").count() == 1
    # A stale token (one that holds no seat here) falls back to watching.
    stale = {table["id"]: {"seat": 1, "token": "not-a-token"}}
    page.evaluate(f"localStorage.setItem('pasture.seats', JSON.stringify({json.dumps(stale)}))")
    page.goto(f"/?table={table['id']}")
    page.wait_for_selector("#board[data-version]")
    assert "You are watching" in page.inner_text(".table-head")
    assert "token" in page.inner_text("#error")
    page.goto("/")
    page.wait_for_selector("#mine-h")
    assert page.locator(".my-tables a").count() == 0  # the stale seat was forgotten
