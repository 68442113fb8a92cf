"""Setting up Wilson & Shep positions by choosing every decision, chance included."""

from __future__ import annotations

from collections.abc import Sequence

from pasture.core import CHANCE
from pasture.core.game import Event
from pasture.games.wilson_shep import GAME, WilsonShepState
from pasture.games.wilson_shep.actions import Hide, Move, Place, Reveal, Swap


def new_game(players: int = 2, **options: object) -> WilsonShepState:
    return GAME.new_state(players, options)


def reveal(state: WilsonShepState, picture: int | None = None) -> list[Event]:
    """Chance turns up the pending tile: `picture`, or the lowest picture not yet seen."""
    if picture is None:
        picture = min(o.action.picture for o in state.chance_outcomes())  # type: ignore[attr-defined]
    return state.apply(CHANCE, Reveal(picture))


def hide_and_place(state: WilsonShepState, hide: int, place: int) -> list[Event]:
    events = state.apply(state.wilson, Hide(hide))
    return events + state.apply(state.go, Place(place))


def turn(state: WilsonShepState, swap: tuple[int, int], to: int) -> list[Event]:
    """Wilson swaps, then the Shep player whose go it is moves; a sheep turned up gets
    the lowest unseen picture."""
    events = state.apply(state.wilson, Swap(*swap))
    events += state.apply(state.go, Move(to))
    if state.is_chance():
        events += reveal(state)
    return events


def play_round(
    state: WilsonShepState,
    hide: int,
    place: int,
    path: Sequence[int],
    swap: tuple[int, int] = (10, 11),
) -> list[Event]:
    """One round: Wilson hides at `hide`, Shep starts at `place` and walks `path`, Wilson
    making the same decoy swap each time (it must stay clear of Shep)."""
    events = hide_and_place(state, hide, place)
    for to in path:
        events += turn(state, swap, to)
    return events


SNAKE = (1, 2, 3, 7, 6, 5, 4, 8)
"""From position 0: eight fresh tiles, all clear of the decoy swap (10, 11)."""


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.type for e in events]


def round_over(events: Sequence[Event]) -> dict[str, object]:
    (event,) = [e for e in events if e.type == "round_over"]
    assert event.public is not None
    return event.public
