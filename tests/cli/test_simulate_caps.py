"""`pasture simulate` reports how many matches ended at a safety cap (W-12 here)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pasture import games
from pasture.bots import make
from pasture.bots.play import play_match
from pasture.cli.main import app

runner = CliRunner()


def test_simulate_counts_matches_ended_at_the_turn_cap() -> None:
    args = ["simulate", "wypas", "-n", "3", "-p", "6", "--bots", "random", "--workers", "1"]
    args += ["--json", "--seed", "5"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    game = games.get("wypas")
    expected = sum(
        play_match(game, [make(game, "random") for _ in range(6)], seed).state.result().capped
        for seed in range(5, 8)
    )
    assert data["capped"] == expected and expected > 0


def test_games_that_end_by_their_rules_count_no_cap() -> None:
    args = ["simulate", "swipsheep", "-n", "5", "--workers", "1", "--json"]
    data = json.loads(runner.invoke(app, args).stdout)
    assert data["capped"] == 0 and data["games"] == 5
