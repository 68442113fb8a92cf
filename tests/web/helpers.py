"""Driving the page: open tables through the lobby, act through clicks, check frames."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

Page = Any


def frames_of(page: Page) -> list[dict[str, Any]]:
    """Every websocket message the page receives from now on (parsed JSON; the page asks
    for `batch`, so a frame may hold several messages, in order)."""
    received: list[dict[str, Any]] = []

    def on_frame(payload: str | bytes) -> None:
        data = json.loads(payload)
        received.extend(data if isinstance(data, list) else [data])

    def on_socket(ws: Any) -> None:
        ws.on("framereceived", on_frame)

    page.on("websocket", on_socket)
    return received


def open_table(page: Page, game: str, players: int, seats: dict[int, str], name: str) -> str:
    """Create a table in the lobby: seat 0 is the page's player; `seats` maps other seats
    to a bot name or "" (a person). Returns the table id."""
    page.goto("/")
    page.fill("#player-name", name)
    page.click(f'.game-choice[data-game="{game}"]')
    page.fill("#players", str(players))
    page.dispatch_event("#players", "input")
    for seat, bot in seats.items():
        page.select_option(f"#seat-{seat}", bot)
    page.click("#create-table")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#board[data-version]")
    return str(page.evaluate("new URLSearchParams(location.search).get('table')"))


def board_version(page: Page) -> int:
    return int(page.get_attribute("#board", "data-version") or -1)


def wait_new_version(page: Page, before: int, timeout: float = 30) -> None:
    page.wait_for_function(
        f"(document.querySelector('#board')?.dataset.version|0) > {before}"
        " || !document.querySelector('#end').hidden",
        timeout=timeout * 1000,
    )


def is_over(page: Page) -> bool:
    return bool(page.evaluate("!document.querySelector('#end').hidden"))


def play_to_end(
    page: Page,
    step: Callable[[Page], bool],
    limit: float = 120,
    on_turn: Callable[[], None] = lambda: None,
) -> int:
    """Call `step` whenever the page offers a choice until the end panel shows. `step`
    clicks one choice and returns True, or returns False when there is nothing to do."""
    deadline = time.monotonic() + limit
    moves = 0
    while not is_over(page):
        assert time.monotonic() < deadline, "the match did not end in time: " + page.inner_text(
            "main"
        )
        before = board_version(page)
        if step(page):
            moves += 1
            wait_new_version(page, before)
            on_turn()
            if moves % 10 == 1:
                assert_clean_text(page)
        else:
            page.wait_for_timeout(40)
    assert_clean_text(page)
    return moves


def assert_clean_text(page: Page) -> None:
    """No value leaked into the page as raw 'null', 'undefined' or 'NaN' text."""
    words = set(page.inner_text("main").replace(".", " ").replace(",", " ").split())
    assert not words & {"null", "undefined", "NaN", "[object"}, words & {"null", "undefined"}


def click_now(target: Any) -> bool:
    """Click what the page shows now; False if a new frame redrew it away meanwhile (the
    caller looks at the page again)."""
    try:
        target.click(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def focus_now(target: Any) -> bool:
    """Focus what the page shows now; False if a new frame redrew it away meanwhile."""
    try:
        target.focus(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def click_first(page: Page, selector: str) -> bool:
    found = page.locator(selector)
    return bool(found.count()) and click_now(found.first)


def first_action(page: Page) -> bool:
    return click_first(page, ".actions button:not([disabled])")


def sit(page: Page, url: str, table_id: str, seat: int, token: str) -> None:
    """Open `table_id` at `url` holding `seat` with its token (as if joined in this browser)."""
    page.goto(url + "/")
    page.evaluate(
        "([id, seat, token]) => localStorage.setItem('pasture.seats',"
        " JSON.stringify({[id]: {seat, token, at: Date.now()}}))",
        [table_id, seat, token],
    )
    page.goto(f"{url}/?table={table_id}")
    page.wait_for_selector("#board[data-version]")
