"""Golden replays: recorded matches (seed + players' actions) replay to the recorded end.

A failure means a change altered how recorded matches play out. If that change is an
intended rules change, regenerate with `python -m tests.games.swipsheep.make_golden`
and name the ruling in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pasture.core import Match
from pasture.games.swipsheep import GAME

from .make_golden import GOLDEN, MATCHES, golden_text

FILES = sorted(GOLDEN.glob("*.json"))


def test_the_golden_set_covers_3_4_and_5_players() -> None:
    assert sorted(p.name for p in FILES) == sorted(MATCHES)
    players = {json.loads(p.read_text(encoding="utf-8"))["players"] for p in FILES}
    assert players == {3, 4, 5}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay_reaches_the_recorded_result(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    record = json.loads(text)
    match = Match.from_record(GAME, record)
    assert match.is_over()
    result = match.state.result()
    assert result.to_json() == record["result"]
    assert list(result.scores) == match.state.view(None)["scores"]
    assert match.revealed_seed() == record["seed"]
    # Replaying changes nothing: the record it gives back is the stored file, byte for byte.
    assert golden_text(match.record()) == text


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_make_golden_lists_each_stored_match(path: Path) -> None:
    """The regeneration script would play this very match again (same table, seed and
    options). Whether it would record the same actions depends on the bots too, so that
    is not checked here: the replay above is what guards the rules."""
    record = json.loads(path.read_text(encoding="utf-8"))
    players, seed, options = MATCHES[path.name]
    assert (record["players"], record["seed"]) == (players, seed)
    assert record["options"] == GAME.resolve_options(players, options)
