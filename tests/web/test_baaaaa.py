"""Baaaaa! on the page: B-1's left and right move pieces left and right on screen, the
floors are named, and a click on a space previews where the sheep lands before anything
is played."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server
from tests.web.helpers import board_version, frames_of, open_table, wait_new_version


def centre_x(page: Any, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return float(box["x"] + box["width"] / 2)


def test_left_moves_left_on_screen_with_a_preview_first_b1(new_page: Any, server: Server) -> None:
    page = new_page()
    frames = frames_of(page)
    open_table(page, server, "baaaaa", 1, {}, "Solo")
    page.wait_for_selector('.b-card[data-card="left1"]:not([disabled])')
    # B-2: the flock starts on floor 1, face 1 (space 0); B-1: left of face 1 is face 2.
    assert page.locator(".floor-name").all_text_contents() == ["floor 1", "floor 2", "floor 3"]
    assert centre_x(page, '.space[data-space="1"]') < centre_x(page, '.space[data-space="0"]')
    before = board_version(page)
    page.click('.b-card[data-card="left1"]')
    page.click('.space[data-space="0"]')
    # Nothing is played yet: the landing space is shown and a choice confirms it.
    assert board_version(page) == before
    assert page.locator('.space[data-space="1"].landing').count() == 1
    assert "lands here" in page.text_content('.space[data-space="1"] .landing-note') or ""
    confirm = page.locator(".actions button", has_text="floor 1, face 2")
    assert confirm.count() == 1
    confirm.click()
    wait_new_version(page, before)
    played = [m["event"] for m in frames if m["type"] == "event"]
    assert [(e["space"], e["to"]) for e in played if e["type"] == "sheep_card"] == [(0, 1)]
    assert not page.js_errors


def test_right_moves_right_on_screen_b1(new_page: Any, server: Server) -> None:
    page = new_page()
    open_table(page, server, "baaaaa", 1, {}, "Solo")
    # Right of face 1 is face 4 (space 3), drawn to the right of face 1 round the back:
    # on screen, right of face 2 (space 1) is face 1 (space 0).
    assert centre_x(page, '.space[data-space="0"]') > centre_x(page, '.space[data-space="1"]')
    assert centre_x(page, '.space[data-space="1"]') > centre_x(page, '.space[data-space="2"]')
    assert centre_x(page, '.space[data-space="2"]') > centre_x(page, '.space[data-space="3"]')
