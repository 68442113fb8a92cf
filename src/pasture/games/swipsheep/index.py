"""Swip'Sheep's action index: every pass, attack, deal and draw, from the edition's kinds."""

from __future__ import annotations

from collections.abc import Mapping

from pasture.core.game import JSON
from pasture.core.index import ActionSet
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards
from pasture.games.swipsheep.edition import Edition


def action_set(edition: Edition, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
    kinds = edition.kinds
    passes = [PassCards(left, right) for left in kinds for right in (*kinds, None)]
    attacks = [Attack(t) for t in range(num_players)]
    return ActionSet(
        player=(*passes, *attacks),
        chance=(*(Deal(k) for k in kinds), *(Draw(k) for k in kinds)),
    )


def max_decisions(edition: Edition, num_players: int, rounds: int) -> int:
    """Per round every seat passes once and every Wolf attacks at most once."""
    return rounds * (num_players + edition.counts[edition.wolf])
