"""Baaaaa!'s fixed-shape observation of one seat's view.

Seats are counted from the observer clockwise (0: the observer); the mountain has 12
spaces (floor by floor, face by face, see board.py); S and W are the edition's sheep
card and wolf card kinds; n is the number of players. Layout, in order:

| slots | what |
| --- | --- |
| 5 | phase one-hot: sheep, draw, choose, tie, over |
| n | current player (relative) one-hot |
| n+1 | the wolf player (relative) one-hot, last slot: no wolf player |
| 12 | sheep on each space |
| 12 | the wolf's space one-hot |
| 12 | the shepherd's space one-hot |
| 2 | sheep saved, sheep taken |
| S | sheep cards available per kind |
| W | wolf cards set aside per kind |
| W | wolf cards this seat has not seen per kind (in the deck or the wolf's hand) |
| W | the wolf player's hand per kind: all of it for the wolf, the known cards for others |
| 1 | cards in the wolf player's hand |
| W+1 | the wolf card in play one-hot, last slot: none |
| 12 | the spaces to choose from in a tie |
| 3 | turn / max_turns, wolf sated, reshuffles |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pasture.core.encode import one_hot
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.board import SPACES
from pasture.games.baaaaa.view import unseen

if TYPE_CHECKING:
    from pasture.games.baaaaa.state import BaaaaaState

PHASES = (rules.SHEEP, rules.DRAW, rules.CHOOSE, rules.TIE, rules.OVER)


def shape(sheep_kinds: int, wolf_kinds: int, n: int) -> tuple[int, ...]:
    return (5 + 2 * n + 1 + 3 * SPACES + 2 + sheep_kinds + 4 * wolf_kinds + 2 + SPACES + 3,)


def observe(s: BaaaaaState, me: int) -> list[float]:
    n = s.num_players
    wolf_kinds = len(s.edition.wolf_kinds)
    out: list[float] = []
    one_hot(out, PHASES.index(s.phase), 5)
    one_hot(out, (s.current - me) % n, n)
    one_hot(out, n if s.wolf_seat is None else (s.wolf_seat - me) % n, n + 1)
    out += map(float, s.sheep)
    one_hot(out, s.wolf, SPACES)
    one_hot(out, s.shepherd, SPACES)
    out += [float(s.saved), float(s.taken)]
    out += map(float, s.avail)
    out += map(float, s.aside)
    out += map(float, unseen(s, me))
    shown = s.held if me == s.wolf_seat else s.held[: s.held_known]
    hand = [0.0] * wolf_kinds
    for k in shown:
        hand[k] += 1.0
    out += hand
    out.append(float(len(s.held)))
    one_hot(out, wolf_kinds if s.in_play < 0 else s.in_play, wolf_kinds + 1)
    tie = [0.0] * SPACES
    if s.phase == rules.TIE:
        for space in s.tie:
            tie[space] = 1.0
    out += tie
    out += [s.turn / s.max_turns, float(s.sated), float(s.reshuffles)]
    return out
