"""Wypas bot win rates: the heuristic bot against random bots and against itself.

    python bench/wypas_bots.py --games 2000

A win shared by k players counts 1/k. Intervals are 95% normal intervals of the mean.
The heuristic bot's seat rotates from game to game; the bluff option alternates.
"""

from __future__ import annotations

import argparse
import math
import time

from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.games.wypas import GAME
from pasture.games.wypas.bots import HeuristicBot


def interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def run(players: int, games: int, opponent: str) -> dict[str, float]:
    shares: list[float] = []
    turns = 0
    for g in range(games):
        seat = g % players
        bots = [
            HeuristicBot() if p == seat or opponent == "heuristic" else RandomBot()
            for p in range(players)
        ]
        match = play_match(GAME, bots, seed=g, options={"bluff": g % 2 == 1})
        result = match.state.result()
        shares.append(1 / len(result.winners) if seat in result.winners else 0.0)
        turns += match.state.turn  # type: ignore[attr-defined]
    mean, half = interval(shares)
    return {"rate": mean, "ci": half, "turns": turns / games}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, nargs="*", default=[3, 4, 6])
    args = parser.parse_args()
    print("| players | opponents | games | heuristic win rate (95% CI) | fair share | turns |")
    print("| --- | --- | --- | --- | --- | --- |")
    for players in args.players:
        for opponent in ("random", "heuristic"):
            start = time.perf_counter()
            r = run(players, args.games, opponent)
            took = time.perf_counter() - start
            print(
                f"| {players} | {opponent} | {args.games} | {r['rate']:.3f} ± {r['ci']:.3f}"
                f" | {1 / players:.3f} | {r['turns']:.1f} |  <!-- {took:.0f}s -->",
                flush=True,
            )


if __name__ == "__main__":
    main()
