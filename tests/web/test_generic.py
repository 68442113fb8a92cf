"""A game without its own renderer is still playable: the generic renderer offers its
legal actions as buttons (here the server tests' small "reflex" game)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.harness import Server
from tests.web.helpers import first_action, open_table, play_to_end


@pytest.fixture(scope="module")
def reflex_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    db = tmp_path_factory.mktemp("reflexdb") / "pasture.sqlite"
    srv = Server(f"sqlite:///{db}", with_test_game=True).start()
    yield srv
    srv.stop()


def test_generic_renderer_plays_a_game_without_a_renderer(
    browser: Any, reflex_server: Server
) -> None:
    context = browser.new_context(  # as new_page makes them: see conftest
        base_url=reflex_server.url, bypass_csp=True, reduced_motion="reduce"
    )
    try:
        page = context.new_page()
        page.set_default_timeout(30_000)
        open_table(page, reflex_server, "reflex", 2, {1: "random"}, "Gene")
        assert page.locator(".facts").count() == 1  # the view's facts, listed
        moves = play_to_end(page, first_action)
        assert moves >= 3
        assert "The game is over" in page.inner_text("#end")
    finally:
        context.close()
