"""`pasture arena`: lineups with seat rotation, ratings that rank a strong bot above a weak
one, level names accepted, the leaderboard as JSON and as an SVG chart."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from pasture import games
from pasture.cli import main as cli_main
from pasture.cli.main import app
from pasture.cli.tournament import THE_GAME, Played, Ratings, lineups, rotations, schedule

runner = CliRunner()


def test_mixed_lineups_are_every_mix_of_at_least_two_bots() -> None:
    assert lineups(["a", "b"], 3, "mixed") == [("a", "a", "b"), ("a", "b", "b")]
    assert lineups(["a", "b", "c"], 2, "mixed") == [("a", "b"), ("a", "c"), ("b", "c")]


def test_one_vs_rest_puts_one_copy_of_the_first_bot_against_each_other() -> None:
    expected = [("s", "h", "h", "h"), ("s", "r", "r", "r")]
    assert lineups(["s", "h", "r"], 4, "one-vs-rest") == expected


def test_every_bot_holds_every_seat_equally_often() -> None:
    tables = schedule(["a", "b"], 4, count=24, seed=10, mode="one-vs-rest")
    assert [t.seed for t in tables] == list(range(10, 34))
    seats_of_a = Counter(t.seats.index("a") for t in tables)
    assert seats_of_a == {0: 6, 1: 6, 2: 6, 3: 6}
    assert rotations(("a", "a")) == [("a", "a")]


def test_ratings_put_the_bot_that_always_wins_on_top() -> None:
    ratings = Ratings(["strong", "weak"])
    for i in range(30):
        seats = ("strong", "weak", "weak") if i % 2 else ("weak", "weak", "strong")
        winner = seats.index("strong")
        ratings.add(Played(i, seats, (winner,), False, False, ((0.1,), (), ())))
    board = ratings.leaderboard()
    assert [s.name for s in board] == ["strong", "weak"]
    strong = board[0].to_json()
    assert strong["win_rate"] == 1.0 and strong["fair_share"] == 1 / 3
    assert strong["rating_low"] > board[1].to_json()["rating_high"]


def test_a_team_against_the_game_is_rated_against_the_game() -> None:
    ratings = Ratings(["team"])
    for i in range(20):
        ratings.add(Played(i, ("team",), (0,) if i % 4 else (), True, False, ((),)))
    names = [s.name for s in ratings.leaderboard()]
    assert names == ["team", THE_GAME]


def test_arena_plays_rates_and_writes_json_and_a_chart(tmp_path: Path) -> None:
    chart = tmp_path / "ratings.svg"
    args = ["arena", "swipsheep", "-p", "3", "--bots", "normal,random", "-n", "12"]
    result = runner.invoke(app, [*args, "--workers", "1", "--json", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 12 and data["players"] == 3 and data["mode"] == "mixed"
    board = {row["bot"]: row for row in data["leaderboard"]}
    assert set(board) == {"normal", "random"}
    assert board["normal"]["games"] + board["random"]["games"] == 12 * 3
    assert 0 <= board["normal"]["win_rate_low"] <= board["normal"]["win_rate"] <= 1
    svg = chart.read_text()
    assert svg.startswith("<svg") and "normal" in svg and "random" in svg


def test_arena_is_reproducible_and_independent_of_the_workers() -> None:
    args = ["arena", "swipsheep", "-p", "3", "--bots", "heuristic,random", "-n", "8", "--json"]
    one = runner.invoke(app, [*args, "--workers", "1"])
    two = runner.invoke(app, [*args, "--workers", "2"])
    assert one.exit_code == two.exit_code == 0
    assert _without_times(one.stdout) == _without_times(two.stdout)


def _without_times(text: str) -> list[dict[str, object]]:
    """The leaderboard less the CPU times, which vary from run to run."""
    rows = json.loads(text)["leaderboard"]
    return [{k: v for k, v in r.items() if not k.startswith("think")} for r in rows]


def test_arena_rates_a_cooperative_team_against_the_game() -> None:
    args = ["arena", "baaaaa", "-p", "1", "--bots", "heuristic,random", "-n", "4", "--json"]
    result = runner.invoke(app, [*args, "--workers", "1"])
    assert result.exit_code == 0, result.output
    names = [row["bot"] for row in json.loads(result.stdout)["leaderboard"]]
    assert set(names) == {"heuristic", "random", THE_GAME}


def test_arena_refuses_unknown_bots_and_modes_clearly() -> None:
    result = runner.invoke(app, ["arena", "swipsheep", "--bots", "genius,random"])
    assert result.exit_code == 2 and "no bot 'genius'" in result.output
    result = runner.invoke(app, ["arena", "swipsheep", "--bots", "random", "--mode", "swiss"])
    assert result.exit_code == 2 and "--mode" in result.output


def test_games_lists_the_levels_with_the_bot_behind_each(monkeypatch: pytest.MonkeyPatch) -> None:
    # A console wide enough that no cell wraps, whatever width another test left fixed.
    monkeypatch.setattr(cli_main, "console", Console(width=250))
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "Easy (sloppy)" in result.output and "Hard (search)" in result.output
    assert len(games.all_games()) == result.output.count("Normal (heuristic)")
