"""User text reaches the terminal as text, never as Rich markup."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pasture.cli.main import app

runner = CliRunner()


@pytest.mark.parametrize("name", ["x[/]", "[red]x", "[bold]", "a[/b]c"])
def test_a_game_name_with_brackets_is_shown_as_typed(name: str) -> None:
    done = runner.invoke(app, ["play", name])
    assert done.exit_code == 2  # a clear error, not a MarkupError traceback
    assert f"There is no game {name!r}" in done.output  # nothing swallowed


def test_an_unknown_option_with_markup_is_shown_as_typed() -> None:
    done = runner.invoke(app, ["play", "wypas", "-o", "[red]x[/]=1"])
    assert done.exit_code == 2
    assert "has no option(s) [red]x[/]" in done.output


def _record(tmp_path: Path, **fields: object) -> Path:
    record = {"game": "wypas", "players": 3, "options": {}, "seed": 1, "actions": []}
    record.update(fields)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    return path


def test_a_replay_error_keeps_its_code(tmp_path: Path) -> None:
    # Seat 0 cannot pass at the first decision (the baca lays out the lots).
    path = _record(tmp_path, actions=[{"seat": 0, "action": {"kind": "pass"}}])
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 2
    assert "not allowed now. [illegal_action]" in " ".join(done.output.split())


def test_a_malformed_replay_action_keeps_its_code(tmp_path: Path) -> None:
    path = _record(tmp_path, actions=[{"seat": 0, "action": {"kind": "[red]no"}}])
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 2
    assert "[malformed_action]" in done.output and "'[red]no'" in done.output


@pytest.mark.parametrize("record", ["[1, 2]", '"[red]x"', "[" * 100_000 + "]" * 100_000])
def test_a_replay_of_something_that_is_not_a_record_is_a_clear_error(
    tmp_path: Path, record: str
) -> None:
    path = tmp_path / "match.json"
    path.write_text(record)
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 2 and "Cannot replay" in done.output
    assert "Traceback" not in done.output


def test_a_replay_seed_with_markup_is_printed_as_text(tmp_path: Path) -> None:
    path = _record(tmp_path, seed="[red]x", actions=[])
    done = runner.invoke(app, ["replay", str(path)])
    assert done.exit_code == 0, done.output
    assert "seed [red]x" in done.output and "The replay matches the record." in done.output
