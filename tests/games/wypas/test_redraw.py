"""`determinize` re-deals the hidden cards uniformly: each hidden place keeps its size and
gets, on average, its share of every kind of hidden card."""

from __future__ import annotations

import random

import pasture
from pasture.games.wypas import rules as R
from pasture.games.wypas.state import WypasState
from tests.games.wypas.helpers import HideLot, act, start

HANDS = [
    ["yellow_1", "yellow_2", "orange_1", "orange_2", "magenta_1"],
    ["green_3", "red_2", "dolly_red", "thief", "red_1"],
    ["red_4", "red_3", "magenta_6", "orange_3", "green_1"],
]
DRAWS = 3000


def test_hidden_cards_are_re_dealt_uniformly_over_the_hidden_places() -> None:
    s = start(3, HANDS, ["sheepdog", "wolf"])
    act(s, 0, HideLot("wolf"))  # seat 1 cannot see the face-down Wolf lot, the deck, hands 0, 2
    assert s.phase == R.NAME
    me = 1
    places = {"hand 0": s.hands[0], "hand 2": s.hands[2], "deck": s.deck}
    hidden_total = [
        sum(p[k] for p in places.values()) + (k == s.auction.lots[0].kind)
        for k in range(len(s.deck))
    ]
    cards = sum(hidden_total)
    sizes = {name: sum(pile) for name, pile in places.items()}
    sums = {name: [0] * len(s.deck) for name in places}
    lot_kinds = [0] * len(s.deck)
    rng = random.Random(5)
    for _ in range(DRAWS):
        t = s.determinize(me, rng)
        assert isinstance(t, WypasState)
        assert t.hands[me] == s.hands[me]
        assert t.view(me) == s.view(me)
        redrawn = {"hand 0": t.hands[0], "hand 2": t.hands[2], "deck": t.deck}
        for name, pile in redrawn.items():
            assert sum(pile) == sizes[name]
            sums[name] = [a + b for a, b in zip(sums[name], pile, strict=True)]
        lot_kinds[t.auction.lots[0].kind] += 1
    for name, size in sizes.items():
        for k, total in enumerate(hidden_total):
            expected = total * size / cards
            assert abs(sums[name][k] / DRAWS - expected) < 0.1, (name, s.edition.kinds[k])
    for k, total in enumerate(hidden_total):
        assert abs(lot_kinds[k] / DRAWS - total / cards) < 0.05, s.edition.kinds[k]


def test_the_compiled_builds_re_drawn_state_is_the_interpreted_ones() -> None:
    """A compiled state has no `__dict__`, so `determinize` builds its re-drawn state from
    the attributes `clone` shares (`redraw._native_copy`); given the parts a re-draw made,
    that copy must hold the very attributes and JSON of the interpreted one."""
    from pasture.games.wypas import redraw

    s = start(3, HANDS, ["sheepdog", "wolf"])
    act(s, 0, HideLot("wolf"))
    t = s.determinize(1, random.Random(5))
    assert isinstance(t, WypasState)
    parts = (t.deck, t.hidden_discard, t.hands, t.held, t.reach, t.drawn, t.auction, t.known)
    native = redraw._native_copy(s, *parts)
    if not pasture.compiled():  # compiled, neither has a `__dict__` (nor other attributes)
        assert sorted(vars(native)) == sorted(vars(t))
    assert native.to_json() == t.to_json()
    assert (native.held, native.reach, native.deck_at) == (t.held, t.reach, None)


def test_the_kinds_of_a_bit_set_are_its_set_bits_in_order() -> None:
    """The compiled re-draw walks a hand's kinds by its `held` bits (`redraw._kinds_in`),
    where the interpreter walks the counts: the same kinds, in the same order."""
    from pasture.games.wypas import redraw

    assert redraw._kinds_in(0) == []
    assert redraw._kinds_in(0b1011) == [0, 1, 3]
    rng = random.Random(4)
    for _ in range(200):
        hand = [rng.choice((0, 0, 0, 1, 2)) for _ in range(36)]
        bits = sum(1 << k for k, count in enumerate(hand) if count)
        assert redraw._kinds_in(bits) == [k for k, count in enumerate(hand) if count]


def test_the_pool_is_the_deck_spelled_out_either_way() -> None:
    """The compiled re-draw spells the deck out by a native loop (`_spelled_out`), the
    interpreter by joining runs of bytes (`_joined`): the same cards in the same order,
    so the same draws."""
    from pasture.games.wypas import redraw

    s = start(3, HANDS, ["sheepdog", "wolf"])
    rng = random.Random(6)
    for _ in range(100):
        deck = [rng.randint(0, count) for count in s.edition.counts]
        expected = [k for k, count in enumerate(deck) for _ in range(count)]
        assert redraw._joined(s.tables, deck) == expected
        assert redraw._spelled_out(s.tables, deck) == expected
