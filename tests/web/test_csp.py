"""The browser client works under the server's Content-Security-Policy: its own scripts,
styles, images and websocket only (no inline script, no eval, no other origin)."""

from __future__ import annotations

from typing import Any


def test_the_client_plays_under_the_content_security_policy(new_page: Any) -> None:
    page = new_page(csp=True)
    response = page.goto("/")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    page.wait_for_selector('.game-choice[data-game="wypas"]')
    page.click('.game-choice[data-game="wypas"]')
    page.fill("#player-name", "Csp")
    page.select_option("#seat-1", "random")
    page.select_option("#seat-2", "random")
    page.click("#create-table")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#board[data-version]")  # the websocket delivered a view
    page.wait_for_selector("#conn")
    assert not page.js_errors
    assert not page.csp_violations, page.csp_violations
    # the policy is enforced, and a violation would have been seen: an inline style is not
    page.evaluate("document.body.setAttribute('style', 'color: red')")
    page.wait_for_timeout(200)
    assert page.csp_violations
