"""Regenerate the golden replays: `python -m tests.games.swipsheep.make_golden`.

Each file is `Match.record()` (game, players, options, seed, players' actions, result)
of a match played by RandomBots. Regenerate only when a rules change is intended, and
say in the commit which ruling changed the recorded results.
"""

from __future__ import annotations

import json
from pathlib import Path

from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.core.game import JSON
from pasture.games.swipsheep import GAME

GOLDEN = Path(__file__).with_name("golden")
MATCHES = {  # file name -> (players, seed, options)
    "3p_seed101.json": (3, 101, {}),
    "4p_seed202_first2.json": (4, 202, {"first_player": 2}),
    "5p_seed303.json": (5, 303, {}),
    "3p_seed28_shared_win.json": (3, 28, {}),  # seats 0 and 1 tie on 14 sheep
}


def golden_text(record: dict[str, JSON]) -> str:
    """The stored form: one key per line and one step per line, so a diff shows which
    step or which score changed."""
    lines = [
        f"  {json.dumps(key)}: {json.dumps(value, sort_keys=True)}"
        for key, value in record.items()
        if key != "actions"
    ]
    steps = ",\n".join(f"    {json.dumps(step, sort_keys=True)}" for step in record["actions"])
    return "{\n" + ",\n".join(lines) + ',\n  "actions": [\n' + steps + "\n  ]\n}\n"


def record_match(players: int, seed: int, options: dict[str, JSON]) -> dict[str, JSON]:
    match = play_match(GAME, [RandomBot() for _ in range(players)], seed, options)
    return match.record()


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, (players, seed, options) in MATCHES.items():
        record = record_match(players, seed, options)
        (GOLDEN / name).write_text(golden_text(record), encoding="utf-8")
        print(f"{name}: {len(record['actions'])} actions, result {record['result']}")


if __name__ == "__main__":
    main()
