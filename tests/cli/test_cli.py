"""The `pasture` command as a user meets it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pasture.cli.main import app
from pasture.cli.stats import wilson_interval

runner = CliRunner()


def test_games_lists_every_registered_game() -> None:
    from pasture import games

    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name in games.names():
        assert name in result.output


def test_rules_shows_the_reference_with_rulings() -> None:
    result = runner.invoke(app, ["rules", "swipsheep"])
    assert result.exit_code == 0
    assert "S-1" in result.output and "S-4" in result.output
    assert "Assumed" in result.output


def test_unknown_game_is_a_clear_error() -> None:
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "There is no game 'chess'" in result.output


def test_a_human_plays_swipsheep_to_the_end_against_three_bots(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    moves = "x\n99\n" + "1\n" * 200  # two bad answers first, then always the first choice
    result = runner.invoke(
        app,
        [
            "play",
            "swipsheep",
            "--players",
            "4",
            "--seats",
            "human,bot,bot,bot",
            "--seed",
            "7",
            "--record",
            str(record),
        ],
        input=moves,
        env={"COLUMNS": "120"},
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your hand:" in out and "your move" in out
    assert "Please type a number from 1 to" in out  # bad input is answered, not fatal
    assert "Are there wolves tonight?" in out
    assert "Final scores" in out and "Seed: 7" in out
    data = json.loads(record.read_text())
    assert data["game"] == "swipsheep" and data["seed"] == 7 and data["result"]["winners"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "matches the record" in replayed.output


def test_quitting_leaves_the_game_without_revealing_the_seed() -> None:
    result = runner.invoke(app, ["play", "swipsheep", "--seed", "5"], input="q\n")
    assert result.exit_code == 1
    assert "Game left" in result.output and "Seed: 5" not in result.output


def test_seat_options_are_typed_counted_from_1_as_the_screen_shows(tmp_path: Path) -> None:
    listed = runner.invoke(app, ["games"], env={"COLUMNS": "300"})
    assert "first_player=1" in listed.output and "first_player=0" not in listed.output
    assert "wolf_seat=-1" in listed.output  # -1: the last seat, as it is
    record = tmp_path / "match.json"
    bots = ["--seats", "bot,bot,bot", "--seed", "4", "--record", str(record)]
    played = runner.invoke(app, ["play", "baaaaa", "-p", "3", "-o", "first_player=3", *bots])
    assert played.exit_code == 0, played.output
    assert json.loads(record.read_text())["options"]["first_player"] == 2  # the record: 0-based
    wolf = ["-o", "wolf_player=true", "-o", "wolf_seat=1"]
    played = runner.invoke(app, ["play", "baaaaa", "-p", "3", *wolf, *bots])
    assert played.exit_code == 0, played.output
    assert json.loads(record.read_text())["options"]["wolf_seat"] == 0
    for bad in ("first_player=0", "first_player=4", "first_player=true", "wolf_seat=0"):
        refused = runner.invoke(app, ["play", "baaaaa", "-p", "3", "-o", bad, *bots])
        assert refused.exit_code == 2, refused.output
        assert "is a seat from 1 to 3" in refused.output and "Traceback" not in refused.output


def test_bad_seats_are_explained() -> None:
    result = runner.invoke(app, ["play", "swipsheep", "--players", "3", "--seats", "human,bot"])
    assert result.exit_code == 2 and "names 2 seats for 3 players" in result.output
    result = runner.invoke(app, ["play", "swipsheep", "--players", "9"])
    assert result.exit_code == 2 and "3 to 5 players" in result.output


def test_simulate_prints_json_with_win_rates_and_intervals(tmp_path: Path) -> None:
    chart = tmp_path / "wins.svg"
    result = runner.invoke(
        app,
        [
            "simulate",
            "swipsheep",
            "-n",
            "60",
            "-p",
            "3",
            "--bots",
            "heuristic,random",
            "--workers",
            "1",
            "--json",
            "--plot",
            str(chart),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 60 and [s["bot"] for s in data["seats"]] == [
        "heuristic",
        "random",
        "random",
    ]
    assert abs(sum(s["win_rate"] for s in data["seats"]) - 1) < 1e-9
    for seat in data["seats"]:
        assert seat["win_rate_low"] <= seat["win_rate"] <= seat["win_rate_high"]
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2]  # JSON: the engine's indexes
    # What a person reads counts seats from 1, as `pasture play` and the browser do.
    assert chart.read_text().startswith("<svg") and "seat 1 (heuristic)" in chart.read_text()
    assert "seat 0" not in chart.read_text()


def test_simulate_is_reproducible_from_its_seed() -> None:
    args = ["simulate", "swipsheep", "-n", "30", "--workers", "1", "--json", "--seed", "3"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    strip = ("seconds", "games_per_s")
    a = {k: v for k, v in json.loads(first.stdout).items() if k not in strip}
    b = {k: v for k, v in json.loads(second.stdout).items() if k not in strip}
    assert a == b


def test_simulate_rejects_unknown_bots() -> None:
    result = runner.invoke(app, ["simulate", "swipsheep", "--bots", "genius"])
    assert result.exit_code == 2 and "no bot 'genius'" in result.output


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(50, 100)
    assert round(low, 4) == 0.4038 and round(high, 4) == 0.5962
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == pytest.approx(1.0)


def test_passing_has_one_key_and_help_points_to_the_rules() -> None:
    """In a Wypas reaction window (and whenever play may go on) passing is `p`, never a
    number whose meaning changes with the moment."""
    from rich.console import Console

    from pasture import games, i18n
    from pasture.cli.play import TerminalGame

    i18n.use("en")

    console = Console(record=True, width=120)
    shown: list[str] = []

    def ask(prompt: str) -> str:
        text = console.export_text(clear=True)
        shown.append(text)
        if len(shown) == 1:
            return "?"
        last_menu = text.rsplit("╭", 1)[-1]
        return "p" if " p  pass:" in last_menu else "1"

    session = TerminalGame(
        games.get("wypas"), ["human", "heuristic", "heuristic"], {"max_turns": 2}, 4, console, ask
    )
    session.run()
    everything = "".join(shown) + console.export_text()
    assert "pasture rules wypas" in everything  # the ? answer
    assert " p  pass: no reaction" in everything.lower() or " p  pass: let play go on" in everything
    numbered = [line for line in everything.splitlines() if line.strip()[:2].strip().isdigit()]
    assert not [line for line in numbered if "no reaction" in line.lower()]
    assert not [line for line in numbered if "let play go on" in line]


def test_simulate_defaults_to_each_games_heuristic_bots() -> None:
    result = runner.invoke(
        app, ["simulate", "baaaaa", "--players", "1", "-n", "4", "--workers", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["bots"] == ["heuristic"]


def test_wypas_narration_reads_as_english() -> None:
    from pasture.games.wypas import terminal

    line = terminal.narrate({"type": "thief_looks", "seat": 2, "victim": 0}, 0)
    assert line == "Seat 3's Thief looks at your hand."  # seats are told from 1
    placed = {"type": "placed", "seat": 1, "colour": "orange", "value": 5, "card": "x", "pen": 0}
    assert "an orange 5" in str(terminal.narrate(placed, 0))


def test_replay_steps_through_a_match_as_one_seat_saw_it(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    played = runner.invoke(
        app,
        ["play", "swipsheep", "--players", "3", "--seats", "bot,bot,bot", "--seed", "2"]
        + ["--record", str(record)],
        input="",
    )
    assert played.exit_code == 0, played.output
    moves = len(json.loads(record.read_text())["actions"])
    stepped = runner.invoke(
        app, ["replay", str(record), "--step", "--seat", "1"], input="\n" * (moves + 1)
    )
    assert stepped.exit_code == 0, stepped.output
    assert f"move {moves} of {moves}" in stepped.output and "matches the record" in stepped.output
    assert "Your hand" in stepped.output  # seat 1's own view, not everyone's
    # --seat counts from 1 as the screen does: seat 1 is the first, who passes to seat 2.
    assert re.search(r"You passed .+ to seat 2\.", stepped.output)
    assert "seat 1 passed" not in stepped.output  # seat 1 is "you"
    assert "scores seat 1: " in stepped.output
    last = runner.invoke(
        app, ["replay", str(record), "--step", "--seat", "3"], input="\n" * (moves + 1)
    )
    assert last.exit_code == 0 and re.search(r"You passed .+ to seat 1\.", last.output)
    stopped = runner.invoke(app, ["replay", str(record), "--step"], input="\nq\n")
    assert stopped.exit_code == 0 and "move 2 of" not in stopped.output
    for bad_seat in ("0", "4"):
        bad = runner.invoke(app, ["replay", str(record), "--step", "--seat", bad_seat])
        assert bad.exit_code == 2 and "--seat must be a seat from 1 to 3" in bad.output


def test_rules_in_another_language() -> None:
    result = runner.invoke(app, ["rules", "swipsheep", "--lang", "fr", "--no-pager"])
    assert result.exit_code == 0 and "Qui voit quoi" in result.output
    untranslated = runner.invoke(app, ["rules", "wypas", "--lang", "es", "--no-pager"])
    assert untranslated.exit_code == 0 and "Redyk" in untranslated.output  # English, whole
    bad = runner.invoke(app, ["rules", "wypas", "--lang", "de"])
    assert bad.exit_code == 2 and "--lang is one of" in bad.output


def test_swipsheep_is_played_in_spanish_in_the_terminal() -> None:
    result = runner.invoke(
        app,
        ["play", "swipsheep", "--players", "3", "--seed", "4", "--lang", "es"],
        input="1\n" * 200,
        env={"COLUMNS": "120"},
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "¿Hay lobos esta noche?" in out and "Tu mano:" in out and "Puntuación final" in out
    assert "Your hand" not in out and "Final scores" not in out
    english = runner.invoke(app, ["play", "swipsheep", "--lang", "en"], input="q\n")
    assert "Game left" in english.output  # the language does not stick to the next run
    bad = runner.invoke(app, ["play", "swipsheep", "--lang", "xx"])
    assert bad.exit_code == 2 and "--lang is one of" in bad.output
