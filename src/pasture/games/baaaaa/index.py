"""Baaaaa!'s action index: every sheep card play the edition's tables allow (each card on
each space, Trios by count, the no-effect plays), the wolf cards, and the tie choices."""

from __future__ import annotations

from pasture.core.game import Action
from pasture.core.index import ActionSet
from pasture.games.baaaaa.rules import Tables


def action_set(tables: Tables) -> ActionSet:
    plays: list[Action] = [
        action
        for per_card in tables.play
        for per_space in per_card
        for action in per_space
        if action is not None
    ]
    return ActionSet(
        player=(*plays, *tables.no_effect, *tables.pick, *tables.take),
        chance=tables.turn,
    )


def max_decisions(max_turns: int) -> int:
    """Per turn: a sheep card, the wolf player's choice, and the ties of one wolf card."""
    return 4 * max_turns
