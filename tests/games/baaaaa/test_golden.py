"""Golden replays: recorded matches (seed + players' actions) must replay to the same end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pasture.core import Match
from pasture.games.baaaaa import GAME

GOLDEN = sorted(Path(__file__).with_name("golden").glob("*.json"))


def test_there_are_golden_replays() -> None:
    assert len(GOLDEN) >= 4


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_replay_reaches_the_recorded_end(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_record(GAME, record)
    state = match.state
    assert state.is_over()
    assert state.result().to_json() == record["result"]
    final = record["final"]
    assert (state.saved, state.taken, state.turn) == (final["saved"], final["taken"], final["turn"])
    assert (state.sheep, state.wolf, state.shepherd) == (
        final["sheep"],
        final["wolf"],
        final["shepherd"],
    )
