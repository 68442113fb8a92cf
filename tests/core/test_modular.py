"""`ModularState` wires a game's `rules` and `view` modules into the core contract, typed
by the `GameRules` and `GameViews` protocols."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from pasture import games
from pasture.core import CHANCE
from pasture.core.modular import ModularState


def test_every_game_state_is_wired_to_its_own_modules() -> None:
    for game in games.all_games():
        state = game.new_state(game.min_players)
        assert isinstance(state, ModularState)
        package = f"pasture.games.{game.name}"
        assert type(state).rules.__name__ == f"{package}.rules"
        assert type(state).views.__name__ == f"{package}.view"
        assert state.actors() == type(state).rules.actors(state)
        assert state.view(None) == type(state).views.view(state, None)


def test_optional_hooks_are_used_when_a_game_has_them() -> None:
    wypas = games.get("wypas").new_state(3)
    while wypas.is_chance():
        wypas.apply(CHANCE, wypas.chance_outcomes()[0].action)
    assert wypas.timeout_action(0) is None  # W-10: only in a reaction window
    swipsheep = games.get("swipsheep").new_state(3)
    assert swipsheep.timeout_action(0) is None  # the game has no timeout_action


def test_mypy_checks_a_rules_module_against_the_protocol(tmp_path: Path) -> None:
    """A module that lacks a function of the contract is a type error where it is wired."""
    package = tmp_path / "broken_game"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "rules.py").write_text(
        textwrap.dedent(
            """
            from pasture.core.game import Action, ChanceOutcome
            from broken_game.state import BrokenState

            def actors(s: BrokenState) -> tuple[int, ...]:
                return ()

            def legal_actions(s: BrokenState, seat: int) -> list[Action]:
                return []

            def chance_outcomes(s: BrokenState) -> list[ChanceOutcome]:
                return []

            def check_invariants(s: BrokenState) -> None:
                pass
            """
        )
    )
    (package / "state.py").write_text(
        textwrap.dedent(
            """
            from __future__ import annotations
            from typing import ClassVar
            from pasture.core.modular import GameRules, ModularState
            from broken_game import rules

            class BrokenState(ModularState):
                rules: ClassVar[GameRules[BrokenState]] = rules
            """
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(package)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 1, done.stdout
    assert 'missing following "GameRules" protocol member' in done.stdout, done.stdout
    assert "apply" in done.stdout.rsplit("protocol member", 1)[1], done.stdout
