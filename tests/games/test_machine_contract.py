"""The machine-facing contract, checked on every registered game unchanged.

The action index covers every legal action and chance outcome met in playouts and
round-trips; its ids are pinned by a golden file per game; copies (`copy.deepcopy`,
`pickle`) serialize exactly as the original; observations have their declared shape and
depend only on the seat's view; information states survive clone, JSON and
`determinize`; results say how a game ended.

Regenerate the golden files (only after an intended change of the index) with:
    python -m tests.games.test_machine_contract
"""

from __future__ import annotations

import copy
import json
import math
import pickle
import random
from dataclasses import replace
from pathlib import Path

import pytest

from pasture import games
from pasture.core import CHANCE, Game
from pasture.core.errors import IllegalAction
from pasture.core.game import Information, Termination, Utility
from pasture.core.machine import MachineState, machine
from pasture.games.swipsheep.state import SwipSheepState
from tests.games.machine_tables import (
    CASES,
    IDS,
    finish,
    moment,
    new_machine_state,
    playout,
    tables,
)
from tests.games.sampling import Moments

GOLDEN = Path(__file__).with_name("action_ids")
EVERY = 7
"""Costly checks (copies, re-draws) run at the `Moments` of a playout: the first two of
every kind (what just happened, who decides now) and one state in EVERY besides; one in
4 * EVERY for Wypas (hundreds of steps a playout, even with two turns)."""


def moments(game: Game) -> Moments:
    return Moments(4 * EVERY if game.name == "wypas" else EVERY)


def _golden_path(game: Game) -> Path:
    return GOLDEN / f"{game.name}.json"


def _index_tables(game: Game) -> dict[str, list[str]]:
    """Each table's index (player actions, then chance outcomes), one line per action;
    an option table is kept only where its index differs from the plain one."""
    out: dict[str, list[str]] = {}
    plain: dict[int, list[str]] = {}
    for n, options in tables(game):
        table = machine(game, n, options)
        lines = [json.dumps(a.to_json(), sort_keys=True) for a in table.actions.actions]
        lines += ["chance " + json.dumps(a.to_json(), sort_keys=True) for a in table.chance.actions]
        if n not in plain:
            plain[n] = lines
        elif lines == plain[n]:
            continue
        out[f"{n}p " + json.dumps(options, sort_keys=True)] = lines
    return out


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.name)
def test_action_ids_match_the_golden_file(game: Game) -> None:
    golden = json.loads(_golden_path(game).read_text(encoding="utf-8"))
    assert _index_tables(game) == golden


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_every_action_and_outcome_met_has_an_id_that_round_trips(
    game: Game, players: int, options: dict[str, object]
) -> None:
    for turn_based in (False, True) if game.simultaneous else (False,):
        ms = new_machine_state(game, players, options, turn_based)
        index, chance = ms.machine.actions, ms.machine.chance
        for state in playout(ms, random.Random(players)):
            engine = state.state
            assert state.decisions <= state.machine.max_decisions
            if engine.is_over():
                continue
            if engine.is_chance():
                for outcome in engine.chance_outcomes():
                    assert chance.action(chance.id(outcome.action)) == outcome.action
                assert [chance.action(i) for i, _ in state.chance_outcomes()] == [
                    o.action for o in engine.chance_outcomes()
                ]
                continue
            for seat in range(players):
                legal = engine.legal_actions(seat)
                ids = index.ids(legal)
                assert [index.action(i) for i in ids] == legal
                offered = state.legal_ids(seat)
                assert set(offered) <= set(ids) | {state.machine.wait_id}


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_deepcopy_and_pickle_equal_clone_and_json(
    game: Game, players: int, options: dict[str, object]
) -> None:
    ms = new_machine_state(game, players, options)
    picks = moments(game)
    for state in playout(ms, random.Random(players + 1)):
        if not picks.pick_kind(moment(state), end=state.is_over()):
            continue
        engine = state.state
        data = engine.to_json()
        assert copy.deepcopy(engine).to_json() == data
        assert pickle.loads(pickle.dumps(engine)).to_json() == data
        assert engine.clone().to_json() == data
        assert game.state_from_json(json.loads(json.dumps(data))).to_json() == data
        assert copy.deepcopy(state).to_json() == state.to_json()


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_observations_have_their_shape_and_show_only_the_view(
    game: Game, players: int, options: dict[str, object]
) -> None:
    ms = new_machine_state(game, players, options)
    shape = ms.machine.observation_shape
    rng = random.Random(7)
    picks = moments(game)
    for state in playout(ms, random.Random(players + 2)):
        picked = picks.pick_kind(moment(state), end=state.is_over())
        for seat in range(players):
            obs = state.observation(seat)
            assert (len(obs),) == shape
            # every slot finite and >= 0: a NaN or an infinity makes the sum one
            assert min(obs) >= 0 and math.isfinite(sum(obs))
            if picked and not state.state.is_chance():
                redrawn = state.state.determinize(seat, rng)
                assert game.observe(redrawn, seat) == obs, "the observation shows hidden parts"


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_information_states_survive_clone_json_and_determinize(
    game: Game, players: int, options: dict[str, object]
) -> None:
    ms = new_machine_state(game, players, options)
    rng = random.Random(3)
    lengths = [0] * players
    picks = moments(game)
    for state in playout(ms, random.Random(players + 3)):
        if not picks.pick_kind(moment(state), end=state.is_over()):
            continue
        restored = MachineState.from_json(state.machine, json.loads(json.dumps(state.to_json())))
        copied = state.clone()
        for seat in range(players):
            seen = state.information_state(seat)
            assert len(seen) >= lengths[seat], "perfect recall never forgets"
            lengths[seat] = len(seen)
            assert copied.information_state(seat) == seen
            assert restored.information_state(seat) == seen
            if not state.state.is_chance():
                assert state.determinize(seat, rng).information_state(seat) == seen


@pytest.mark.parametrize("game", games.all_games(), ids=lambda g: g.name)
def test_every_option_has_one_type(game: Game) -> None:
    for option in game.options:
        kind = type(option.default)
        for choice in option.choices or ():
            assert type(choice) is kind, f"{option.name}: {choice!r} is not a {kind.__name__}"


@pytest.mark.parametrize("name", ["swipsheep", "wilson_shep", "baaaaa"])
def test_games_with_exact_bounds_end_by_their_rules_within_them(name: str) -> None:
    game = games.get(name)
    for n in range(game.min_players, game.max_players + 1):
        ms = new_machine_state(game, n, {})
        state = finish(ms, random.Random(n))
        assert state.state.is_over() and state.decisions <= state.machine.max_decisions


def test_decision_cap_ends_a_game_as_a_safety_cap() -> None:
    table = replace(machine(games.get("swipsheep"), 3, turn_based=True), max_decisions=2)
    ms = table.new_state()
    state = finish(ms, random.Random(1))
    assert state.decisions == 2 and not state.state.is_over()
    result = state.result()
    assert result.termination is Termination.SAFETY_CAP and result.capped
    assert state.legal_ids(0) == [] and state.deciders() == ()


def test_turn_caps_are_safety_caps_w12_b9() -> None:
    for name, options in (("wypas", {"max_turns": 1}), ("baaaaa", {"max_turns": 1})):
        ms = new_machine_state(games.get(name), 3, options)
        state = finish(ms, random.Random(2))
        assert state.state.is_over()
        assert state.result().termination is Termination.SAFETY_CAP, name


def test_natural_ends_are_natural() -> None:
    ms = new_machine_state(games.get("swipsheep"), 4, {})
    state = finish(ms, random.Random(4))
    assert state.result().termination is Termination.NATURAL


def test_baaaaa_is_cooperative_except_with_a_wolf_player() -> None:
    game = games.get("baaaaa")
    plain = machine(game, 3, {})
    wolf = machine(game, 3, {"wolf_player": True})
    assert plain.utility is Utility.IDENTICAL and plain.information is Information.PERFECT
    assert wolf.utility is Utility.GENERAL_SUM and wolf.information is Information.IMPERFECT


def test_wypas_special_cards_are_played_out_of_turn_at_priority_steps() -> None:
    """W-10: a seat outside `actors()` plays a special card, in machine form."""
    game = games.get("wypas")
    found = 0
    for seed in range(6):
        ms = new_machine_state(game, 4, {"max_turns": 3})
        for state in playout(ms, random.Random(seed)):
            if state.is_over() or state.state.is_chance():
                continue
            seat = state.current()
            if seat not in state.state.actors():
                ids = state.legal_ids(seat)
                assert state.machine.wait_id in ids
                found += len(ids) > 1
    assert found


def test_deepcopy_is_a_clone_and_shares_the_edition_tables() -> None:
    state = games.get("baaaaa").new_state(3)
    copied = copy.deepcopy(state)
    assert copied is not state and copied.to_json() == state.to_json()
    assert copied.tables is state.tables  # type: ignore[attr-defined]  # built once per edition


def test_swipsheep_copies_of_the_default_edition_serialize_alike() -> None:
    state = games.get("swipsheep").new_state(3)
    assert isinstance(state, SwipSheepState)
    twin = state.clone()
    twin.edition = copy.deepcopy(state.edition)  # an equal edition, another object
    assert twin.edition is not state.edition and twin.to_json() == state.to_json()


def test_the_simultaneous_form_asks_every_holder_at_once() -> None:
    ms = new_machine_state(games.get("swipsheep"), 4, {})
    for state in playout(ms, random.Random(5)):
        if len(state.deciders()) > 1:
            assert set(state.deciders()) == set(state.state.actors())
            assert all(state.legal_ids(p) for p in state.deciders())
            return
    pytest.fail("no simultaneous step")


def test_chance_is_never_a_seat_decision() -> None:
    ms = new_machine_state(games.get("wilson_shep"), 2, {})
    for state in playout(ms, random.Random(6)):
        if state.state.is_chance():
            assert state.deciders() == (CHANCE,) and state.legal_ids(0) == []


def test_a_seat_out_of_turn_is_named_from_1_and_nothing_changes() -> None:
    ms = new_machine_state(games.get("wilson_shep"), 3, {})
    while ms.state.is_chance():
        ms.apply(CHANCE, ms.machine.chance.id(ms.state.chance_outcomes()[0].action))
    waiting = next(seat for seat in range(3) if seat not in ms.deciders())
    before = ms.state.to_json()
    with pytest.raises(IllegalAction) as err:
        ms.apply(waiting, 0)
    assert err.value.code == "not_your_turn" and err.value.params == {"seat": waiting + 1}
    assert err.value.message == f"Seat {waiting + 1} does not decide now."
    assert ms.state.to_json() == before


def test_wilson_may_be_where_the_public_steps_allow() -> None:
    """The observation's one-pass "where Wilson may be" is `view.hiding_places`'s end
    cells, at every step of games with full memory."""
    from pasture.games.wilson_shep import observe, rules, view
    from pasture.games.wilson_shep.state import WilsonShepState

    game = games.get("wilson_shep")
    for players in (2, 4):
        ms = new_machine_state(game, players, {"memory": view.FULL})
        for state in playout(ms, random.Random(players)):
            s = state.state
            assert isinstance(s, WilsonShepState)
            if s.phase in (rules.HIDE, rules.OVER):
                continue
            ends = {now for _, now in view.hiding_places(s)}
            may = observe.wilson_may_be_at(s.history)
            assert [i for i, x in enumerate(may) if x] == sorted(ends)


def test_wypas_pens_kept_by_address_encode_as_fresh_ones() -> None:
    """Each pen's slots are kept by the pen's address: a cleared store gives the same
    observations at every step."""
    from pasture.games.wypas import observe

    game = games.get("wypas")
    ms = new_machine_state(game, 4, {"max_turns": 3})
    for state in playout(ms, random.Random(5)):
        kept = [state.observation(seat) for seat in range(4)]
        observe._PENS.clear()
        assert [state.observation(seat) for seat in range(4)] == kept


def _generate() -> None:
    for game in games.all_games():
        path = _golden_path(game)
        path.write_text(json.dumps(_index_tables(game), indent=0) + "\n", encoding="utf-8")
        print(path)


if __name__ == "__main__":
    _generate()
