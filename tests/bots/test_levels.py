"""Difficulty levels: defined once, offered for every game, accepted wherever a bot's name
is (bots.make, `pasture play --seats`, `pasture simulate --bots`, a table's seats)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pasture import games
from pasture.bots import LEVELS, available, levels, make, resolve
from pasture.bots.search import SearchBot
from pasture.bots.sloppy import SloppyBot
from pasture.cli.main import app
from pasture.core import Game

GAMES = games.all_games()


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_game_offers_easy_normal_and_hard_first(game: Game) -> None:
    assert [lv.name for lv in levels(game)] == ["easy", "normal", "hard"]
    assert list(available(game))[:3] == ["easy", "normal", "hard"]
    assert type(make(game, "easy")) is type(make(game, "sloppy"))
    assert type(make(game, "normal")) is type(make(game, "heuristic"))
    assert type(make(game, "hard")) is type(make(game, "search"))


def test_easy_is_the_generic_sloppy_bot_unless_the_game_has_its_own() -> None:
    assert make(games.get("baaaaa"), "easy").share == 1 / 3  # type: ignore[attr-defined]
    assert make(games.get("swipsheep"), "easy").share == 2 / 3  # type: ignore[attr-defined]
    assert isinstance(make(games.get("wypas"), "easy"), SloppyBot)
    assert not isinstance(make(games.get("wilson_shep"), "easy"), SloppyBot)


def test_a_level_names_its_research_bot() -> None:
    assert [resolve(lv.name) for lv in LEVELS] == ["sloppy", "heuristic", "search"]
    assert resolve("random") == "random"


def test_search_bots_have_a_time_budget() -> None:
    """A Hard bot on a server must stop thinking within its budget."""
    for game in GAMES:
        bot = make(game, "hard")
        seconds = bot.budget.seconds if isinstance(bot, SearchBot) else bot.seconds  # type: ignore[attr-defined]
        assert seconds is not None and seconds <= 1.0


def test_simulate_and_play_accept_levels() -> None:
    runner = CliRunner()
    done = runner.invoke(app, ["simulate", "swipsheep", "-n", "2", "-p", "3", "--bots", "easy"])
    assert done.exit_code == 0, done.output
    # four Shep moves a round: the Hard bot thinks a whole match in half a second
    seats = ["--seats", "easy,hard", "--seed", "1", "-o", "max_moves=4"]
    played = runner.invoke(app, ["play", "wilson_shep", *seats])
    assert played.exit_code == 0, played.output  # two bots play the match to its end
    assert "(Easy)" in played.output and "(Hard)" in played.output
    assert "Final scores" in played.output
