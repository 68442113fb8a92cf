"""Swip'Sheep's fixed-shape observation of one seat's view.

Seats are counted from the observer clockwise (0: the observer, 1: its left
neighbour, ...); K is the number of card kinds (5 in the default edition), n the
number of players. Layout, in order:

| slots | what |
| --- | --- |
| 4 | phase one-hot: deal, pass, attack, over |
| 2 | round / rounds, rounds |
| n | first player (relative) one-hot |
| n | seats to act (relative) |
| K | my hand (count per kind) |
| 2(K+1) | my pass this round: the card to the left, the card to the right (+ none) |
| 2K | after the passes: the card my right neighbour passed me, my left neighbour's |
| n | hand sizes (relative) |
| n | passes chosen (relative; pass phase) |
| n | laid wolves (relative) |
| n+1 | attacker (relative) one-hot, last slot: none |
| K | cards set aside this round |
| nK | scored cards per seat (relative) and kind |
| n | scores (relative) |
| 1 | cards in the deck |

The round's draws are not encoded beyond the hands they changed; the information state
(`core.machine`) keeps every event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pasture.core.encode import hots, one_hot, rotated
from pasture.games.swipsheep import rules

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState

PHASES = (rules.DEAL, rules.PASS, rules.ATTACK, rules.OVER)


def shape(kinds: int, n: int) -> tuple[int, ...]:
    return (
        4 + 2 + 2 * n + kinds + 2 * (kinds + 1) + 2 * kinds + 4 * n + 1 + kinds + n * kinds + n + 1,
    )


def observe(s: SwipSheepState, me: int) -> list[float]:
    n = s.num_players
    e = s.edition
    kinds = len(e.kinds)
    kind_hot = hots(kinds)  # kind_hot[kinds]: none
    pass_hot = hots(kinds + 1)  # a pass slot group has its own "none" slot
    out: list[float] = []
    one_hot(out, PHASES.index(s.phase), 4)
    out += [min(s.round + 1, s.rounds) / s.rounds, float(s.rounds)]
    out += hots(n)[(s.first - me) % n]
    acting = [0.0] * n
    for p in s.actors():
        acting[(p - me) % n] = 1.0
    out += acting
    out += map(float, s.hands[me])
    choice = s.passes[me]
    out += pass_hot[kinds if choice is None or choice[0] is None else choice[0]]
    out += pass_hot[kinds if choice is None or choice[1] is None else choice[1]]
    resolved = s.phase == rules.ATTACK  # the cards have moved: each seat saw what it got
    from_right = s.passes[(me - 1) % n] if resolved else None
    from_left = s.passes[(me + 1) % n] if resolved else None
    right = from_right[0] if from_right else None
    left = from_left[1] if from_left else None
    out += kind_hot[kinds if right is None else right]
    out += kind_hot[kinds if left is None else left]
    out += rotated(map(sum, s.hands), me, n)
    passing = s.phase == rules.PASS
    out += rotated([passing and p is not None for p in s.passes], me, n)
    out += rotated(s.laid, me, n)
    one_hot(out, n if s.attacker is None else (s.attacker - me) % n, n + 1)
    out += map(float, s.aside)
    for p in range(n):
        out += map(float, s.scored[(me + p) % n])
    out += rotated(s.scores(), me, n)
    out.append(float(sum(s.deck)))
    return out
