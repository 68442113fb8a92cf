"""Swip'Sheep in the browser: a whole match against bots, two people who never see each
other's hands, and a reload in the middle of a match."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server
from tests.web.conftest import screenshot
from tests.web.helpers import (
    board_version,
    click_first,
    click_now,
    first_action,
    focus_now,
    frames_of,
    open_table,
    play_to_end,
    wait_new_version,
)


def swipsheep_step(page: Any) -> bool:
    """Pass the first card left and the second right (two clicks, then confirm), or
    attack the first target offered."""
    cards = page.locator(".card-button")
    for i in range(min(2, cards.count())):  # a short hand passes what it has, left first
        if page.locator("#confirm-pass").count():
            break
        if not click_now(cards.nth(i)):
            return False
    if page.locator("#confirm-pass:not([disabled])").count():
        return click_now(page.locator("#confirm-pass"))
    return click_first(page, "[data-attack]:not([disabled])") or first_action(page)


def keyboard_step(page: Any) -> bool:
    """The same choices with the keyboard only: Enter on a focused card, keys 1-9 for the
    numbered choice buttons."""
    cards = page.locator(".card-button")
    for i in range(min(2, cards.count())):
        if page.locator("#confirm-pass").count():
            break
        if not focus_now(cards.nth(i)):
            return False  # a new frame redrew the hand: look again
        page.keyboard.press("Enter")
    if page.locator(".actions button:not([disabled])").count():
        page.keyboard.press("1")
        return True
    return False


def test_a_person_plays_a_whole_match_against_bots(new_page: Any, server: Server) -> None:
    page = new_page()
    frames = frames_of(page)
    open_table(page, server, "swipsheep", 3, {1: "heuristic", 2: "random"}, "Ada")
    shot = False

    def after_move() -> None:
        nonlocal shot
        if not shot and page.locator(".seat-panel .laid").count():
            screenshot(page, "swipsheep")
            shot = True

    moves = play_to_end(page, swipsheep_step, on_turn=after_move)
    assert moves >= 4  # at least one pass per round
    if not shot:
        screenshot(page, "swipsheep")
    text = page.inner_text("#end")
    assert "The game is over" in text and "Seed" in text
    page.wait_for_function("document.querySelector('.seed-check').textContent.includes('✓')")
    assert page.locator("#log li").count() > 10
    assert any(m["type"] == "end" for m in frames)
    assert not page.js_errors
    # Play again: a new table with the same bots, and the player in the same seat.
    table = page.evaluate("new URLSearchParams(location.search).get('table')")
    page.click("#play-again")
    page.wait_for_function(f"!location.search.includes('{table}')")
    page.wait_for_selector("#board[data-version]")
    assert "You are seat 1 (Ada)" in page.inner_text(".table-head")
    assert page.locator(".seat-panel").count() == 3


def _check_frames_hide_other_hands(frames: list[dict[str, Any]], seat: int) -> None:
    """Every frame a seat received carries only its own hidden cards."""
    assert frames
    for m in frames:
        if m["type"] == "view":
            assert m["view"]["seat"] == seat
            assert "hands" not in m["view"]
        elif m["type"] == "event":
            e = m["event"]
            if e["type"] == "dealt":
                assert e["to"] == seat, e
            if e["type"] == "passed" and "card" in e:
                assert seat in (e["from"], e["to"]), e
            if e["type"] == "drew" and "card" in e:
                assert seat in (e["drawer"], e["victim"]), e


def _check_dom_hides_other_hands(
    page: Any, seat: int, others: list[int], frames: list[dict[str, Any]]
) -> None:
    """The other seats' hands are only ever card backs in this page's DOM, and the face-up
    cards in the page's hand are exactly its own hand as the server last sent it."""
    for other in others:
        faces = page.eval_on_selector_all(
            f'.seat-panel[data-seat="{other}"] .mini-hand svg.card',
            "els => els.map(e => e.dataset.card)",
        )
        assert set(faces) <= {"back"}, faces
    version, shown = page.evaluate(
        """() => [Number(document.querySelector('#board').dataset.version),
                  [...document.querySelectorAll('.hand svg.card')].map(e => e.dataset.card)]"""
    )
    views = [m for m in frames if m["type"] == "view" and m["version"] == version]
    if views and shown:
        hand = views[-1]["view"]["hand"]
        assert sorted(shown) == sorted(k for k, n in hand.items() for _ in range(n))


def test_two_people_never_see_each_others_hands(new_page: Any, server: Server) -> None:
    alice = new_page()
    bob = new_page(375, 800)  # Bob plays at phone width
    alice_frames = frames_of(alice)
    bob_frames = frames_of(bob)
    table = open_table(alice, server, "swipsheep", 3, {1: "", 2: "heuristic"}, "Alice")
    assert "Waiting for players" in alice.inner_text("#status")
    assert alice.locator("#confirm-pass, .actions button").count() == 0
    invite = alice.get_attribute('.invite-link[data-seat="1"]', "href")
    assert invite and f"table={table}" in invite and "seat=1" in invite
    # The server's own invite form (/tables/<id>?seat=<n>) leads to the same place.
    bob.goto(f"/tables/{table}?seat=1")
    bob.wait_for_url(f"**/?seat=1&table={table}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-seat")
    bob.wait_for_selector("#board[data-version]")
    pages = [(alice, 0), (bob, 1)]
    shot = False
    while not all(p.evaluate("!document.querySelector('#end').hidden") for p, _ in pages):
        acted = False
        for page, seat in pages:
            if page.evaluate("!document.querySelector('#end').hidden"):
                continue
            frames = alice_frames if seat == 0 else bob_frames
            _check_dom_hides_other_hands(page, seat, [s for s in range(3) if s != seat], frames)
            before = board_version(page)
            if swipsheep_step(page):
                acted = True
                wait_new_version(page, before)
            if page is bob and not shot and bob.locator(".seat-panel .laid").count():
                screenshot(bob, "swipsheep_phone")
                shot = True
        if not acted:
            alice.wait_for_timeout(40)
    _check_frames_hide_other_hands(alice_frames, 0)
    _check_frames_hide_other_hands(bob_frames, 1)
    assert "Bob" in alice.inner_text("#end") and "Alice" in bob.inner_text("#end")


def test_a_spectator_sees_no_hand_and_no_choices(new_page: Any, server: Server) -> None:
    player = new_page()
    table = open_table(player, server, "swipsheep", 3, {1: "heuristic", 2: "heuristic"}, "Dee")
    watcher = new_page(375, 800)
    frames = frames_of(watcher)
    watcher.goto(f"/?table={table}&watch=1")
    watcher.wait_for_selector("#board[data-version]")
    assert "You are watching" in watcher.inner_text(".table-head")
    assert watcher.locator(".hand").count() == 0
    assert watcher.locator(".actions button").count() == 0
    views = [m for m in frames if m["type"] == "view"]
    assert views and all(m["view"]["seat"] is None and not m["legal"] for m in views)
    assert all("hand" not in m["view"] for m in views)


def test_a_reload_mid_match_resumes(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "swipsheep", 3, {1: "heuristic", 2: "heuristic"}, "Cleo")
    # One pass, then reload: the same seat, hand and log come back.
    version = board_version(page)
    assert swipsheep_step(page)
    wait_new_version(page, version)
    before = page.inner_text(".seat-panel.me .seat-name")
    log_before = page.locator("#log li").count()
    page.reload()
    page.wait_for_selector("#board[data-version]")
    page.wait_for_selector(".hand")
    assert page.inner_text(".seat-panel.me .seat-name") == before
    assert page.locator("#log li").count() >= log_before
    assert "You are seat 1" in page.inner_text(".table-head")
    # A dropped connection reconnects by itself and play goes on to the end.
    page.evaluate("window.pastureSocket.drop()")
    page.wait_for_function("window.pastureSocket.welcomes >= 2")
    assert "online" in page.inner_text("#conn")
    play_to_end(page, keyboard_step)
    assert "The game is over" in page.inner_text("#end")
