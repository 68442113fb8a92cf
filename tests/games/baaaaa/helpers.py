"""Helpers for Baaaaa! rule tests: choose the cards played and the wolf cards turned."""

from __future__ import annotations

from typing import Any

from pasture.core import CHANCE
from pasture.games.baaaaa import GAME, BaaaaaState
from pasture.games.baaaaa.actions import PlaySheepCard, PlayWolfCard, TakeSheep, TurnWolfCard
from pasture.games.baaaaa.board import space

SPACES = 12


def fresh(players: int = 1, **options: Any) -> BaaaaaState:
    return GAME.new_state(players, options)


def place(
    s: BaaaaaState,
    sheep: dict[int, int],
    wolf: int | None = None,
    shepherd: int | None = None,
    saved: int = 0,
) -> BaaaaaState:
    """Put the pieces where a test needs them (reaching such a position by play would
    take many turns); the sheep not placed nor saved are in the larder."""
    s.sheep = [sheep.get(sp, 0) for sp in range(SPACES)]
    s.saved = saved
    s.taken = s.edition.sheep - sum(s.sheep) - saved
    assert s.taken >= 0
    if wolf is not None:
        s.wolf = wolf
    if shepherd is not None:
        s.shepherd = shepherd
    s.check_invariants()
    return s


def play(s: BaaaaaState, card: str, at: int | None = None, count: int = 1) -> list[Any]:
    seat = s.actors()[0]
    return s.apply(seat, PlaySheepCard(card, at, count))


def turn(s: BaaaaaState, card: str) -> list[Any]:
    return s.apply(CHANCE, TurnWolfCard(card))


def pick(s: BaaaaaState, card: str) -> list[Any]:
    assert s.wolf_seat is not None
    return s.apply(s.wolf_seat, PlayWolfCard(card))


def take(s: BaaaaaState, at: int) -> list[Any]:
    return s.apply(s.actors()[0], TakeSheep(at))


def pieces(s: BaaaaaState) -> dict[int, int]:
    return {sp: n for sp, n in enumerate(s.sheep) if n}


__all__ = ["fresh", "pick", "pieces", "place", "play", "space", "take", "turn"]
