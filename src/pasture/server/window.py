"""Reaction windows that tell nobody who has answered (ruling W-10a).

A reaction window is a moment when several seats are waited for at once and each may let
it pass (`State.timeout_action(seat)` offers that answer). Were each pass applied the
moment it arrives, every other seat would see the table move, and how fast a seat
answered would tell whether it had anything to answer with. So the server holds those
answers: they are applied, committed and acknowledged together when the last seat has
answered. Anything else played meanwhile (a card that reopens the window) makes the held
answers moot: they are refused with `window_reopened` and the seats are asked again.
"""

from __future__ import annotations

from dataclasses import dataclass

from pasture.core.game import Action, State
from pasture.server.connection import Connection


@dataclass(slots=True)
class HeldAnswer:
    """One seat's pass, waiting for the window to close. `conn` is None for a bot or a
    timer; a reconnecting client that resends the same id takes the answer over."""

    seat: int
    action: Action
    client_id: str | None
    conn: Connection | None


def is_window_answer(state: State, seat: int, action: Action) -> bool:
    """Is this the automatic answer of a seat waited for together with others?"""
    actors = state.actors()
    return len(actors) > 1 and seat in actors and state.timeout_action(seat) == action


def closes(state: State, held: dict[int, HeldAnswer]) -> bool:
    """Every seat waited for has answered."""
    return all(seat in held for seat in state.actors())


def in_window_order(state: State, held: dict[int, HeldAnswer]) -> list[HeldAnswer]:
    """The held answers in the order the seats are waited for, never in arrival order
    (the record must not keep who was quicker either)."""
    order = {seat: i for i, seat in enumerate(state.actors())}
    return sorted(held.values(), key=lambda h: order.get(h.seat, len(order)))
