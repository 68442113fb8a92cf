"""Golden replays: recorded matches (seed + actions -> result) must replay exactly.

Regenerate (only after an intended rule change) with:
    python -m tests.games.wypas.test_golden
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pasture.core import Match
from pasture.games.wypas import GAME

GOLDEN = Path(__file__).with_name("golden")
CASES = [(3, False), (3, True), (4, False), (4, True), (6, False), (6, True)]


def _name(players: int, bluff: bool) -> str:
    return f"{players}p_{'bluff' if bluff else 'plain'}.json"


@pytest.mark.parametrize(("players", "bluff"), CASES)
def test_golden_replay(players: int, bluff: bool) -> None:
    record = json.loads((GOLDEN / _name(players, bluff)).read_text())
    assert record["players"] == players and record["options"]["bluff"] is bluff
    match = Match.from_record(GAME, record)
    assert match.is_over()
    assert match.state.result().to_json() == record["result"]
    match.state.check_invariants()


def _generate() -> None:
    from pasture.bots import RandomBot
    from pasture.bots.play import play_match
    from pasture.games.wypas.bots import HeuristicBot

    for players, bluff in CASES:
        bots = [HeuristicBot() if p % 2 == 0 else RandomBot() for p in range(players)]
        seed = 1000 + players * 10 + bluff
        match = play_match(GAME, bots, seed, {"bluff": bluff, "max_turns": 30})
        (GOLDEN / _name(players, bluff)).write_text(json.dumps(match.record()) + "\n")
        print(players, bluff, match.state.turn, match.state.result())


if __name__ == "__main__":
    _generate()
