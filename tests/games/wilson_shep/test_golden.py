"""Golden replays: recorded matches (seed + players' actions) must replay to the same end.

Regenerate (only when a rule change is intended): `python -m tests.games.wilson_shep.test_golden`.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pasture.core import Match
from pasture.games.wilson_shep import GAME

GOLDEN = Path(__file__).with_name("golden")
FILES = sorted(GOLDEN.glob("*.json"))
TABLES = {
    "random_2p": (2, {}, ["random", "random"]),
    "random_3p_memory_none": (3, {"memory": "none", "first_wilson": 1}, ["random"] * 3),
    "random_5p_cap_12": (5, {"max_moves": 12}, ["random"] * 5),
    "heuristic_2p": (2, {}, ["heuristic", "heuristic"]),
    "heuristic_4p": (4, {"first_wilson": 3}, ["heuristic", "random", "heuristic", "random"]),
}


def test_there_are_golden_replays() -> None:
    assert len(FILES) >= 3


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay_reaches_the_recorded_result(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_record(GAME, record)
    assert match.is_over()
    assert match.state.result().to_json() == record["result"]
    assert match.record() == record


def regenerate() -> None:
    from pasture.bots import make
    from pasture.bots.play import play_match

    for name, (players, options, bots) in TABLES.items():
        seated = [make(GAME, bot) for bot in bots]
        match = play_match(GAME, seated, seed=2026 + players, options=options)
        text = json.dumps(match.record(), indent=1) + "\n"
        (GOLDEN / f"{name}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    regenerate()
