"""Legality has one source of truth, `legal_actions`; every shortcut must agree with it.

- Each game's `fast_legal` (and Wypas's `chance_ok` and cached check) is a second source
  of legality: brute force, at states met along playouts, over every seat (chance
  included) and a pool of candidate actions (every seat's legal actions, actions seen
  at other moments, and neighbours of them), the state's own check must accept exactly
  what the generic check accepts, and a shortcut may never vouch for an illegal action.
- Hypothesis drives each game with legal and illegal actions mixed in any order: every
  illegal one raises `IllegalAction` with a code and changes nothing, every legal one is
  carried out, and the invariants hold throughout.
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pasture import games
from pasture.core import CHANCE, Game, IllegalAction, State
from pasture.core.game import JSON, Action, sample
from tests.games.sampling import Moments

GAMES = games.all_games()
IDS = [g.name for g in GAMES]


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def accepted(check: Callable[[int, Action], None], seat: int, action: Action) -> bool:
    try:
        check(seat, action)
    except IllegalAction:
        return False
    return True


def generic_check(state: State) -> Callable[[int, Action], None]:
    """The core's full check (legal iff listed by `legal_actions`), whatever the game's
    own `check_legal` does."""
    return lambda seat, action: State.check_legal(state, seat, action)


def neighbours(game: Game, action: Action) -> Iterator[Action]:
    """Well-formed actions one small change away (each goes through `parse_action`, as
    input from a client would): each int field moved by one or negated, each bool
    flipped, an optional field set or cleared, two int fields exchanged."""
    base = action.to_json()
    variants: list[dict[str, Any]] = []
    for name, value in base.items():
        if name == "kind":
            continue
        changes: list[object] = []
        if isinstance(value, bool):
            changes = [not value]
        elif isinstance(value, int):
            changes = [value + 1, value - 1, -value - 1, None]
        elif value is None:
            changes = [0, 1]
        variants += [{**base, name: new} for new in changes]
    ints = [n for n, v in base.items() if type(v) is int]
    if len(ints) >= 2:
        a, b = ints[:2]
        variants.append({**base, a: base[b], b: base[a]})
    for variant in variants:
        try:
            yield game.parse_action(variant)
        except IllegalAction:
            continue


def shortcuts(game: Game) -> dict[str, Callable[[State, int, Action], bool]]:
    """The game's second sources of legality, by name."""
    rules = importlib.import_module(f"pasture.games.{game.name}.rules")
    found = {}
    for name in ("fast_legal", "chance_ok"):
        fn = getattr(rules, name, None)
        if fn is not None:
            # chance_ok(s, action) is asked only for the chance seat
            found[name] = (
                fn if name == "fast_legal" else (lambda s, p, a, f=fn: p == CHANCE and f(s, a))
            )
    return found


def states_along(
    game: Game, players: int, seed: int, moments: Moments, options: dict[str, JSON] | None = None
) -> Iterator[State]:
    """The states of a random playout that `moments` picks."""
    rng = random.Random(seed)
    state = game.new_state(players, options)
    while True:
        if state.is_over():
            moments.pick(state, None)
            yield state
            return
        if state.is_chance():
            step = (CHANCE, sample(state.chance_outcomes(), rng))
        else:
            seat = rng.choice(state.actors())
            step = (seat, rng.choice(state.legal_actions(seat)))
        if moments.pick(state, step):
            yield state
        state.apply(*step)


@dataclass
class Agreement:
    """What `check_agreement` tried over the states it was given."""

    pool: list[Action] = field(default_factory=list)
    """Actions legal at earlier states, tried at later ones too."""
    checked: int = 0
    vouched: int = 0


def check_agreement(game: Game, state: State, tried: Agreement) -> None:
    """At `state`, for every seat (chance included) and every candidate action (every
    seat's legal actions, the last of those met earlier, and neighbours of them), the
    state's own check accepts exactly what the generic check accepts, and no shortcut
    vouches for an illegal action; checking changes nothing."""
    found = shortcuts(game)
    before = snapshot(state)
    generic = generic_check(state)
    seats = [CHANCE, *range(state.num_players)]
    here = [o.action for o in state.chance_outcomes()]
    for seat in range(state.num_players):
        here += state.legal_actions(seat)
    candidates = list(dict.fromkeys([*here, *tried.pool[-40:]]))
    candidates += [n for a in candidates[:60] for n in neighbours(game, a)]
    for action in candidates:
        for seat in seats:
            full = accepted(generic, seat, action)
            assert accepted(state.check_legal, seat, action) == full, (seat, action)
            for name, fast in found.items():
                if fast(state, seat, action):
                    tried.vouched += 1
                    assert full, f"{name} vouches for an illegal {action} by {seat}"
            tried.checked += 1
    assert snapshot(state) == before, "checking legality changed the state"
    tried.pool += [a for a in here if a not in tried.pool]


WYPAS_OPTIONS: dict[str, JSON] = {"bluff": True, "random_first_baca": True}
"""Wypas is also played with the options that bring actions of their own: face-down
bids (W-6) and the first baca drawn by chance."""


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_fast_legality_checks_agree_with_the_full_check(game: Game) -> None:
    assert shortcuts(game), "each game has a fast legality check"
    tried = Agreement()
    tables: list[tuple[int, dict[str, JSON] | None]] = [
        (game.min_players, None),
        (game.max_players, None),
    ]
    if game.name == "wypas":
        tables.append((4, WYPAS_OPTIONS))
    for players, options in tables:
        # Wypas (thousands of steps a playout): the first two states before each kind of
        # step (a phase's first bid, Redyk place, shear, special card, reaction, deal...)
        # and one state in 120; Wilson & Shep (~120 steps): the first two of every kind
        # of moment and one state in 2; the others every state.
        stride = {"wypas": 120, "wilson_shep": 2}.get(game.name, 1)
        moments = Moments(stride, after=game.name != "wypas")
        for state in states_along(game, players, players, moments, options):
            check_agreement(game, state, tried)
    assert tried.checked > 1000
    assert tried.vouched, "the fast check never vouched for anything"


def test_the_equivalence_check_catches_a_fast_check_that_vouches_too_much(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pasture.games.wilson_shep import rules

    monkeypatch.setattr(rules, "fast_legal", lambda s, seat, action: True)
    with pytest.raises(AssertionError):  # the composed check or the vouching check fails
        test_fast_legality_checks_agree_with_the_full_check(games.get("wilson_shep"))


# --- legal and illegal actions mixed, in any order ------------------------------------------


def json_noise() -> st.SearchStrategy[Any]:
    """Arbitrary JSON-ish values for action fields and whole actions."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(-3, 40), st.text(max_size=6), st.floats()
    )
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=6)


FIELDS = st.dictionaries(st.text(max_size=6), json_noise(), max_size=3)
"""Extra fields of a message, built once (a strategy built per draw is validated anew)."""


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_mixed_legal_and_illegal_actions_never_corrupt_a_state(
    game: Game, data: st.DataObject
) -> None:
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    state = game.new_state(players)
    seen: list[Action] = []
    kinds = [cls.kind for cls in game.action_types]
    for _ in range(data.draw(st.integers(5, 60), label="steps")):
        if state.is_over():
            break
        seat = data.draw(st.sampled_from([CHANCE, *range(-1, players + 1)]), label="seat")
        how = data.draw(st.sampled_from(["legal", "seen", "neighbour", "json"]), label="how")
        legal = (
            [o.action for o in state.chance_outcomes()]
            if seat == CHANCE
            else state.legal_actions(seat)
            if 0 <= seat < players
            else []
        )
        action: Action | None = None
        if how == "legal" and legal:
            action = data.draw(st.sampled_from(legal), label="action")
        elif how == "seen" and seen:
            action = data.draw(st.sampled_from(seen), label="action")
        elif how == "neighbour" and seen:
            near = list(neighbours(game, data.draw(st.sampled_from(seen))))
            action = data.draw(st.sampled_from(near), label="action") if near else None
        elif how == "json":
            fields = data.draw(FIELDS)
            message = {"kind": data.draw(st.sampled_from([*kinds, "nothing"])), **fields}
            try:
                action = game.parse_action(message)
            except IllegalAction as err:
                assert err.code == "malformed_action" and err.message
        if action is None:
            continue
        before = snapshot(state)
        expected = accepted(generic_check(state), seat, action)
        try:
            state.apply(seat, action)
        except IllegalAction as err:
            assert not expected, f"{action} by {seat} was legal but refused: {err}"
            assert err.code and err.message
            assert snapshot(state) == before, "an illegal action changed the state"
        else:
            assert expected, f"{action} by {seat} was illegal but carried out"
            seen.append(action)
        state.check_invariants()
        while state.is_chance() and data.draw(st.booleans(), label="resolve chance"):
            outcomes = state.chance_outcomes()
            pick = data.draw(st.integers(0, len(outcomes) - 1), label="outcome")
            state.apply(CHANCE, outcomes[pick].action)
    state.check_invariants()
