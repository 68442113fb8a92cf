"""The Baaaaa! search bot: expectimax over the known make-up of the remaining wolf deck.

In the cooperative game nothing is hidden but the order of the wolf deck, and its
make-up is known exactly (the view's `wolf_unseen`), so the team's best play is an
expectimax: its own sheep card at max nodes, every kind of wolf card that can come next
at chance nodes, weighted by its count. `search` looks three turns ahead: its `beams[0]`
best sheep cards (by the one-turn expectimax), then for each wolf card its `beams[1]`
most promising next sheep cards (by `value`), each searched one more turn with its
`beams[2]` most promising cards. Leaves are scored by the heuristic's `value`. If the
time budget runs out it answers from the deepest search it finished. In the wolf-player
variant, and for ties, it plays as the heuristic does.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from pasture.core.bot import Turn
from pasture.core.game import Action
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.bots import (
    HeuristicBot,
    _after_card_state,
    _best,
    expected_wolf_step,
    value,
)
from pasture.games.baaaaa.state import BaaaaaState


class OutOfTime(Exception):
    """The decision's time budget ran out mid-search."""


class Planner:
    """Depth-limited expectimax with a beam per level and a deadline."""

    def __init__(self, beams: Sequence[int], deadline: float | None) -> None:
        self.beams = tuple(beams)
        self.deadline = deadline

    def _check(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    def after_sheep(self, s: BaaaaaState, depth: int) -> float:
        """`s` just after a sheep card: its expected value over the next wolf card, with
        `depth` turns (this one included) left to search."""
        if s.phase != rules.DRAW:
            return value(s)
        if depth <= 1:
            return expected_wolf_step(s)
        self._check()
        deck = s.deck
        total = 0.0
        for k, c in enumerate(deck):
            if c:
                t = _after_card_state(s, k)
                total += c * (value(t) if t.phase == rules.OVER else self.best_turn(t, depth - 1))
        return total / sum(deck)

    def best_turn(self, s: BaaaaaState, depth: int) -> float:
        """`s` at a sheep card: the best value among the most promising cards."""
        if s.phase != rules.SHEEP:
            return value(s)
        children = []
        for action in rules.sheep_choices(s):
            t = s.clone()
            rules.apply(t, s.current, action)
            children.append((value(t), t))
        children.sort(key=lambda c: -c[0])
        width = self.beams[len(self.beams) - depth] if depth <= len(self.beams) else 1
        return max(self.after_sheep(t, depth) for _, t in children[:width])


class SearchBot(HeuristicBot):
    """Three turns of expectimax over the wolf deck's make-up (cooperative game)."""

    name = "search"

    def __init__(self, beams: Sequence[int] = (6, 4, 3), seconds: float | None = 1.0) -> None:
        self.beams = tuple(beams)
        self.seconds = seconds

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
        scored = [expected_wolf_step(t) for t in after]
        ranked = sorted(range(len(legal)), key=lambda i: -scored[i])[: self.beams[0]]
        best = scored
        for depth in range(2, len(self.beams) + 1):
            planner = Planner(self.beams, deadline)
            try:
                deeper = [planner.after_sheep(after[i], depth) for i in ranked]
            except OutOfTime:
                break
            best = [-1e9] * len(legal)
            for i, v in zip(ranked, deeper, strict=True):
                best[i] = v
        return legal[_best(best, turn, maximize=True)]
