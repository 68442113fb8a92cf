"""The commonest Wypas events, made once for each set of values and then shared (events
are never changed once made): a bid step or a deal then costs no new event."""

from __future__ import annotations

from functools import cache

from pasture.core.game import Event


@cache
def of_seat(kind: str, seat: int) -> Event:
    """An event whose only detail is the seat: passed, redyk_done, shear_done, final_go."""
    return Event(kind, {"seat": seat})


@cache
def bid(kind: str, seat: int, total: int) -> Event:
    """raised or checked."""
    return Event(kind, {"seat": seat, "bid": total})


@cache
def laid(seat: int, card: str, value: int, hidden: bool) -> Event:
    public = {"seat": seat, "card": None if hidden else card, "value": value, "face_down": hidden}
    return Event("laid", public, {"card": card}, (seat,))


@cache
def auction(lot: int, opener: int) -> Event:
    return Event("auction", {"lot": lot, "opener": opener})


@cache
def placed(seat: int, pen: int, card: str, colour: str, value: int) -> Event:
    return Event(
        "placed", {"seat": seat, "pen": pen, "card": card, "colour": colour, "value": value}
    )


@cache
def dealt(to: int, card: str) -> Event:
    return Event("dealt", {"to": to}, {"card": card}, (to,))


@cache
def lot_drawn(baca: int, card: str) -> Event:
    return Event("lot_drawn", {"baca": baca}, {"card": card}, (baca,))
