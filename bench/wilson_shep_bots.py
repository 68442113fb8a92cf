"""Wilson & Shep: how often the Shep team finds Wilson, for each pairing of bots.

    python bench/wilson_shep_bots.py --rounds 4000

Each pairing puts one bot in every Shep team seat and one as Wilson (a seat plays the
role the round gives it). Matches have 2 players (4 rounds each, default options); a
round counts for the Shep team when Wilson is found. Prints a Markdown table with 95%
Wilson score intervals.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.cli.stats import wilson_interval
from pasture.core.bot import Bot, Turn
from pasture.core.game import Action
from pasture.games.wilson_shep import GAME
from pasture.games.wilson_shep.bots import HeuristicBot
from pasture.games.wilson_shep.search import SearchBot

KINDS: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
}


class ByRole:
    """One seat: the Shep-team bot or the Wilson bot, as the round's role asks."""

    name = "by-role"

    def __init__(self, shep: Bot, wilson: Bot) -> None:
        self.shep, self.wilson = shep, wilson

    def choose(self, turn: Turn) -> Action:
        wilson = turn.view["wilson"] == turn.seat
        return (self.wilson if wilson else self.shep).choose(turn)


def shep_success(shep: str, wilson: str, rounds: int, seed: int) -> tuple[int, int]:
    found = played = 0
    match_seed = seed
    while played < rounds:
        seats = [ByRole(KINDS[shep](), KINDS[wilson]()) for _ in range(2)]
        match = play_match(GAME, seats, match_seed)
        match_seed += 1
        for _, event in match.events_since(0):
            if event.type == "round_over" and event.public is not None:
                played += 1
                found += event.public["winner"] == "shep"
    return found, played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only",
        default="",
        help="Pairings SHEP/WILSON to run, comma-separated (default: every pairing).",
    )
    args = parser.parse_args()
    only = {tuple(p.split("/")) for p in args.only.split(",") if p}
    print("| Shep team | Wilson | rounds | Shep team finds Wilson | 95% CI |")
    print("| --- | --- | --- | --- | --- |")
    for shep in KINDS:
        for wilson in KINDS:
            if only and (shep, wilson) not in only:
                continue
            start = time.perf_counter()
            found, played = shep_success(shep, wilson, args.rounds, args.seed)
            low, high = wilson_interval(found, played)
            print(
                f"| {shep} | {wilson} | {played} | {found / played:.1%} |"
                f" {low:.1%} – {high:.1%} |"
                f"  <!-- {time.perf_counter() - start:.0f} s -->",
                flush=True,
            )


if __name__ == "__main__":
    main()
