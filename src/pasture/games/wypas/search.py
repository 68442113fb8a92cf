"""The Wypas search bot: information-set search with the heuristic bot (its bid
valuation, building and shearing rules) as rollout policy and prior, rollouts cut after
a few decisions, and a leaf evaluation of points scored plus what the pens may yet
shear."""

from __future__ import annotations

from collections.abc import Sequence

from pasture.bots.search import Budget, Guide, SearchBot, score_shares
from pasture.core.game import State
from pasture.games.wypas.bots import HeuristicBot
from pasture.games.wypas.state import WypasState

ROW = 0.6
"""A card lying in a row counts this many points (a row of 3 shears for about 2 each)."""
SPREAD = 4.0
"""Points of lead that make a seat about e times as likely to win."""


def evaluate(state: State) -> Sequence[float]:
    assert isinstance(state, WypasState)
    worth = [
        score + ROW * sum(len(pen.cards) for pen in pens)
        for score, pens in zip(state.scores, state.pens, strict=True)
    ]
    return score_shares(worth, SPREAD)


GUIDE = Guide(evaluate=evaluate, policy=HeuristicBot)


def search_bot(budget: Budget | None = None) -> SearchBot:
    return SearchBot(GUIDE, budget or Budget(iterations=60, seconds=1.0), max_rollout=40)
