"""Which states of a long playout the costly checks look at.

Wypas at 4-6 players plays thousands of steps a match, most of them alike (bids, passes,
deals). A check that looks at a state in `stride` at random positions meets the common
moments hundreds of times and may miss a rare one (a Wolf, a Swap, a Black Sheep: a few
a match). `Moments` picks every step of a kind not met `first` times yet in the playout,
and one step in `stride` besides, and the end. A kind of moment is what is about to
happen (the action's kind; chance or a seat; one actor or several, as in a reaction
window; a seat out of turn) after what just happened (the previous action's kind), so
every phase change, every chance step after each kind of action, every special card and
every reaction to it is checked at least `first` times in every playout, and the
ordinary steps are checked at one in `stride`, at other positions in other playouts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from typing import TypeVar

from pasture.core import CHANCE, State
from pasture.core.game import Action

T = TypeVar("T")
Step = tuple[int, Action]
"""A step about to be taken: the seat (CHANCE for chance) and its action."""


def moment_kind(state: State, step: Step | None) -> Hashable:
    """What kind of moment `state`, about to take `step` (None at the end), is."""
    if step is None:
        return None
    seat, action = step
    actors = state.actors()
    return (action.kind, seat == CHANCE, len(actors) > 1, seat != CHANCE and seat not in actors)


class Moments:
    """Picks the states of one playout that a costly check looks at (see the module)."""

    def __init__(self, stride: int, offset: int = 0, first: int = 2, after: bool = True) -> None:
        self.stride = stride
        self.offset = offset
        self.first = first
        self.after = after
        """Whether a kind of moment says what just happened (else only what is to come)."""
        self.met: Counter[Hashable] = Counter()
        self.index = -1
        self.picked = 0
        self.previous: str | None = None
        self.new = False
        """Whether the state last picked is of a kind met for the first time."""

    def pick(self, state: State, step: Step | None) -> bool:
        """Whether to check `state` (the next one of the playout), about to take `step`
        (None at the end of the playout)."""
        kind = (self.previous, moment_kind(state, step))
        if self.after:
            self.previous = None if step is None else step[1].kind
        return self.pick_kind(kind, end=step is None)

    def pick_kind(self, kind: Hashable, end: bool = False) -> bool:
        """Whether to check the next state of the playout, a moment of `kind` (the end of
        the playout if `end`)."""
        self.index += 1
        self.met[kind] += 1
        self.new = self.met[kind] == 1
        if self.stride == 1 or end or self.met[kind] <= self.first:
            self.picked += 1
            return True
        if (self.index + self.offset) % self.stride:
            return False
        self.picked += 1
        return True

    def seats(self, seats: Sequence[T], every: int = 0, at_new: bool = True) -> Sequence[T]:
        """Whose side of the state just picked to check: every seat's where every step is
        checked, at a kind of moment met for the first time (unless not `at_new`) and at
        one pick in `every` (if given); one seat's in turn at the others."""
        if self.stride == 1 or (at_new and self.new) or (every and self.picked % every == 0):
            return seats
        return [seats[self.picked % len(seats)]]
