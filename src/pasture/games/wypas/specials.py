"""Special cards (Thief, Sheepdog, Black Sheep, Wolf) and the reaction window (W-10).

Any seat holding a special card may play it whenever the engine waits for anyone,
except while a special card's own choice is pending (the Thief choosing a card, the
Black Sheep choosing a sheep). A card played opens a reaction window in which every
other seat must answer, holding a special card or not; a card played in the window
joins the queue and reopens it. When all have passed since the last card, the queue
resolves in the order played; a cancelled card and the Sheepdog that cancelled it have
no effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import compress
from typing import TYPE_CHECKING, Final, cast

from pasture.core.game import COMPILED, JSON, Action, Event, Record
from pasture.games.wypas import hand_facts, knowledge, pens, rules
from pasture.games.wypas.actions import (
    PlayBlackSheep,
    PlaySheepdog,
    PlayThief,
    PlayWolf,
    Steal,
    Swap,
)
from pasture.games.wypas.edition import BLACK_SHEEP, ROLE_NAMES, SHEEPDOG, THIEF, WOLF

if TYPE_CHECKING:
    from pasture.games.wypas.state import WypasState


class QueuedCard(Record):
    """A special card played into the reaction window (W-10)."""

    _names = ("seat", "role", "target", "pen", "cancels")
    __slots__ = _names

    def __init__(self, seat: int, role: int, target: int, pen: int, cancels: int) -> None:
        self.seat: Final = seat
        self.role: Final = role
        """THIEF, SHEEPDOG, BLACK_SHEEP or WOLF (edition.py)."""
        self.target: Final = target
        """The seat it is played on (-1: none, a Sheepdog cancelling a card)."""
        self.pen: Final = pen
        """The pen it is played on (-1: none)."""
        self.cancels: Final = cancels
        """The index in the queue of the card a Sheepdog cancels (-1: none)."""

    def _fields(self) -> tuple[int, int, int, int, int]:
        return (self.seat, self.role, self.target, self.pen, self.cancels)


class PendingChoice(Record):
    """A special card's own choice, made when it takes effect: the Thief picks a card of
    `target`'s hand, the Black Sheep a sheep in `target`'s pen `pen`."""

    _names = ("role", "chooser", "target", "pen")
    __slots__ = _names

    def __init__(self, role: int, chooser: int, target: int, pen: int) -> None:
        self.role: Final = role
        self.chooser: Final = chooser
        self.target: Final = target
        self.pen: Final = pen

    def _fields(self) -> tuple[int, int, int, int]:
        return (self.role, self.chooser, self.target, self.pen)


PenPlays = tuple[tuple[pens.PenPair, ...], list["list[Action] | None"]]
"""Every seat's pens, and the plays on them by which of the Sheepdog, Wolf and Black
Sheep are held (`_held_key`; None: not yet worked out)."""


__all__ = ["BLACK_SHEEP", "SHEEPDOG", "THIEF", "WOLF", "choices", "play", "plays"]


@cache
def thief_action(target: int) -> PlayThief:
    return PlayThief(target)


@cache
def wolf_action(seat: int, pen: int) -> PlayWolf:
    return PlayWolf(seat, pen)


@cache
def black_action(seat: int, pen: int) -> PlayBlackSheep:
    return PlayBlackSheep(seat, pen)


@cache
def dog_action(seat: int | None, pen: int | None) -> PlaySheepdog:
    return PlaySheepdog(seat, pen)


@cache
def steal_action(card: str) -> Steal:
    return Steal(card)


@cache
def swap_action(index: int) -> Swap:
    return Swap(index)


def plays(s: WypasState, seat: int, kinds_held: int) -> list[Action]:
    """The special cards `seat` may play now (the caller knows the engine is waiting);
    `kinds_held`: the special kinds it holds, as a bit set (`WypasState.held`)."""
    t = s.tables
    out: list[Action] = []
    if kinds_held >> t.thief & 1:  # the Thief, on every other seat whose hand is not empty
        if COMPILED:  # a native loop; the interpreter's C idiom is a generic one compiled
            held = s.held
            for target in range(s.num_players):
                if held[target] and target != seat:
                    out.append(THIEF_ON[target])
        else:  # THIEF_FROM: None for `seat`
            out = list(filter(None, compress(THIEF_FROM[seat], s.held)))
    dog = kinds_held >> t.dog & 1
    queue = s.queue
    if dog and queue:
        out.append(DOG_CANCELS)  # cancels the last card played (always uncancelled)
    wolf = kinds_held >> t.wolf & 1
    black = kinds_held >> t.black & 1
    if not (wolf or black or dog):
        return out
    # W-8a: a Wolf queued on a pen (the window open, nothing resolved yet) already
    # counts as that pen's Wolf, even if a Sheepdog may yet cancel it.
    if wolf and queue and any(q.role == WOLF for q in queue):
        out += _pen_plays(s, dog, wolf, black)  # W-8a: depends on the queue too
        return out
    # Pen pairs are immutable values, replaced on change: the plays on them are kept with
    # the pairs they were worked out for, and reused (by clones too) until a pen changes,
    # by the special kinds held (only whether each is held matters).
    cached = s.pen_plays
    if cached is None or not _same_pens(cached[0], s.pens):
        cached = s.pen_plays = (tuple(s.pens), [None] * 8)
    key = _held_key(dog, wolf, black)
    found = cached[1][key]
    if found is None:
        found = cached[1][key] = _pen_plays(s, dog, wolf, black)
    out += found
    return out


def _held_key(dog: int, wolf: int, black: int) -> int:
    """Which of the three pen cards are held (each 0 or 1), as a number from 0 to 7: a
    small int (the kinds held as a bit set, compiled, is a new int object each time)."""
    return dog | wolf << 1 | black << 2


def _same_pens(seen: tuple[pens.PenPair, ...], now: list[pens.PenPair]) -> bool:
    """True when every seat's pens are the ones the plays were worked out for: compiled,
    the very same pair objects, read as objects (read as pairs, each would be unpacked
    into a C struct first); a pair is replaced whenever a pen changes, so a new pair of
    the same pens only costs the plays worked out again. Interpreted, equal pairs, in
    one C comparison."""
    if COMPILED:
        seen_pairs = cast("tuple[object, ...]", seen)
        now_pairs = cast("list[object]", now)
        return all(now_pairs[seat] is seen_pairs[seat] for seat in range(len(now_pairs)))
    return seen == tuple(now)


def _pen_plays(s: WypasState, dog: int, wolf: int, black: int) -> list[Action]:
    """The Sheepdog, Wolf and Black Sheep plays on pens, pen by pen."""
    out: list[Action] = []
    queue = s.queue
    # W-8a: a Wolf queued on a pen (the window open, nothing resolved yet) already
    # counts as that pen's Wolf, even if a Sheepdog may yet cancel it.
    wolfed = [(q.target, q.pen) for q in queue if q.role == WOLF] if wolf and queue else ()
    for owner in range(s.num_players):
        p0, p1 = s.pens[owner]  # each pen by name: compiled, a pair iterated is boxed anew
        if p0.cards:
            _add_pen_plays(out, owner, 0, p0, dog, wolf, black, wolfed)
        if p1.cards:
            _add_pen_plays(out, owner, 1, p1, dog, wolf, black, wolfed)
    return out


def _add_pen_plays(
    out: list[Action],
    owner: int,
    p: int,
    pen: pens.Pen,
    dog: int,
    wolf: int,
    black: int,
    wolfed: Sequence[tuple[int, int]],
) -> None:
    """Add the special plays on `owner`'s pen `p` (not empty), in `_pen_plays`' order."""
    if pen.wolf:
        if dog:
            out.append(DOG_ON[owner][p])
    elif wolf and len(pen.cards) >= 2 and (owner, p) not in wolfed:
        out.append(WOLF_ON[owner][p])  # W-8: one Wolf per pen; Black Sheep count
    # A row holds a real sheep exactly when it is not ANY (pens.py).
    if black and len(pen.cards) >= 2 and pen.row != pens.ANY:
        out.append(BLACK_ON[owner][p])


SEATS: Final = range(16)
"""More seats than any table has."""
THIEF_ON: Final = tuple(thief_action(t) for t in SEATS)
THIEF_FROM: Final = tuple(
    tuple(None if t == seat else THIEF_ON[t] for t in SEATS) for seat in SEATS
)
"""`THIEF_FROM[seat][t]`: the Thief played by `seat` on `t` (None on itself)."""
DOG_CANCELS: Final = dog_action(None, None)
DOG_ON: Final = tuple((dog_action(t, 0), dog_action(t, 1)) for t in SEATS)
WOLF_ON: Final = tuple((wolf_action(t, 0), wolf_action(t, 1)) for t in SEATS)
BLACK_ON: Final = tuple((black_action(t, 0), black_action(t, 1)) for t in SEATS)
"""The special plays, made once (seat -> pen -> action)."""


def play(s: WypasState, seat: int, action: Action, ev: list[Event]) -> None:
    sp = s.edition.special
    kind = type(action)
    target, pen, cancels = -1, -1, -1
    if kind is PlayThief:
        assert isinstance(action, PlayThief)
        role, target = THIEF, action.target
    elif kind is PlayWolf:
        assert isinstance(action, PlayWolf)
        role, target, pen = WOLF, action.seat, action.pen
    elif kind is PlayBlackSheep:
        assert isinstance(action, PlayBlackSheep)
        role, target, pen = BLACK_SHEEP, action.seat, action.pen
    else:
        assert isinstance(action, PlaySheepdog)
        role = SHEEPDOG
        if action.seat is None:
            cancels = len(s.queue) - 1
        else:
            target, pen = action.seat, action.pen if action.pen is not None else -1
    hand_facts.remove(s, seat, sp[role])
    knowledge.lose(s, seat, sp[role], None)
    s.queue = [*s.queue, QueuedCard(seat, role, target, pen, cancels)]  # replaced: shared
    n = s.num_players
    s.waiting = [(seat + i) % n for i in range(1, n)]  # everyone else, clockwise
    ev.append(Event("special", entry_json(s.queue[-1])))


def entry_json(entry: QueuedCard) -> dict[str, JSON]:
    role, target, pen, cancels = entry.role, entry.target, entry.pen, entry.cancels
    return {
        "seat": entry.seat,
        "card": ROLE_NAMES[role],
        "target": target if target >= 0 else None,
        "pen": pen if pen >= 0 else None,
        "cancels": cancels if cancels >= 0 else None,
    }


def effective(queue: list[QueuedCard]) -> list[int]:
    """1 for each queued card that takes effect: a Sheepdog that takes effect cancels its
    target (which may be a Sheepdog, whose own cancellation then fails)."""
    eff = [1] * len(queue)
    for i in range(len(queue) - 1, -1, -1):
        cancels = queue[i].cancels
        if eff[i] and cancels >= 0:
            eff[cancels] = 0
    return eff


def no_reaction(s: WypasState, seat: int, ev: list[Event]) -> None:
    waiting = s.waiting = s.waiting[:]  # replaced, not changed in place: copies share it
    waiting.remove(seat)
    if not s.waiting:
        s.effective = effective(s.queue)
        s.resolving = 0
        ev.append(Event("resolve", {"effective": s.effective[:]}))
        _resolve(s, ev)


def _resolve(s: WypasState, ev: list[Event]) -> None:
    e = s.edition
    sp = e.special
    while s.resolving < len(s.queue):
        i = s.resolving
        entry = s.queue[i]
        seat, role, target, p = entry.seat, entry.role, entry.target, entry.pen
        s.resolving += 1
        card = sp[role]
        if not s.effective[i]:
            s.discard[card] = s.discard[card] + 1
            ev.append(Event("cancelled", {"index": i, **entry_json(s.queue[i])}))
            continue
        if role == THIEF:
            s.discard[card] = s.discard[card] + 1
            if s.held[target]:
                s.pending = PendingChoice(THIEF, seat, target, -1)
                ev.append(Event("thief_looks", {"seat": seat, "victim": target}))
                return
            ev.append(Event("fizzled", {"index": i, "reason": "empty hand"}))
        elif role == WOLF:
            pen = s.pens[target][p]
            if not pen.wolf and len(pen.cards) >= 2:
                s.pens[target] = pens.put(s.pens[target], p, pens.with_wolf(pen, True))
                ev.append(Event("wolf_placed", {"seat": target, "pen": p}))
            else:
                s.discard[card] = s.discard[card] + 1
                ev.append(Event("fizzled", {"index": i, "reason": "pen"}))
        elif role == BLACK_SHEEP:
            pen = s.pens[target][p]
            if len(pen.cards) >= 2 and pens.real_sheep(pen, card):
                s.pending = PendingChoice(BLACK_SHEEP, seat, target, p)
                return
            s.discard[card] = s.discard[card] + 1
            ev.append(Event("fizzled", {"index": i, "reason": "pen"}))
        else:  # Sheepdog
            s.discard[card] = s.discard[card] + 1
            if target >= 0:
                pen = s.pens[target][p]
                if pen.wolf:
                    s.pens[target] = pens.put(s.pens[target], p, pens.with_wolf(pen, False))
                    s.discard[sp[WOLF]] = s.discard[sp[WOLF]] + 1
                    ev.append(Event("wolf_driven_off", {"seat": target, "pen": p}))
                else:
                    ev.append(Event("fizzled", {"index": i, "reason": "no wolf"}))
    s.queue = []
    s.effective = []
    s.resolving = -1
    _back_to_play(s, ev)


def _back_to_play(s: WypasState, ev: list[Event]) -> None:
    """The interrupted decision resumes; a Redyk go whose hand emptied ends (public)."""
    if s.phase == rules.REDYK and not s.held[s.current]:
        rules.next_redyk_go(s, ev)


def choices(s: WypasState, seat: int) -> list[Action]:
    pending = s.pending
    assert pending is not None
    if seat != pending.chooser:
        return []
    if pending.role == THIEF:
        return list(compress(s.tables.steal, s.hands[pending.target]))
    pen = s.pens[pending.target][pending.pen]
    black = s.edition.special[BLACK_SHEEP]
    return [swap_action(i) for i in pens.real_sheep(pen, black)]


def choose(s: WypasState, seat: int, action: Action, ev: list[Event]) -> None:
    pending = s.pending
    assert pending is not None
    e = s.edition
    if isinstance(action, Steal):
        victim = pending.target
        k = e.position[action.card]
        hand_facts.remove(s, victim, k)
        hand_facts.add(s, seat, k)
        knowledge.lose(s, victim, k, (seat, victim))
        knowledge.gain(s, seat, k, (seat, victim))
        knowledge.looked(s, seat, victim)  # the Thief saw the whole hand
        ev.append(
            Event("stolen", {"seat": seat, "victim": victim}, {"card": action.card}, (seat, victim))
        )
    else:
        assert isinstance(action, Swap)
        owner, p = pending.target, pending.pen
        black = e.special[BLACK_SHEEP]
        swapped, k = pens.swap_in_black(s.pens[owner][p], action.index, black)
        s.pens[owner] = pens.put(s.pens[owner], p, swapped)
        hand_facts.add(s, seat, k)
        knowledge.gain(s, seat, k, None)
        ev.append(
            Event(
                "black_sheep_swap",
                {"seat": seat, "owner": owner, "pen": p, "index": action.index, "card": e.kinds[k]},
            )
        )
    s.pending = None
    _resolve(s, ev)
