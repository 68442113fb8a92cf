"""Wilson & Shep, Baaaaa! and Wypas in the browser: a person plays a whole match against
bots through clicks, and a screenshot of each game mid-match is saved for docs/web.md."""

from __future__ import annotations

import json
from typing import Any

from pasture.games.wilson_shep.edition import default_edition
from tests.server.harness import Server
from tests.web.conftest import screenshot
from tests.web.helpers import click_first, click_now, frames_of, open_table, play_to_end


def wilson_shep_step(page: Any) -> bool:
    """Click a lit tile (hide, place, move); a swap is two clicks: a tile, its neighbour."""
    if page.locator(".tile.picked").count():
        return click_first(page, ".tile.live:not(.picked)")
    tiles = page.locator(".tile.live")
    if not tiles.count():
        return False
    if not click_now(tiles.first):
        return False
    if page.locator(".tile.picked").count():
        return click_first(page, ".tile.live:not(.picked)")
    return True


def test_wilson_shep_whole_match(new_page: Any, server: Server) -> None:
    page = new_page()
    # Four rounds (everyone is Wilson twice); with 8 Shep moves a round (WS-4, 40 by
    # default) tiles are still turned up and Wilson shown at the end, in far fewer clicks.
    options = {"max_moves": 8}
    open_table(page, server, "wilson_shep", 2, {1: "heuristic"}, "Wil", options)
    moves = 0
    shot = False
    named: set[str] = set()
    pictures = default_edition().pictures

    def after() -> None:
        nonlocal shot, moves
        moves += 1
        for label in page.locator(".tile.up").evaluate_all("ts => ts.map(t => t.ariaLabel)"):
            named.update(p for p in pictures if f": {p}" in label)
        if not shot and page.locator(".tile.up").count() >= 2:
            screenshot(page, "wilson_shep", phone=True)
            shot = True

    play_to_end(page, wilson_shep_step, limit=90, on_turn=after)
    if not shot:
        screenshot(page, "wilson_shep")
    assert "The game is over" in page.inner_text("#end")
    # At the end Wilson is shown on the tile where he hid (once he was not).
    assert page.locator(".wilson-mark.revealed").count() == 1
    assert named, "a face-up tile is named by its edition picture"
    assert page.locator("#log li").count() > 5
    assert not page.js_errors


def baaaaa_step(page: Any) -> bool:
    """Choose a sheep card, then a lit space (and a count for the Trio)."""
    if click_first(page, ".actions button:not([disabled])"):
        return True
    if page.locator(".space.live").count():
        before = page.get_attribute("#board", "data-version")
        if not click_now(page.locator(".space.live").first):
            return False
        if page.get_attribute("#board", "data-version") != before:
            return True
        return click_first(page, ".actions button:not([disabled])")
    if click_first(page, ".b-card:not([disabled])"):
        if page.locator(".space.live").count():
            return baaaaa_step(page)
        return click_first(page, ".actions button:not([disabled])")
    return False


def test_baaaaa_whole_match(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "baaaaa", 2, {1: "heuristic"}, "Bo")
    shot = False

    def after() -> None:
        nonlocal shot
        if not shot and page.locator(".w-card strong").inner_text() != "no card yet":
            screenshot(page, "baaaaa", phone=True)
            shot = True

    play_to_end(page, baaaaa_step, limit=90, on_turn=after)
    assert "The game is over" in page.inner_text("#end")
    assert not page.js_errors


PREFER = ["no_reaction", "steal", "swap", "tie_break", "name_lot", "hide_lot", "shear", "done"]


def wypas_step(page: Any) -> bool:
    """Answer reaction windows, bleat before shearing, lay or place a card from the hand
    when asked (choosing a Dolly's value), otherwise the first plain choice."""
    bar = page.locator(".actions:not(.specials .actions) button:not([disabled])")
    kinds = [
        json.loads(b or "{}").get("kind")
        for b in bar.evaluate_all("bs => bs.map(b => b.dataset.action)")
    ]
    if "shear" in kinds and not page.locator("#bleat.on").count():
        page.click("#bleat")
        bar = page.locator(".actions:not(.specials .actions) button:not([disabled])")
    cards = page.locator(".hand-panel .card-button:not([disabled])")
    phase_bid = "pass" in kinds
    if cards.count() and not page.locator(".hand-panel .actions").count() and not phase_bid:
        if not click_now(cards.first):
            return False
        return click_first(page, ".hand-panel .actions button:not([disabled])")
    for kind in PREFER + ["pass"]:
        if kind in kinds:
            return click_now(bar.nth(kinds.index(kind)))
    return bool(kinds) and click_now(bar.first)


def test_wypas_whole_match(new_page: Any) -> None:
    page = new_page()
    frames = frames_of(page)
    page.goto("/")
    page.click('.game-choice[data-game="wypas"]')
    page.click(".more-options summary")
    page.fill("#option-max_turns", "2")
    page.check("#option-bluff")
    open_table_keep_options(page)
    shot = False

    def after() -> None:
        nonlocal shot
        if not shot and page.locator(".pen .wcard").count():
            screenshot(page, "wypas", phone=True)
            shot = True

    play_to_end(page, wypas_step, limit=120, on_turn=after)
    if not shot:
        screenshot(page, "wypas")
    assert "The game is over" in page.inner_text("#end")
    assert not page.js_errors
    # Only seat 0's secrets reached the page: other bids' face-down cards stay hidden.
    views = [m["view"] for m in frames if m["type"] == "view"]
    assert views and all(v["seat"] == 0 for v in views)
    for v in views:
        for seat, bid in enumerate(v["auction"]["bids"]):
            for laid in bid:
                if seat != 0 and laid["face_down"] and not laid["revealed"]:
                    assert laid["card"] is None
        assert "thief_sees" not in v or v["pending"]["seat"] == 0


def open_table_keep_options(page: Any) -> None:
    page.fill("#player-name", "Wanda")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "random")
    page.click("#create-table")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#board[data-version]")
