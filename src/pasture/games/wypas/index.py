"""Wypas's action index, derived from the edition: every card kind as each value it may be
laid or placed as, every lot, seat and pen a choice can name, and every deal."""

from __future__ import annotations

from collections.abc import Mapping

from pasture.core.game import JSON, Action
from pasture.core.index import ActionSet
from pasture.games.wypas import rules
from pasture.games.wypas.actions import (
    Deal,
    FirstBaca,
    HideLot,
    Lay,
    NameLot,
    PlayBlackSheep,
    PlaySheepdog,
    PlayThief,
    PlayWolf,
    Steal,
    Swap,
    TieBreak,
)
from pasture.games.wypas.auction import lots_per_turn
from pasture.games.wypas.edition import DOLLY, SHEEP, SUPER, Edition

PENS = (0, 1)


def _lays(e: Edition, bluff: bool) -> list[Action]:
    out: list[Action] = []
    for k, kind in enumerate(e.kinds):
        role = e.roles[k]
        if role == SHEEP:
            out.append(Lay(kind, e.value[k]))
        elif role in (DOLLY, SUPER):  # W-4: declared when laid
            out += [Lay(kind, v) for v in e.dolly_values]
        if bluff:  # W-6: any card face down, declared
            out += [Lay(kind, v, True) for v in e.declare_values]
    return out


def _places(e: Edition) -> list[Action]:
    out: list[Action] = []
    for k, kind in enumerate(e.kinds):
        role = e.roles[k]
        if role == SHEEP:
            shapes = [(e.colours[e.colour[k]], e.value[k])]
        elif role == DOLLY:
            shapes = [(e.colours[e.colour[k]], v) for v in e.dolly_values]
        elif role == SUPER:
            shapes = [(c, v) for c in e.colours for v in e.dolly_values]
        else:
            continue
        out += [rules.place_action(kind, p, c, v) for p in PENS for c, v in shapes]
    return out


def longest_row(e: Edition) -> int:
    """A run holds one sheep per value of a colour; a set one sheep per colour."""
    return max(max(e.value), len(e.colours))


def action_set(e: Edition, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
    seats = range(num_players)
    pens = [(seat, p) for seat in seats for p in PENS]
    player: list[Action] = [
        *(HideLot(kind) for kind in e.kinds),
        *(NameLot(lot) for lot in range(lots_per_turn(num_players))),
        *_lays(e, bool(options["bluff"])),
        rules.DONE,
        rules.PASS,
        *(TieBreak(seat) for seat in seats),
        *_places(e),
        *(rules.shear_action(p, bleat) for p in PENS for bleat in (True, False)),
        rules.NO_REACTION,
        *(PlayThief(seat) for seat in seats),
        *(PlayWolf(seat, p) for seat, p in pens),
        *(PlayBlackSheep(seat, p) for seat, p in pens),
        PlaySheepdog(),
        *(PlaySheepdog(seat, p) for seat, p in pens),
        *(Steal(kind) for kind in e.kinds),
        *(Swap(i) for i in range(longest_row(e))),
    ]
    chance: list[Action] = [*(Deal(kind) for kind in e.kinds), *(FirstBaca(s) for s in seats)]
    return ActionSet(tuple(player), tuple(chance))
