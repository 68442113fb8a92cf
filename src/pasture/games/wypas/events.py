"""The commonest Wypas events, made once for each set of values and then shared (events
are never changed once made): a bid step or a deal then costs no new event.

Each kind keeps its own dictionary rather than a `functools.cache`: compiled, a call to a
cache is a generic call through the object protocol (about 1,000 instructions with the
key built), where these functions are native calls and their look-ups C calls.
"""

from __future__ import annotations

from typing import Final, TypeVar

from pasture.core.game import Event

Key = TypeVar("Key")


def _kept(made: dict[Key, Event], key: Key, event: Event) -> Event:
    """Keeps `event` as the one for `key` (met for the first time)."""
    made[key] = event
    return event


_OF_SEAT: Final[dict[tuple[str, int], Event]] = {}
_BID: Final[dict[tuple[str, int, int], Event]] = {}
_LAID: Final[dict[tuple[int, str, int, bool], Event]] = {}
_AUCTION: Final[dict[tuple[int, int], Event]] = {}
_PLACED: Final[dict[tuple[int, int, str, str, int], Event]] = {}
_DEALT: Final[dict[tuple[int, str], Event]] = {}
_LOT_DRAWN: Final[dict[tuple[int, str], Event]] = {}


def of_seat(kind: str, seat: int) -> Event:
    """An event whose only detail is the seat: passed, redyk_done, shear_done, final_go."""
    key = (kind, seat)
    return _OF_SEAT.get(key) or _kept(_OF_SEAT, key, Event(kind, {"seat": seat}))


def bid(kind: str, seat: int, total: int) -> Event:
    """raised or checked."""
    key = (kind, seat, total)
    return _BID.get(key) or _kept(_BID, key, Event(kind, {"seat": seat, "bid": total}))


def laid(seat: int, card: str, value: int, hidden: bool) -> Event:
    key = (seat, card, value, hidden)
    found = _LAID.get(key)
    if found is not None:
        return found
    public = {"seat": seat, "card": None if hidden else card, "value": value, "face_down": hidden}
    return _kept(_LAID, key, Event("laid", public, {"card": card}, (seat,)))


def auction(lot: int, opener: int) -> Event:
    key = (lot, opener)
    return _AUCTION.get(key) or _kept(
        _AUCTION, key, Event("auction", {"lot": lot, "opener": opener})
    )


def placed(seat: int, pen: int, card: str, colour: str, value: int) -> Event:
    key = (seat, pen, card, colour, value)
    found = _PLACED.get(key)
    if found is not None:
        return found
    public = {"seat": seat, "pen": pen, "card": card, "colour": colour, "value": value}
    return _kept(_PLACED, key, Event("placed", public))


def dealt(to: int, card: str) -> Event:
    key = (to, card)
    return _DEALT.get(key) or _kept(_DEALT, key, Event("dealt", {"to": to}, {"card": card}, (to,)))


def lot_drawn(baca: int, card: str) -> Event:
    key = (baca, card)
    return _LOT_DRAWN.get(key) or _kept(
        _LOT_DRAWN, key, Event("lot_drawn", {"baca": baca}, {"card": card}, (baca,))
    )
