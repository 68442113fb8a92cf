"""The lobby: options from the game's schema, errors as sentences, open tables to join."""

from __future__ import annotations

import json
from typing import Any

from tests.server.harness import Server


def test_lobby_lists_games_and_their_options(new_page: Any) -> None:
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
