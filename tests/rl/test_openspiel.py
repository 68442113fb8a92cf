"""pasture's games in OpenSpiel: OpenSpiel's own checks and bots, through `register()`."""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pasture import games  # noqa: E402
from pasture.core import Game  # noqa: E402
from pasture.rl import openspiel  # noqa: E402
from tests.games.machine_tables import SHORT  # noqa: E402
from tests.rl.cases import CASES, IDS, QUICK, quick  # noqa: E402

openspiel.register()


def _load(game: Game, players: int, options: dict[str, object], **extra: object) -> Any:
    return pyspiel.load_game(f"pasture_{game.name}", {"players": players, **options, **extra})


def _plain(game: Game, options: dict[str, object]) -> bool:
    return set(options) <= set(SHORT.get(game.name, {})) | set(QUICK.get(game.name, {}))


def _smallest_count(game: Game, players: int, options: dict[str, object]) -> bool:
    return not any(g is game and n < players and set(o) == set(options) for g, n, o in CASES)


SIM_CASES = [(g, n, o) for g, n, o in CASES if _plain(g, o) or _smallest_count(g, n, o)]
"""random_sim_test checks serialization by replaying the game from its start at every
step, a cost that grows with the square of a game's length: each player count plainly,
each option at the smallest count that has it (the adapter treats options alike at every
count)."""
SIM_IDS = [i for i, (g, n, o) in zip(IDS, CASES, strict=True) if (g, n, o) in SIM_CASES]


@pytest.mark.parametrize(("game", "players", "options"), SIM_CASES, ids=SIM_IDS)
def test_random_sim_test_with_serialization(
    game: Game, players: int, options: dict[str, object]
) -> None:
    forms = ({}, {"turn_based": True}) if game.simultaneous else ({},)
    for form in forms:
        spiel_game = _load(game, players, options, **form)
        pyspiel.random_sim_test(spiel_game, num_sims=1, serialize=True, verbose=False)


def test_game_types_follow_the_table() -> None:
    baaaaa = _load(games.get("baaaaa"), 3, {})
    wolf = _load(games.get("baaaaa"), 3, {"wolf_player": True})
    assert baaaaa.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert wolf.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert wolf.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    swip = _load(games.get("swipsheep"), 4, {})
    assert swip.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    turns = _load(games.get("swipsheep"), 4, {}, turn_based=True)
    assert turns.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    wypas = _load(games.get("wypas"), 5, {"bluff": True, "max_turns": 3})
    assert wypas.num_players() == 5 and wypas.max_game_length() == 3 * 5 * 400
    assert (
        wypas.num_distinct_actions()
        == len(games.get("wypas").action_set(5, {"bluff": True}).player) + 1
    )


def test_observation_tensor_information_state_and_resampling() -> None:
    game = _load(games.get("swipsheep"), 3, {}, turn_based=True)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.current_player() == pyspiel.PlayerId.CHANCE:
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))
    seat = state.current_player()
    assert len(state.observation_tensor(seat)) == game.observation_tensor_size()
    key = state.information_state_string(seat)
    clone = state.clone()
    assert clone.history() == state.history()
    assert clone.information_state_string(seat) == key
    resampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert resampled.information_state_string(seat) == key
    assert resampled.observation_tensor(seat) == state.observation_tensor(seat)


@pytest.mark.parametrize("name", ["wypas", "swipsheep", "baaaaa", "wilson_shep"])
def test_information_state_tensor_has_its_shape_and_hides_nothing(name: str) -> None:
    game = games.get(name)
    players = 4 if name in ("wypas", "swipsheep") else 3
    form = {"turn_based": True} if game.simultaneous else {}
    spiel_game = _load(game, players, quick(game, {}), **form)
    size = spiel_game.information_state_tensor_size()
    assert size == spiel_game.observation_tensor_size() + 5 * spiel_game.num_distinct_actions() + 4
    rng = np.random.RandomState(3)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = spiel_game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        tensor = state.information_state_tensor(player)
        assert len(tensor) == size
        if checked < 40:  # a re-drawn world the seat cannot tell apart: the same tensor
            assert (
                state.resample_from_infostate(player, sampler).information_state_tensor(player)
                == tensor
            )
            checked += 1
        chosen = int(rng.choice(state.legal_actions()))
        state.apply_action(chosen)
        after = np.array(state.information_state_tensor(player))
        counts = after[spiel_game.observation_tensor_size() :][: spiel_game.num_distinct_actions()]
        assert counts[chosen] >= 1  # its own choice is recalled
    assert checked > 0


def _play(spiel_game: Any, bot: Any, seed: int) -> Any:
    """Seat 0 is `bot`, the others play at random; chance by its odds."""
    rng = np.random.RandomState(seed)
    state = spiel_game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == pyspiel.PlayerId.CHANCE:
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif player == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


BOT_TABLES = [
    ("wypas", 3, {}),
    ("baaaaa", 2, {"wolf_player": True, "max_turns": 15}),
    ("wilson_shep", 2, {}),
    ("swipsheep", 3, {}),
]


@pytest.mark.parametrize(("name", "players", "options"), BOT_TABLES, ids=[t[0] for t in BOT_TABLES])
def test_ismcts_and_mcts_bots_play_whole_games(
    name: str, players: int, options: dict[str, object]
) -> None:
    game = games.get(name)
    extra = {"turn_based": True} if game.simultaneous else {}
    spiel_game = _load(game, players, quick(game, options), **extra)
    rollout = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    search = ismcts.ISMCTSBot(
        spiel_game, rollout, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(0)
    )
    state = _play(spiel_game, search, 1)
    assert len(state.returns()) == players and state.pasture.is_over()
    plain = mcts.MCTSBot(spiel_game, 2.0, 3, rollout, random_state=np.random.RandomState(0))
    state = _play(spiel_game, plain, 2)
    assert state.is_terminal() and sum(state.returns()) >= 0


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_python_answers_equal_openspiels_own(
    game: Game, players: int, options: dict[str, object]
) -> None:
    """`legal_actions` and the node tests, answered in Python, equal what pyspiel's C++
    State gives, at every node of a random game (chance, simultaneous and terminal too)."""
    forms = ({}, {"turn_based": True}) if game.simultaneous else ({},)
    for form in forms:
        state = _load(game, players, options, **form).new_initial_state()
        rng = np.random.RandomState(players)
        while True:
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            for p in range(players):
                assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            for test in ("is_chance_node", "is_simultaneous_node", "is_player_node"):
                assert getattr(state, test)() == getattr(pyspiel.State, test)(state)
            if state.is_terminal():
                break
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.is_simultaneous_node():
                joint = [int(rng.choice(state.legal_actions(p))) for p in range(players)]
                state.apply_actions(joint)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
