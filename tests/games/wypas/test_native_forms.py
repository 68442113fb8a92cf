"""The compiled build's forms of the hot paths against the plain forms they replace: each
is run on copies of the same states along random playouts, and must leave the very same
state and events."""

from __future__ import annotations

import random

from pasture.core import CHANCE
from pasture.core.game import Action, Event, sample
from pasture.games.wypas import GAME
from pasture.games.wypas import rules as R
from pasture.games.wypas.state import WypasState


def _playout_steps(
    players: int, seed: int, **options: object
) -> list[tuple[WypasState, int, Action]]:
    """(state before, seat, action) at each step of one random playout."""
    rng = random.Random(seed)
    s = GAME.new_state(players, dict(options) if options else None)
    steps: list[tuple[WypasState, int, Action]] = []
    while not s.is_over():
        if s.is_chance():
            seat, action = CHANCE, sample(s.chance_outcomes(), rng)
        else:
            seat = s.actors()[0]
            action = rng.choice(s.legal_actions(seat))
        steps.append((s.clone(), seat, action))
        s.apply(seat, action)
    return steps


def _by_handlers(s: WypasState, seat: int, action: Action) -> list[Event]:
    """`rules.apply`'s plain form: the handler looked up in HANDLERS."""
    ev: list[Event] = []
    handler = R.HANDLERS.get(type(action))
    if handler is None:
        R.specials.play(s, seat, action, ev)
    else:
        handler(s, seat, action, ev)
    return ev


def test_the_native_dispatch_does_what_the_handlers_table_says() -> None:
    seen: set[type] = set()
    for players, seed, options in [
        (3, 1, {}),
        (4, 2, {"bluff": True}),
        (6, 3, {"first_baca": "random"}),
        (5, 4, {"bluff": True, "first_baca": "random"}),
    ]:
        for before, seat, action in _playout_steps(players, seed, **options):
            plain, native = before.clone(), before.clone()
            plain_events = _by_handlers(plain, seat, action)
            native_events: list[Event] = []
            R._handle(native, seat, action, native_events)
            assert native_events == plain_events
            assert native.to_json() == plain.to_json()
            seen.add(type(action))
    common = {t.__name__ for t in R.HANDLERS} - {"TieBreak"}  # a tie among checkers: rare
    assert common <= {t.__name__ for t in seen}


def _places_plainly(s: WypasState, seat: int) -> list[Action]:
    """`rules._place_actions`' plain form: each wanted colour and value looked up by
    kind in the edition, without the tables' `fits`."""
    e, t, hand = s.edition, s.tables, s.hands[seat]
    out: list[Action] = []
    sheep = s.held[seat] & t.sheep_bits
    if not sheep:
        return out
    for p, pen in enumerate(s.pens[seat]):
        wanted = R.pens.wanted(pen, len(e.colours))
        if wanted is None:
            out += [a for k in t.kinds if sheep >> k & 1 for a in t.places[k][p]]
            continue
        for colour, value in wanted:
            k = e.numbered.get((colour, value), -1)
            if k >= 0 and hand[k]:
                out.append(t.place[k, p, colour, value])
            if value in e.dolly_values:
                for d in (e.dolly_of[colour], e.super_dolly):
                    if d >= 0 and hand[d]:
                        out.append(t.place[d, p, colour, value])
    return out


def test_the_placements_listed_are_the_plain_forms() -> None:
    listed = 0
    for players, seed in [(3, 5), (4, 6), (6, 7)]:
        for before, _, _ in _playout_steps(players, seed):
            if before.phase == R.REDYK:
                seat = before.current
                assert R._place_actions(before, seat) == _places_plainly(before, seat)
                listed += 1
    assert listed > 50


def _shorn_plainly(
    pen: R.pens.Pen, black: int, wolf: int
) -> tuple[list[int], list[int], int, bool]:
    """`pens.shear`'s plain form: `max` and `sorted` with a key, `sum`."""
    cards = list(pen.cards)
    discarded: list[int] = []

    def score(card: R.pens.PenCard) -> int:
        return R.pens.score_value(card, black)

    if pen.wolf:
        discarded += [cards.pop(max(range(len(cards)), key=lambda i: score(cards[i]))).kind, wolf]
    n = len(cards)
    if n < 2:
        return [*discarded, *(c.kind for c in cards)], [], 0, False
    if n == 2:
        low, high = sorted(cards, key=score)
        return [*discarded, high.kind], [low.kind], score(low), True
    return discarded, [c.kind for c in cards], sum(map(score, cards)) + n - 3, True


def test_shearing_gives_what_the_plain_form_gives() -> None:
    sheared = 0
    for players, seed in [(3, 8), (4, 9), (6, 10)]:
        for before, _, _ in _playout_steps(players, seed):
            if before.phase != R.SHEAR:
                continue
            black, wolf = before.tables.black, before.tables.wolf
            for pair in before.pens:
                for pen in pair:
                    if pen.cards:
                        shorn = R.pens.shear(pen, black, wolf)
                        got = (shorn.discarded, shorn.kept, shorn.points, shorn.fleece)
                        assert got == _shorn_plainly(pen, black, wolf)
                        sheared += 1
    assert sheared > 50
