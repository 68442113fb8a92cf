"""What one seat may see of a Baaaaa! state, and re-drawing what it may not.

`view` is the single place hidden information is filtered. Only the wolf player's
drawn cards (variant) are ever hidden. `seat_view` is the part of a view in which a
seat's differs from a spectator's, `shared_view` the rest (the server sends every seat
the shared part with its own keys joined, so that is built once per change).
`determinize` re-draws the hidden cards from those the seat cannot tell from the cards
it has not seen (the deck plus those cards).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final

from pasture.core.game import JSON
from pasture.games.baaaaa import rules
from pasture.games.baaaaa.board import HUT

if TYPE_CHECKING:
    from pasture.games.baaaaa.state import BaaaaaState


def _named(kinds: tuple[str, ...], counts: list[int]) -> dict[str, int]:
    return {kind: c for kind, c in zip(kinds, counts) if c}  # noqa: B905 (compiled)


def unseen(s: BaaaaaState, seat: int | None) -> list[int]:
    """Wolf cards `seat` has not seen since the last reshuffle, by kind: the deck, plus
    the wolf player's cards it cannot tell. The next card comes from the deck."""
    counts = s.deck[:]
    if seat is None or seat != s.wolf_seat:
        for k in s.held[s.held_known :]:
            counts[k] = counts[k] + 1
    return counts


SEAT_KEYS: Final = ("seat", "wolf_unseen", "wolf_hand")
"""The keys of a view that `seat_view` gives for each seat."""


def seat_view(s: BaaaaaState, seat: int | None) -> dict[str, JSON]:
    """What of `view(s, seat)` is the seat's own: the keys of SEAT_KEYS it has."""
    wolf_kinds = s.edition.wolf_kinds
    out: dict[str, JSON] = {
        "seat": seat,
        "wolf_unseen": _named(wolf_kinds, unseen(s, seat)),
    }
    if s.wolf_seat is not None and seat == s.wolf_seat:
        out["wolf_hand"] = [wolf_kinds[k] for k in s.held]
    return out


def _table(s: BaaaaaState) -> dict[str, JSON]:
    """Every key of a view but the wolf player's hand and the result, in the view's order;
    the seat and the unseen wolf cards are left None."""
    e = s.edition
    wolf_kinds = e.wolf_kinds
    tie = None
    if s.phase == rules.TIE:
        tie = {
            "card": wolf_kinds[s.in_play],
            "spaces": s.tie[:],
            "chooser": rules.tie_chooser(s),
        }
    out: dict[str, JSON] = {
        "game": "baaaaa",
        "seat": None,
        "players": s.num_players,
        "wolf_seat": s.wolf_seat,
        "first_player": s.first,
        "phase": s.phase,
        "to_act": list(s.actors()),
        "current": s.current,
        "turn": s.turn + (s.phase != rules.OVER),
        "max_turns": s.max_turns,
        "sheep": s.sheep[:],
        "wolf": s.wolf,
        "shepherd": s.shepherd,
        "hut": HUT,
        "pastures": s.saved,
        "larder": s.taken,
        "sheep_cards": _named(e.sheep_kinds, s.avail),
        "sheep_cards_set_aside": _named(
            e.sheep_kinds,
            [c - a for c, a in zip(e.sheep_counts, s.avail)],  # noqa: B905 (compiled)
        ),
        "wolf_deck": sum(s.deck),
        "wolf_set_aside": _named(wolf_kinds, s.aside),
        "wolf_unseen": None,
        "wolf_in_play": wolf_kinds[s.in_play] if s.in_play >= 0 else None,
        "sated": s.sated,
        "reshuffles": s.reshuffles,
        "tie": tie,
        "last_sheep_card": s.last_sheep,
        "last_wolf_card": s.last_wolf,
    }
    if s.wolf_seat is not None:
        out["wolf_hand_size"] = len(s.held)
        out["wolf_hand_known"] = [wolf_kinds[k] for k in s.held[: s.held_known]]
    return out


def shared_view(s: BaaaaaState) -> dict[str, JSON]:
    """The keys of every view outside SEAT_KEYS: the same for every seat."""
    out = _table(s)
    del out["seat"], out["wolf_unseen"]
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def view(s: BaaaaaState, seat: int | None) -> dict[str, JSON]:
    out = _table(s)
    out.update(seat_view(s, seat))
    if s.phase == rules.OVER:
        out["result"] = s.result().to_json()
    return out


def determinize(s: BaaaaaState, seat: int | None, rng: random.Random) -> BaaaaaState:
    t = s.clone()
    hidden = len(s.held) - s.held_known
    if not hidden or seat == s.wolf_seat:
        return t
    pool = unseen(s, seat)
    drawn: list[int] = []
    for _ in range(hidden):
        x = rng.randrange(sum(pool))
        k = 0
        while x >= pool[k]:
            x -= pool[k]
            k += 1
        pool[k] = pool[k] - 1
        drawn.append(k)
    t.held = s.held[: s.held_known] + drawn
    t.deck = pool
    return t
