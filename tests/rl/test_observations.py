"""The kept observations the adapters hand out (`core.encode.IncrementalObservation`,
rewritten only in the sections whose key changed) equal the full encoding
(`game.observe`) at every step of whole random games, for every game, player count
and option set, whichever states they are brought up to date with and however rarely."""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pasture.core import Game
from pasture.core.encode import IncrementalObservation, Section
from pasture.core.machine import MachineState, machine
from tests.games.machine_tables import playout
from tests.rl.cases import CASES, IDS

np = pytest.importorskip("numpy")

from pasture.rl.common import Observations  # noqa: E402


def _kept(
    game: Game, players: int, options: dict[str, object]
) -> list[IncrementalObservation[Any]]:
    table = machine(game, players, options)
    sections = game.observation_sections(players, table.options)
    size = table.observation_shape[0]
    return [IncrementalObservation(sections, p, size) for p in range(players)]


def _full(ms: MachineState, seat: int) -> array[float]:
    return array("f", ms.machine.game.observe(ms.state, seat))


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_kept_observations_equal_the_full_encoding_at_every_step(
    game: Game, players: int, options: dict[str, object]
) -> None:
    rng = random.Random(f"{game.name}:{players}:{options}")
    kept = _kept(game, players, options)
    ms = machine(game, players, options).new_state()
    steps = 0
    for state in playout(ms, rng):
        for seat, observation in enumerate(kept):
            assert observation.update(state.state) == _full(state, seat), (seat, steps)
        steps += 1
    assert steps > 1


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), every=st.integers(1, 12))
def test_kept_observations_brought_up_to_date_rarely_or_from_other_states(
    seed: int, every: int
) -> None:
    """Seats looked at every `every` steps only, sometimes at a clone, a determinized copy
    or a fresh game: the slots never depend on which state came before."""
    rng = random.Random(seed)
    for game, players, options in CASES:
        if players not in (game.min_players, game.max_players):
            continue
        kept = _kept(game, players, options)
        table = machine(game, players, options)
        for step, state in enumerate(playout(table.new_state(), rng)):
            if step % every:
                continue
            seat = rng.randrange(players)
            # one of four, only the one chosen made (a re-draw copies the whole history)
            how = rng.randrange(4)
            if how == 0:
                other = state
            elif how == 1:
                other = state.clone()
            elif how == 2:
                other = state.determinize(seat, rng)
            else:
                other = table.new_state()
            assert kept[seat].update(other.state) == _full(other, seat), (game.name, step)


def test_a_section_that_writes_another_size_than_before_is_refused() -> None:
    sizes = iter((3, 3, 2))

    def encode(state: object, seat: int, out: list[float]) -> None:
        out += [1.0] * next(sizes)

    kept = IncrementalObservation((Section(encode),), 0, 3)
    kept.update(None)
    with pytest.raises(ValueError, match="wrote 2 slots, not 3"):
        kept.update(None)


def test_an_observation_asked_twice_at_one_state_is_worked_out_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`last()` then `observe()` at one step: the second is a copy of the first."""
    game, players, options = CASES[-1]
    ms = machine(game, players, options).new_state()
    observations = Observations()
    calls = []
    update = IncrementalObservation.update

    def counted(self: IncrementalObservation[Any], state: object) -> array[float]:
        calls.append(self.seat)
        return update(self, state)

    monkeypatch.setattr(IncrementalObservation, "update", counted)
    first = observations.get(ms, 0)
    second = observations.get(ms, 0)
    assert calls == [0]
    assert np.array_equal(first, second) and first is not second
    value = float(second[0])
    first[0] = value + 1.0  # every caller has its own copy
    assert observations.get(ms, 0)[0] == value == second[0]
    observations.get(ms, 1)
    assert calls == [0, 1]


def test_a_value_beyond_float32_is_kept_as_infinite_as_numpy_would() -> None:
    def encode(state: object, seat: int, out: list[float]) -> None:
        out += [1.0, 1e300, -1e300]

    kept = IncrementalObservation((Section(encode),), 0, 3)
    with np.errstate(over="ignore"):
        expected = np.array([1.0, 1e300, -1e300], np.float32)
    assert np.array_equal(np.frombuffer(kept.update(None), np.float32), expected)


@pytest.mark.parametrize("name", ["wypas", "swipsheep"])
def test_openspiel_observation_tensors_are_the_full_encoding(name: str) -> None:
    """The Observer keeps each player's observation the same way."""
    pyspiel = pytest.importorskip("pyspiel")
    from pasture.rl import openspiel

    openspiel.register()
    players = 4
    params = {"players": players, **({"max_turns": 1} if name == "wypas" else {})}
    spiel_game = pyspiel.load_game(f"pasture_{name}", params)
    observer = spiel_game.make_py_observer()
    state = spiel_game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        for seat in range(players):
            observer.set_from(state, seat)
            assert observer.tensor.tolist() == list(_full(state.machine_state, seat))
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
