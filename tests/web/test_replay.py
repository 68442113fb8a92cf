"""Replays: a finished match stepped through in the page, as a seat saw it (its views and
the events it was shown, nothing more) or with every seat revealed, at a shareable link."""

from __future__ import annotations

from typing import Any

from tests.server.harness import Server
from tests.web.helpers import play_out, sit


def test_step_through_a_finished_match_as_each_seat(new_page: Any, server: Server) -> None:
    table_id = server.create("swipsheep", 3, bots={"1": "heuristic", "2": "random"})["id"]
    token = server.join(table_id, 0, "Rae")
    refused = server.get(f"/api/tables/{table_id}/replay?seat=1")
    assert refused.status_code == 409 and refused.json()["code"] == "not_over"  # not before
    play_out(server, table_id, [token])  # the person's moves, over a websocket of its own
    page = new_page()
    sit(page, server.url, table_id, 0, token)
    page.click("#replay-link")
    page.wait_for_selector("#replay-step")
    assert "move 0 of" in page.inner_text("#replay-step")
    page.click("#replay-next")
    page.click("#replay-next")
    assert "step=2" in page.url and "seat=0" in page.url
    shared = page.url
    # The link opens the same moment elsewhere, and the arrows step on.
    other = new_page()
    other.goto(shared)
    other.wait_for_selector("#replay-step")
    assert "move 2 of" in other.inner_text("#replay-step")
    other.keyboard.press("ArrowRight")
    assert "step=3" in other.url
    # As seat 2 saw it: only its own hand is ever in the data, step by step.
    data = server.get(f"/api/tables/{table_id}/replay?seat=1").json()
    for step in data["steps"]:
        assert list(step["views"]) == ["1"]
        assert step["views"]["1"]["seat"] == 1
        assert step["action"] is None or step["seat"] == 1  # others' secret choices unseen
    everyone = server.get(f"/api/tables/{table_id}/replay?seat=all").json()
    assert list(everyone["steps"][-1]["views"]) == ["0", "1", "2"]
    other.select_option("#replay-seat", "all")
    other.wait_for_selector(".replay-seat-name")
    assert other.locator(".replay .board").count() == 3
    other.click("#replay-last")
    assert other.locator("#log li").count() > 5
    bad = server.get(f"/api/tables/{table_id}/replay?seat=9")
    assert bad.status_code == 422 and bad.json()["code"] == "unknown_seat"
    assert not page.js_errors and not other.js_errors
