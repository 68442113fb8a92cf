"""The Swip'Sheep search bot: information-set search with the heuristic bot as rollout
policy and prior, and a leaf evaluation from the sheep scored and held."""

from __future__ import annotations

from collections.abc import Sequence

from pasture.bots.search import Budget, Guide, SearchBot, score_shares
from pasture.core.game import State
from pasture.games.swipsheep.bots import SwipSheepBot
from pasture.games.swipsheep.state import SwipSheepState

HELD = 0.5
"""A sheep in hand counts half a scored one: it may yet be passed on or stolen."""
SPREAD = 4.0
"""Points of lead that make a seat about e times as likely to win."""


def evaluate(state: State) -> Sequence[float]:
    assert isinstance(state, SwipSheepState)
    sheep = state.edition.sheep
    held = [sum(n * v for n, v in zip(hand, sheep, strict=True)) for hand in state.hands]
    return score_shares([s + HELD * h for s, h in zip(state.scores(), held, strict=True)], SPREAD)


GUIDE = Guide(evaluate=evaluate, policy=SwipSheepBot)


def search_bot(budget: Budget | None = None) -> SearchBot:
    return SearchBot(GUIDE, budget or Budget(iterations=200, seconds=1.0), max_rollout=40)
