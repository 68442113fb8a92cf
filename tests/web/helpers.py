"""Driving the page: open tables, act through clicks, check frames."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.harness import Client, Server, play_randomly

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


def open_table(
    page: Page,
    server: Server,
    game: str,
    players: int,
    seats: dict[int, str],
    name: str,
    options: dict[str, Any] | None = None,
) -> str:
    """Make a table as the lobby's form does (through the REST API: test_lobby.py,
    test_csp.py and test_round_two.py drive the form itself) and open it in `page` holding
    seat 0 as `name`. `seats` maps other seats to a bot name or "" (a person); a seat it
    does not name gets the form's default, the Normal bot. Returns the table id."""
    bots = {str(s): seats.get(s, "normal") for s in range(1, players) if seats.get(s, "normal")}
    table = server.create(game, players, bots=bots, options=options or {})
    sit(page, server.url, table["id"], 0, server.join(table["id"], 0, name))
    return str(table["id"])


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
    """Open `table_id` at `url` holding `seat` with its token (as if joined in this browser):
    the seat is kept in the page's storage (the client's `pasture.seats`), from a small
    page of the server's when the page is not on its origin yet."""
    if not page.url.startswith(url + "/"):
        page.goto(url + "/api/games")
    page.evaluate(
        "([id, seat, token]) => { const all = JSON.parse(localStorage.getItem('pasture.seats')"
        " || '{}'); all[id] = {seat, token, at: Date.now()};"
        " localStorage.setItem('pasture.seats', JSON.stringify(all)); }",
        [table_id, seat, token],
    )
    page.goto(f"{url}/?table={table_id}")
    page.wait_for_selector("#board[data-version]")


def play_out(server: Server, table_id: str, tokens: list[str]) -> None:
    """The seats of `tokens` play the match to its end over their own websockets (random
    legal moves; in a thread, since the browser's driver holds this one's event loop),
    beside any page that holds the same seats."""

    async def everyone() -> None:
        clients = [await Client(server, table_id, token).connect() for token in tokens]
        rng = random.Random(5)
        await asyncio.gather(*(play_randomly(c, rng) for c in clients))
        for c in clients:
            await c.close()

    worker = threading.Thread(target=asyncio.run, args=(everyone(),))
    worker.start()
    worker.join(90)
    assert not worker.is_alive()
