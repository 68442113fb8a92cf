"""The table chat in the page: typed text stays text, spectators talk among themselves,
emotes are worded in each reader's language, and a muted player goes quiet."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server
from tests.web.helpers import sit


def test_chat_between_players_and_spectators(new_page: Any, server: Server) -> None:
    table = server.create("swipsheep", 3)
    tokens = [server.join(table["id"], seat, name) for seat, name in ((0, "Ann"), (1, "Ben"))]
    ann, ben = new_page(), new_page(locale="fr-FR")
    sit(ann, server.url, table["id"], 0, tokens[0])
    sit(ben, server.url, table["id"], 1, tokens[1])
    watcher = new_page()
    watcher.goto(f"/?table={table['id']}&watch=1")
    watcher.wait_for_selector("#chat-text")
    ann.fill("#chat-text", "<img src=x onerror=window.hacked=1> hi & bye")
    ann.press("#chat-text", "Enter")
    ben.wait_for_selector("#chat-log li")
    line = "Ann: <img src=x onerror=window.hacked=1> hi & bye masquer"  # Ben reads French
    assert ben.inner_text("#chat-log li") == line
    assert ben.locator("#chat-log img").count() == 0 and not ben.evaluate("window.hacked")
    watcher.wait_for_selector("#chat-log li")
    watcher.fill("#chat-text", "Ben holds two wolves")
    watcher.click("#chat-send")
    watcher.wait_for_function("document.querySelectorAll('#chat-log li').length === 2")
    ann.click('.emote[data-emote="good_game"]')
    ben.wait_for_function("document.querySelector('#chat-log').innerText.includes('Bonne partie')")
    assert "wolves" not in ben.inner_text("#chat-log")  # players never read spectators
    assert "wolves" not in ann.inner_text("#chat-log")
    # Ben mutes Ann: her lines go, and stay gone after a reload.
    ben.locator("#chat-log .mute").first.click()
    assert ben.locator("#chat-log li").count() == 0
    ben.reload()
    ben.wait_for_selector("#chat-text")
    ann.fill("#chat-text", "still there?")
    ann.press("#chat-text", "Enter")
    watcher.wait_for_function("document.querySelector('#chat-log').innerText.includes('still')")
    assert ben.locator("#chat-log li").count() == 0
    assert not ann.js_errors and not ben.js_errors and not watcher.js_errors
