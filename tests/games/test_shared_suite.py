"""The shared suite: every registered game must pass it unchanged.

Random playouts to the end for every player count, invariants at every step, exact
JSON round-trip, determinism, rejection of illegal actions without any change, and no
leak: re-drawing what a seat cannot see never changes what it sees, what it may do, or
any event it receives.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from pasture import games
from pasture.bots import RandomBot
from pasture.bots.play import play_match
from pasture.core import CHANCE, Game, IllegalAction, InvalidOptions, Match, State
from pasture.core.game import JSON, Action, ChanceOutcome, Event, Result, sample
from tests.games.sampling import Moments, Step

GAMES = games.all_games()
CASES = [(g, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{g.name}-{n}p" for g, n in CASES]
SEEDS_PER_COUNT = 12


def trajectory(
    game: Game, players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[tuple[Match, State, Step | None]]:
    """Yield (match, state, the step about to be taken) before every player's step of a
    random playout (chance is drawn by the match), and (match, state, None) at the end.

    Now and then a seat that may act out of turn (a special card) does so."""
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    while True:
        state = match.state
        if match.is_over():
            yield match, state, None
            return
        seat = rng.choice(state.actors())
        if rng.random() < 0.2:
            waiting = [s for s in range(players) if s not in state.actors()]
            out_of_turn = [s for s in waiting if state.legal_actions(s)]
            if out_of_turn:
                seat = rng.choice(out_of_turn)
        step = (seat, rng.choice(state.legal_actions(seat)))
        yield match, state, step
        match.act(*step)


def option_variants(game: Game, players: int) -> list[dict[str, object]]:
    """One table per option value other than the default: every other choice, the other
    truth value, the last seat, the smallest number (a safety cap reached early)."""
    variants: list[dict[str, object]] = []
    for option in game.options:
        if option.choices is not None:  # the last other choice ("random" for a seat)
            values = [c for c in option.choices if c != option.default][-1:]
        elif isinstance(option.default, bool):
            values = [not option.default]
        elif option.seat:
            values = [players - 1]
        elif option.minimum is not None and option.minimum != option.default:
            values = [option.minimum]
        else:
            values = []
        for value in values:
            if value == option.default:
                continue
            try:
                game.new_state(players, {option.name: value})
            except InvalidOptions:
                continue  # e.g. a seat this player count does not have
            variants.append({option.name: value})
    return variants


VARIANTS = [
    (g, n, options)
    for g in GAMES
    for n in (g.min_players, g.max_players)
    for options in option_variants(g, n)
]


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def sample_stride(game: Game, players: int) -> int:
    """How sparsely the costliest checks sample the steps of a playout (`Moments`): every
    step for short games; for long ones (Wypas: 1,800 steps a match at 3 players, 5,000
    at 6) the first two of every kind of moment and one step in `stride` besides."""
    if game.name != "wypas":
        return 1
    return 12 if players == 3 else 6 * players - 6


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_playouts_reach_the_end_with_invariants(game: Game, players: int) -> None:
    """SEEDS_PER_COUNT playouts; a quarter as many for long games (Wypas: thousands of
    steps each, every kind of moment met in each)."""
    long = sample_stride(game, players) > 1
    for seed in range(SEEDS_PER_COUNT // 4 if long else SEEDS_PER_COUNT):
        for steps, (match, state, _) in enumerate(trajectory(game, players, seed)):  # noqa: B007
            state.check_invariants()
            assert steps < 200_000, "the game must end"
            if state.is_over():
                assert state.actors() == ()
                assert all(not state.legal_actions(s) for s in range(players))
            else:
                actors = state.actors()
                assert actors, "a live game waits for someone"
                for seat in actors:
                    assert state.legal_actions(seat), f"actor {seat} has no legal action"
        result = match.state.result()
        assert len(result.scores) == players
        # no winner is possible: a cooperative game lost or drawn
        assert set(result.winners) <= set(range(players))
        assert len(set(result.winners)) == len(result.winners)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_chance_outcomes_are_a_distribution(game: Game, players: int) -> None:
    state = game.new_state(players)
    rng = random.Random(players)
    while not state.is_over():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert outcomes and not state.actors()
            assert abs(sum(o.probability for o in outcomes) - 1) < 1e-9
            assert all(o.probability > 0 for o in outcomes)
            state.apply(CHANCE, rng.choice(outcomes).action)
        else:
            seat = rng.choice(state.actors())
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_json_round_trip_at_every_step(game: Game, players: int) -> None:
    """Three playouts, every step. Long games (Wypas: thousands of steps each): two
    playouts, at the `Moments` picked (other ordinary steps in each playout); all the views
    at a kind of moment met for the first time and at one pick in three, one seat's in
    turn at the others."""
    stride = sample_stride(game, players)
    for seed in range(3 if stride == 1 else 2):
        moments = Moments(stride, offset=seed * stride // 2)
        for _, state, step in trajectory(game, players, seed):
            if not moments.pick(state, step):
                continue
            text = snapshot(state)
            restored = game.state_from_json(json.loads(text))
            assert snapshot(restored) == text
            assert restored.actors() == state.actors()
            assert restored.is_chance() == state.is_chance()
            for seat in moments.seats([*range(players), None], every=3):
                assert restored.view(seat) == state.view(seat)
                json.dumps(state.view(seat))  # views are JSON-ready
            for seat in range(players):
                assert restored.legal_actions(seat) == state.legal_actions(seat)
            copy = state.clone()
            assert snapshot(copy) == text
            for action in state.legal_actions(state.actors()[0]) if state.actors() else []:
                assert game.parse_action(json.loads(json.dumps(action.to_json()))) == action


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_clone_is_independent(game: Game) -> None:
    for _, state, _ in trajectory(game, game.min_players, 5):
        if state.is_over():
            break
        before = snapshot(state)
        copy = state.clone()
        seat = CHANCE if copy.is_chance() else copy.actors()[0]
        copy.apply(seat, copy.legal_actions(seat)[0])
        assert snapshot(state) == before


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_seed_and_actions_replay_exactly(game: Game, players: int) -> None:
    """Three seeds; one for long games (Wypas: one match replays thousands of steps)."""
    bots = [RandomBot() for _ in range(players)]
    for seed in range(3 if sample_stride(game, players) == 1 else 1):
        first = play_match(game, bots, seed)
        second = play_match(game, bots, seed)
        assert snapshot(first.state) == snapshot(second.state)
        record = json.loads(json.dumps(first.record()))
        replayed = Match.from_record(game, record)
        assert snapshot(replayed.state) == snapshot(first.state)
        assert replayed.state.result() == first.state.result()
        assert replayed.seed_hash == first.seed_hash


def illegal_attempts(state: State, players: int) -> Iterator[tuple[int, object]]:
    """Actions that must be rejected in `state`."""
    legal = {s: state.legal_actions(s) for s in range(players)}
    for seat in range(players):
        for other in range(players):
            for action in legal[other]:
                if action not in legal[seat]:
                    yield seat, action
                    break
    anything = next((a for acts in legal.values() for a in acts), None)
    if anything is not None:
        yield players, anything  # no such seat
        yield -7, anything
    if state.is_chance():
        yield 0, state.chance_outcomes()[0].action
    elif anything is not None:
        yield CHANCE, anything
    yield 0, "not an action"


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_illegal_actions_are_rejected_and_change_nothing(game: Game, players: int) -> None:
    """Three playouts, every step; long games two, at the `Moments` picked (other
    ordinary steps in each playout)."""
    stride = sample_stride(game, players)
    for seed in range(3 if stride == 1 else 2):
        moments = Moments(stride, offset=seed * stride // 2)
        for match, state, step in trajectory(game, players, seed):
            if not moments.pick(state, step):
                continue
            before = snapshot(state)
            for seat, action in illegal_attempts(state, players):
                with pytest.raises(IllegalAction) as err:
                    state.apply(seat, action)  # type: ignore[arg-type]
                assert err.value.code and err.value.message
                assert snapshot(state) == before
            version = match.version
            for bad in ({}, {"kind": "no such kind"}, [], "x", {"kind": 3}):
                with pytest.raises(IllegalAction) as err:
                    match.act(0, bad)
                assert err.value.code == "malformed_action"
            assert match.version == version and snapshot(state) == before


def seen(events: list[Event], seat: int | None) -> list[dict[str, object]]:
    """The events as `seat` receives them (those it may not see at all left out)."""
    return [e for e in (event.for_seat(seat) for event in events) if e is not None]


def after(state: State, seat: int, action: Action) -> tuple[State, list[Event]] | None:
    """A copy of `state` after `action`, and its events; None if it is illegal there."""
    copy = state.clone()
    try:
        return copy, copy.apply(seat, action)
    except IllegalAction:
        return None


def assert_no_leak_to(
    state: State, seat: int | None, step: tuple[int, Action], rng: random.Random
) -> bool:
    """`seat` cannot tell `state` from a re-drawing of everything it cannot see: same view
    and same legal actions. And it learns nothing hidden from the next step's events,
    checked without trusting `view()` to filter them: the step is applied to the real and
    to the re-drawn state (and, for a chance step, other outcomes are drawn in each);
    whenever two of these outcomes leave the seat's view alike, the seat must receive the
    same events from both, unless the two differ in nobody's view at all (a public
    announcement no view keeps, such as the picture turned up as a round ends). An
    event that carries another seat's secret fails this. Return whether something was
    actually re-drawn."""
    other = state.determinize(seat, rng)
    mine = state.view(seat)
    assert other.view(seat) == mine, f"seat {seat} sees a difference"
    other.check_invariants()
    assert other.is_over() == state.is_over() and other.actors() == state.actors()
    assert other.is_chance() == state.is_chance()
    if seat is not None:
        assert other.legal_actions(seat) == state.legal_actions(seat), "legal actions leak"
    actor, action = step
    tries = [(world, action) for world in (state, other)]
    if actor == CHANCE:  # two more outcomes, drawn in each world
        tries += [
            (world, rng.choice(world.chance_outcomes()).action)
            for world in (state, other)
            for _ in range(2)
        ]
    told: dict[str, tuple[State, list[Event]]] = {}
    for world, what in tries:
        done = after(world, actor, what)
        if done is None:  # e.g. a card the re-drawn hand does not hold
            continue
        later, events = done
        got = seen(events, seat)
        first, expected = told.setdefault(json.dumps(later.view(seat), sort_keys=True), done)
        if seen(expected, seat) != got:
            seats = [*range(state.num_players), None]
            secret = any(first.view(s) != later.view(s) for s in seats)
            assert not secret, f"events tell seat {seat} more than its view"
    return other.to_json() != state.to_json()


def playout_steps(
    game: Game, players: int, seed: int, options: dict[str, object] | None = None
) -> Iterator[tuple[State, tuple[int, Action]]]:
    """Yield (state, the step about to be taken) along a random playout, special cards
    out of turn included (as `trajectory`); the state is advanced after each yield."""
    state = game.new_state(players, options)
    rng = random.Random(seed)
    while not state.is_over():
        if state.is_chance():
            step = (CHANCE, sample(state.chance_outcomes(), rng))
        else:
            seat = rng.choice(state.actors())
            if rng.random() < 0.2:
                out_of_turn = [s for s in range(players) if s not in state.actors()]
                out_of_turn = [s for s in out_of_turn if state.legal_actions(s)]
                if out_of_turn:
                    seat = rng.choice(out_of_turn)
            step = (seat, rng.choice(state.legal_actions(seat)))
        yield state, step
        state.apply(*step)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_no_leak_views_legal_actions_and_events_survive_redrawing(game: Game, players: int) -> None:
    """Every step of four playouts, for every seat and a spectator in two of them and
    for one of them in turn in the other two; for long games two playouts at the
    `Moments` picked (other ordinary steps in each playout), for every seat at each kind
    of moment met for the first time in the first playout, for one seat in turn at the
    others. The real state is never changed by looking."""
    rng = random.Random(99)
    stride = sample_stride(game, players)
    redrawn = 0
    for seed in range(4 if stride == 1 else 2):
        moments = Moments(stride, offset=seed * stride // 2)
        for state, step in playout_steps(game, players, seed):
            if not moments.pick(state, step):
                continue
            before = snapshot(state)
            seats: list[int | None] = [*range(players), None]
            if stride == 1 and seed >= 2:
                chosen = [seats[moments.index % len(seats)]]
            else:
                chosen = list(moments.seats(seats, at_new=seed == 0))
            for seat in chosen:
                redrawn += assert_no_leak_to(state, seat, step, rng)
            assert snapshot(state) == before, "looking must not change the real state"
    if game.name != "baaaaa":  # Baaaaa! hides only the wolf deck's order, nothing in state
        assert redrawn, "determinize never re-drew anything"


@pytest.mark.parametrize("private", [False, True], ids=["public", "told-to-every-seat"])
def test_the_event_check_catches_a_dealt_card_in_an_event(private: bool) -> None:
    """The check above is not blind: a deal whose card is announced is caught, whether
    publicly or privately to every seat."""
    game = games.get("swipsheep")
    state = game.new_state(3)
    assert state.is_chance()
    leaky = LeakyDeals(state, private)
    outcome = state.chance_outcomes()[0].action
    with pytest.raises(AssertionError, match="events tell seat"):
        for seat in (None, 0, 1, 2) if not private else (0, 1, 2):
            assert_no_leak_to(leaky, seat, (CHANCE, outcome), random.Random(1))


class LeakyDeals(State):
    """A Swip'Sheep state whose events also say which card each deal was (publicly, or
    privately to every seat)."""

    def __init__(self, inner: State, private: bool = False) -> None:
        self.inner = inner
        self.private = private
        self.num_players = inner.num_players

    def __getattr__(self, name: str) -> object:
        return getattr(self.inner, name)

    def actors(self) -> tuple[int, ...]:
        return self.inner.actors()

    def legal_actions(self, seat: int) -> list[Action]:
        return self.inner.legal_actions(seat)

    def is_chance(self) -> bool:
        return self.inner.is_chance()

    def chance_outcomes(self) -> list[ChanceOutcome]:
        return self.inner.chance_outcomes()

    def is_over(self) -> bool:
        return self.inner.is_over()

    def result(self) -> Result:
        return self.inner.result()

    def view(self, seat: int | None) -> dict[str, JSON]:
        return self.inner.view(seat)

    def to_json(self) -> dict[str, JSON]:
        return self.inner.to_json()

    def clone(self) -> LeakyDeals:
        return LeakyDeals(self.inner.clone(), self.private)

    def determinize(self, seat: int | None, rng: random.Random) -> LeakyDeals:
        return LeakyDeals(self.inner.determinize(seat, rng), self.private)

    def check_invariants(self) -> None:
        self.inner.check_invariants()

    def apply(self, seat: int, action: Action) -> list[Event]:
        events = self.inner.apply(seat, action)
        if seat != CHANCE:
            return events
        card = {"outcome": action.to_json()}
        if self.private:
            return [*events, Event("leak", None, card, tuple(range(self.num_players)))]
        return [*events, Event("leak", card)]

    def _apply(self, seat: int, action: Action) -> list[Event]:  # pragma: no cover
        raise NotImplementedError


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_spectator_sees_no_more_than_any_seat(game: Game) -> None:
    players = game.max_players
    for _, state, _ in trajectory(game, players, 11):
        spectator = state.view(None)
        for seat in range(players):
            seat_view = state.view(seat)
            shared = set(spectator) & set(seat_view)
            assert shared, "a seat's view holds the public part"
        assert "hand" not in spectator


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_match_publishes_the_seed_hash_and_reveals_the_seed_only_at_the_end(game: Game) -> None:
    import hashlib

    bots = [RandomBot() for _ in range(game.min_players)]
    match = Match(game, game.min_players, seed=1234)
    assert match.seed_hash == hashlib.sha256(b"1234").hexdigest()
    assert match.revealed_seed() is None
    finished = play_match(game, bots, 1234)
    assert finished.revealed_seed() == 1234


@pytest.mark.parametrize(
    ("game", "players", "options"),
    VARIANTS,
    ids=[f"{g.name}-{n}p-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, n, o in VARIANTS],
)
def test_every_option_plays_to_the_end_without_leaks(
    game: Game, players: int, options: dict[str, object]
) -> None:
    """Each table option: invariants at every step, JSON round-trip and no leak along a
    playout (no leak at one step in three for short games; for long games, both at the
    `Moments` picked, no leak for every seat at a
    kind of moment met for the first time, for one seat in turn at the others)."""
    rng = random.Random(7)
    stride = sample_stride(game, players)
    moments = Moments(stride)
    state = game.new_state(players, options)
    for state, step in playout_steps(game, players, 1, options):
        state.check_invariants()
        if not moments.pick(state, step):
            continue
        text = snapshot(state)
        assert snapshot(game.state_from_json(json.loads(text))) == text
        if stride == 1 and moments.index % 3:
            continue  # short games: no leak at every third step, for every seat
        for seat in moments.seats([*range(players), None]):
            assert_no_leak_to(state, seat, step, rng)
        assert snapshot(state) == text
    state.check_invariants()
    assert state.is_over()
