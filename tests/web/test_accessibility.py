"""An axe-core audit (axe-playwright-python) of the lobby and of every game mid-match, on a
desktop and at phone width: no serious or critical violation."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.harness import Server
from tests.web.helpers import board_version, open_table, wait_new_version
from tests.web.test_games import baaaaa_step, wilson_shep_step, wypas_step
from tests.web.test_swipsheep import swipsheep_step

try:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]
except ImportError:  # pragma: no cover - the [test] extra installs it
    Axe = None

pytestmark = pytest.mark.skipif(Axe is None, reason="pip install axe-playwright-python")


def serious(page: Any) -> list[str]:
    """The serious and critical violations on the page, one line each."""
    assert Axe is not None
    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['html'][:120] for n in v['nodes']][:3]}"
        for v in found
        if v.get("impact") in ("serious", "critical")
    ]


@pytest.mark.parametrize("width", [1100, 390])
def test_the_lobby_has_no_serious_violation(new_page: Any, width: int) -> None:
    page = new_page(width)
    page.goto("/")
    page.wait_for_selector(".game-choice")
    page.click(".more-options summary")
    found = serious(page)
    assert not found, "\n".join(found)


STEPS = {
    "swipsheep": (3, {1: "heuristic", 2: "heuristic"}, swipsheep_step),
    "wilson_shep": (2, {1: "heuristic"}, wilson_shep_step),
    "baaaaa": (2, {1: "heuristic"}, baaaaa_step),
    "wypas": (3, {1: "heuristic", 2: "heuristic"}, wypas_step),
}


@pytest.mark.parametrize("game", list(STEPS))
def test_every_game_mid_match_has_no_serious_violation(
    new_page: Any, server: Server, game: str
) -> None:
    players, bots, step = STEPS[game]
    page = new_page()
    open_table(page, server, game, players, bots, "Ally")
    for _ in range(3):  # a few moves in: the board, the log and the choices are all there
        before = board_version(page)
        page.wait_for_selector("#board[data-turn='true'], #end:not([hidden])")
        if step(page):
            wait_new_version(page, before)
    found = serious(page)
    assert not found, "\n".join(found)
    page.set_viewport_size({"width": 390, "height": 844})
    found = serious(page)
    assert not found, "\n".join(found)
