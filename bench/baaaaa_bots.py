"""Baaaaa! bot strength: cooperative win / draw / loss rates with 95% confidence intervals.

    python bench/baaaaa_bots.py --games 20000 --oracle-games 2000 --jobs 2

Rows: random play and the `heuristic` team bot (cooperative game, solo: the team's
information and decisions do not depend on how many people share them); the ORACLE, an
upper reference that knows the order of the wolf deck (it reads the cards to come, so
it is a bench-only cheat, never registered in BOTS); `deck:NAME`, a team bot facing the
very wolf cards the oracle of the same seed faces (paired games: `--oracle-games`
seeds, `--players` team seats); and the wolf-player variant with 2 players (team seat
0, wolf seat 1) for each pairing of random and heuristic.

    python bench/baaaaa_bots.py --only oracle,deck:search --oracle-games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.core import CHANCE
from pasture.core.bot import Bot, Turn
from pasture.games.baaaaa import BOTS, GAME, BaaaaaState, rules
from pasture.games.baaaaa.actions import TakeSheep, TurnWolfCard
from pasture.games.baaaaa.bots import value

Outcome = int  # 1 team wins, 0 draw, -1 team loses


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for k successes in n trials."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _make(name: str) -> Bot:
    return RandomBot() if name == "random" else BOTS[name]()


def _team_outcome(state: BaaaaaState) -> Outcome:
    margin = state.saved - state.taken
    return (margin > 0) - (margin < 0)


def play_bots(args: tuple[str, str | None, int]) -> Outcome:
    """One match: `team` bots in every team seat; `wolf` (variant, seat 1) or None."""
    team, wolf, seed = args
    if wolf is None:
        match = play_match(GAME, [_make(team)], seed)
    else:
        match = play_match(GAME, [_make(team), _make(wolf)], seed, {"wolf_player": True})
    state = match.state
    assert isinstance(state, BaaaaaState)
    return _team_outcome(state)


# --- the oracle: it knows every wolf card to come ---------------------------------------


class DeckOrder:
    """The wolf cards to come, drawn in advance: one shuffled permutation per deck."""

    def __init__(self, state: BaaaaaState, rng: random.Random) -> None:
        self.kinds = state.edition.wolf_kinds
        self.full = [k for k, c in enumerate(state.edition.wolf_counts) for _ in range(c)]
        self.rng = rng
        self.cards: list[int] = []
        self.next = 0

    def upcoming(self, n: int) -> list[int]:
        while len(self.cards) < self.next + n:
            deck = self.full[:]
            self.rng.shuffle(deck)
            self.cards += deck
        return self.cards[self.next : self.next + n]

    def pop(self) -> TurnWolfCard:
        card = self.upcoming(1)[0]
        self.next += 1
        return TurnWolfCard(self.kinds[card])


def _after_known_card(s: BaaaaaState, card: int) -> BaaaaaState:
    """`s` (phase DRAW) after the known wolf card; a tie is broken for the team."""
    t = s.clone()
    rules.apply(t, CHANCE, rules.tables(s.edition).turn[card])
    if t.phase == rules.TIE:
        options = []
        for sp in t.tie:
            u = t.clone()
            rules.apply(u, t.current, TakeSheep(sp))
            options.append(u)
        t = max(options, key=value)
    return t


def oracle_value(s: BaaaaaState, cards: list[int], depth: int, beam: int) -> float:
    """The best value reachable in `depth` turns when the wolf cards are `cards`."""
    if s.phase == rules.OVER or depth == 0:
        return value(s)
    children: list[tuple[float, BaaaaaState]] = []
    for action in rules.legal_actions(s, s.current):
        t = s.clone()
        rules.apply(t, s.current, action)
        if t.phase == rules.DRAW:
            t = _after_known_card(t, cards[0])
        children.append((value(t), t))
    if depth == 1:
        return max(v for v, _ in children)
    children.sort(key=lambda c: -c[0])
    return max(oracle_value(t, cards[1:], depth - 1, beam) for _, t in children[:beam])


def play_on_order(args: tuple[str, int, int]) -> Outcome:
    """A team bot (cooperative game, `players` seats) against the wolf cards the oracle of
    the same seed faces: the games are paired, card for card, with the oracle's. A search
    bot plays at its full budget (its wall-clock cap lifted, as bench_bots.py times it),
    so the figure does not depend on how loaded the machine is."""
    name, players, seed = args
    s = GAME.new_state(players)
    order = DeckOrder(s, random.Random(seed))
    bot = _make(name)
    if hasattr(bot, "seconds"):
        bot.seconds = None
    rng = random.Random(f"{seed}:0")
    while not s.is_over():
        if s.is_chance():
            s.apply(CHANCE, order.pop())
            continue
        seat = s.actors()[0]
        s.apply(seat, bot.choose(Turn(s, seat, rng)))
    return _team_outcome(s)


def play_oracle(args: tuple[int, int, int]) -> Outcome:
    seed, depth, beam = args
    s = GAME.new_state(1)
    order = DeckOrder(s, random.Random(seed))
    while not s.is_over():
        if s.is_chance():
            s.apply(CHANCE, order.pop())
            continue
        seat = s.actors()[0]
        legal = s.legal_actions(seat)
        if s.phase == rules.TIE:
            best = max(legal, key=lambda a: value(_applied(s, seat, a)))
        else:
            cards = order.upcoming(depth)
            best = max(legal, key=lambda a: _oracle_score(_applied(s, seat, a), cards, depth, beam))
        s.apply(seat, best)
    return _team_outcome(s)


def _applied(s: BaaaaaState, seat: int, action: object) -> BaaaaaState:
    t = s.clone()
    rules.apply(t, seat, action)  # type: ignore[arg-type]
    return t


def _oracle_score(t: BaaaaaState, cards: list[int], depth: int, beam: int) -> float:
    if t.phase == rules.DRAW:
        t = _after_known_card(t, cards[0])
    return oracle_value(t, cards[1:], depth - 1, beam)


# --- the table ------------------------------------------------------------------------


def run(label: str, fn: Callable[[Any], Outcome], tasks: list[Any], jobs: int) -> None:
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            outcomes = list(pool.map(fn, tasks, chunksize=max(1, len(tasks) // (jobs * 8))))
    else:
        outcomes = [fn(t) for t in tasks]
    n = len(outcomes)
    cells = []
    for value_ in (1, 0, -1):
        k = sum(o == value_ for o in outcomes)
        lo, hi = wilson(k, n)
        cells.append(f"{100 * k / n:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}]")
    secs = time.perf_counter() - start
    print(f"| {label} | {n} | " + " | ".join(cells) + f" | {1000 * secs / n:.1f} |")
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--bot-games", type=int, default=None, help="games for heuristic rows")
    parser.add_argument("--variant-games", type=int, default=None, help="games per variant row")
    parser.add_argument("--deep-games", type=int, default=2_000)
    parser.add_argument("--oracle-games", type=int, default=1_000)
    parser.add_argument("--depth", type=int, default=3, help="oracle look-ahead in turns")
    parser.add_argument("--beam", type=int, default=4, help="oracle: moves searched deeper")
    parser.add_argument(
        "--players", type=int, default=1, help="team seats in the deck: rows (cooperative game)"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", default="", help="comma-separated row keys to run")
    a = parser.parse_args()
    bot_games = a.bot_games or a.games
    rows: list[tuple[str, str, Callable[[Any], Outcome], list[Any]]] = [
        ("random", "random (coop)", play_bots, [("random", None, i) for i in range(a.games)]),
        (
            "heuristic",
            "heuristic (coop)",
            play_bots,
            [("heuristic", None, i) for i in range(bot_games)],
        ),
        (
            "deep",
            "deep (coop, two turns ahead)",
            play_bots,
            [("deep", None, i) for i in range(a.deep_games)],
        ),
        (
            "oracle",
            f"ORACLE knows the deck order (depth {a.depth}, beam {a.beam})",
            play_oracle,
            [(i, a.depth, a.beam) for i in range(a.oracle_games)],
        ),
    ]
    for name in ("heuristic", "deep", "search"):
        rows.append(
            (
                f"deck:{name}",
                f"{name} (coop, {a.players} seats) on the oracle's wolf cards, full budget",
                play_on_order,
                [(name, a.players, i) for i in range(a.oracle_games)],
            )
        )
    for team in ("random", "heuristic"):
        for wolf in ("random", "heuristic"):
            games = a.games if team == wolf == "random" else (a.variant_games or bot_games)
            rows.append(
                (
                    f"wolf:{team}/{wolf}",
                    f"variant: team {team} vs wolf {wolf}",
                    play_bots,
                    [(team, wolf, i) for i in range(games)],
                )
            )
    only = {k for k in a.only.split(",") if k}
    print("| bots | games | team wins [95% CI] | draws [95% CI] | team loses [95% CI] | ms/game |")
    print("| --- | --- | --- | --- | --- | --- |")
    for key, label, fn, tasks in rows:
        if not only or key in only:
            run(label, fn, tasks, a.jobs)


if __name__ == "__main__":
    main()
