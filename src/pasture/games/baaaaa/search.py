"""The Baaaaa! search bot: expectimax over the known make-up of the remaining wolf deck.

In the cooperative game nothing is hidden but the order of the wolf deck, and its
make-up is known exactly (the view's `wolf_unseen`), so the team's best play is an
expectimax: its own sheep card at max nodes, every kind of wolf card that can come next
at chance nodes, weighted by its count (cards of one kind are one branch).

- **What it maximises**: the chance of saving the flock, not the margin: a 5-5 draw
  is no better than a loss. Leaves are scored by `win_chance`, a logistic curve of the
  heuristic's `value` fitted to how games from such positions end (steeper as fewer
  sheep are left on the mountain, where a lead is surer), and a finished game by whether it was won.
- **How far**: its `beams[0]` best sheep cards (by the one-turn expectimax), then for
  each wolf card the `beams[1]` most promising next sheep cards (by `value`), each a
  turn further with `beams[2]` cards, and so on. It deepens one turn at a time, up to
  `len(beams)` turns, while the next depth is expected to score at most `LEAF_BUDGET`
  positions (so endgames, where few cards and sheep are left, are searched deeper).
- **Transpositions**: positions reached by different sheep cards or wolf cards are
  searched once per decision (a table keyed by the whole position and depth left);
  sheep cards that lead to the same position are one child.
- If the wall-clock budget runs out it answers from the deepest search it finished.
  In the wolf-player variant it plays as the heuristic does.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

from pasture.core.bot import Turn
from pasture.core.game import Action
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.bots import HeuristicBot, _best, after_card_state, value
from pasture.games.baaaaa.state import BaaaaaState

LEAF_BUDGET = 40_000
"""Deepen once more only if the next depth, at the rate the last one grew, would score
no more positions than this (so every decision's work is bounded)."""
MARGIN_WEIGHT = 1e-4
"""Between positions equally sure to be won or lost, the one with the better margin."""
WIN_CURVE = (0.022, 0.258, 1.266)
"""`win_chance` is the logistic of bias + slope * value + steep * value / (sheep on the
mountain): fitted (maximum likelihood) to 52,268 positions of 2,000 games of the
heuristic bot, each labelled by whether that game was won."""

Key = tuple[object, ...]


class OutOfTime(Exception):
    """The decision's time budget ran out mid-search."""


def win_chance(s: BaaaaaState, v: float | None = None) -> float:
    """The chance that the team saves the flock from `s` (cooperative game); `v` is
    `value(s)` when already known."""
    if s.phase == rules.OVER:
        return 1.0 if s.saved > s.taken else 0.0
    bias, slope, steep = WIN_CURVE
    if v is None:
        v = value(s)
    z = bias + slope * v + steep * v / max(1, sum(s.sheep))
    return 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0


def leaf(s: BaaaaaState) -> float:
    """A searched position's score: its win chance, ties broken by the margin."""
    v = value(s)
    return win_chance(s, v) + MARGIN_WEIGHT * v


def position(s: BaaaaaState) -> Key:
    """Everything about `s` that its future depends on (cooperative game)."""
    return (
        s.phase,
        tuple(s.sheep),
        s.wolf,
        s.shepherd,
        s.saved,
        s.taken,
        tuple(s.avail),
        tuple(s.deck),
        s.sated,
    )


class Planner:
    """Depth-limited expectimax with a beam per level, transpositions and a deadline."""

    def __init__(self, beams: Sequence[int], deadline: float | None) -> None:
        self.beams = tuple(beams)
        self.deadline = deadline
        self.table: dict[tuple[Key, int], float] = {}
        self.leaves = 0

    def _check(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    def after_card(self, s: BaaaaaState, k: int) -> BaaaaaState:
        """`s` (phase DRAW) after wolf card k, a tie broken the team's way."""
        return after_card_state(s, k, win_chance)

    def after_sheep(self, s: BaaaaaState, depth: int) -> float:
        """`s` just after a sheep card: its expected win chance over the next wolf card,
        with `depth` turns (this one included) left to search."""
        if s.phase != rules.DRAW:
            return leaf(s)
        key = (position(s), depth)
        known = self.table.get(key)
        if known is not None:
            return known
        self._check()
        deck = s.deck
        total = 0.0
        for k, c in enumerate(deck):
            if c:
                t = self.after_card(s, k)
                if depth <= 1 or t.phase == rules.OVER:
                    self.leaves += 1
                    total += c * leaf(t)
                else:
                    total += c * self.best_turn(t, depth - 1)
        result = self.table[key] = total / sum(deck)
        return result

    def best_turn(self, s: BaaaaaState, depth: int) -> float:
        """`s` at a sheep card: the best value among the most promising cards."""
        if s.phase != rules.SHEEP:
            return leaf(s)
        seen: dict[Key, tuple[float, BaaaaaState]] = {}
        for action in rules.sheep_choices(s):
            t = s.clone()
            rules.apply(t, s.current, action)
            seen.setdefault(position(t), (value(t), t))
        children = sorted(seen.values(), key=lambda c: -c[0])
        width = self.beams[len(self.beams) - depth] if depth <= len(self.beams) else 1
        return max(self.after_sheep(t, depth) for _, t in children[:width])


class SearchBot(HeuristicBot):
    """Expectimax on the chance of saving the flock over the wolf deck's make-up."""

    name = "search"

    def __init__(self, beams: Sequence[int] = (6, 4, 3, 2), seconds: float | None = 1.0) -> None:
        self.beams = tuple(beams)
        self.seconds = seconds
        self.depth = 0
        """How many turns deep the last decision was searched."""

    def choose(self, turn: Turn) -> Action:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        s = turn.sample_state()
        assert isinstance(s, BaaaaaState)
        if s.wolf_seat is not None or s.phase != rules.SHEEP:
            return super().choose(turn)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        after = []
        for action in legal:
            t = s.clone()
            rules.apply(t, turn.seat, action)
            after.append(t)
        planner = Planner(self.beams, deadline)
        best = [planner.after_sheep(t, 1) for t in after]
        ranked = sorted(range(len(legal)), key=lambda i: -best[i])[: self.beams[0]]
        scored = [planner.leaves]  # positions scored at each depth so far
        self.depth = 1
        for depth in range(2, len(self.beams) + 1):
            if depth > 3 and scored[-1] * scored[-1] / max(1, scored[-2]) > LEAF_BUDGET:
                break
            planner.leaves = 0
            try:
                deeper = [planner.after_sheep(after[i], depth) for i in ranked]
            except OutOfTime:
                break
            best = [-1.0] * len(legal)
            for i, v in zip(ranked, deeper, strict=True):
                best[i] = v
            scored.append(planner.leaves)
            self.depth = depth
        return legal[_best(best, turn, maximize=True)]
