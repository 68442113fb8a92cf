"""Random play through each machine-learning adapter, against the engine's own random
playout and two OpenSpiel games, in one process.

    python bench/bench_rl.py                      # every game, 1 s per measurement
    python bench/bench_rl.py --game wypas --seconds 3

Each row plays whole games at random for about `--seconds` (in slices taken in turn
with the other rows of its game). A step is one engine
decision applied, chance included (as bench_games.py counts them), so every row counts
the same thing and the ratio to the engine row is the adapter's cost:
- engine: `legal_actions` (or chance outcomes) listed, one applied (the target's base:
  every adapter should reach 0.7x of it);
- engine+observe: the same, plus the acting seat's observation at each player step,
  for scale only: an adapter that hands out observations cannot do less than this;
- machine: the same through `core.machine` (ids; priority waits are overhead, not steps);
- openspiel: `legal_actions()` and `apply_action` (`apply_actions` at a simultaneous
  step) on the registered `pasture_<game>`, chance from `chance_outcomes()`;
- pettingzoo: the AEC loop: `last()` (an observation and its mask every step), `step`;
- parallel: the parallel env (every seat's observation every step);
- gymnasium: one learning seat (observation and mask every step) against random bots.
OpenSpiel's `python_liars_poker` and C++ `leduc_poker` are measured like the openspiel
row (a step: one `apply_action`), for scale.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import open_spiel.python.games  # noqa: F401 - registers python_liars_poker
import pyspiel
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pasture import games
from pasture.core import CHANCE, Game
from pasture.core.machine import machine
from pasture.core.match import sample
from pasture.rl import openspiel
from pasture.rl.gym import PastureEnv
from pasture.rl.pettingzoo import env, parallel_env

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_games import playout  # noqa: E402

PLAYERS = {"wypas": 4, "baaaaa": 3, "wilson_shep": 3, "swipsheep": 4}


ROUNDS = 5
"""Each measurement is taken in this many slices, the rows of a game in turn, so that a
change of load on a shared machine falls on every row alike."""


def timed(plays: dict[str, Callable[[], int]], seconds: float) -> dict[str, float]:
    """Steps per second of each `play` (one whole game, returning its steps)."""
    steps = dict.fromkeys(plays, 0)
    spent = dict.fromkeys(plays, 0.0)
    for _ in range(ROUNDS):
        for name, play in plays.items():
            start = time.perf_counter()
            while (elapsed := time.perf_counter() - start) < seconds / ROUNDS:
                steps[name] += play()
            spent[name] += elapsed
    return {name: steps[name] / spent[name] for name in plays}


def engine_game(game: Game, players: int, rng: random.Random) -> Callable[[], int]:
    """The engine's own random playout, as bench_games.py times it."""
    return lambda: playout(game.new_state(players), rng)


def observed_game(game: Game, players: int, rng: random.Random) -> Callable[[], int]:
    """The engine row, plus the deciding seat's observation (`observe.py`) at each player
    step: the least work an adapter that hands out observations can do."""

    def play() -> int:
        state = game.new_state(players)
        steps = 0
        while not state.is_over():
            if state.is_chance():
                state.apply(CHANCE, sample(state.chance_outcomes(), rng))
            else:
                seat = state.actors()[0]
                game.observe(state, seat)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
        return steps

    return play


def machine_game(game: Game, players: int, rng: random.Random) -> Callable[[], int]:
    table = machine(game, players)

    def play() -> int:
        ms = table.new_state()
        while not ms.is_over():
            deciders = ms.deciders()
            if deciders[0] == CHANCE:
                ms.apply_chance(sample(ms.state.chance_outcomes(), rng))
            elif len(deciders) > 1:
                ms.apply_joint({p: rng.choice(ms.legal_ids(p)) for p in deciders})
            else:
                ms.apply(deciders[0], rng.choice(ms.legal_ids(deciders[0])))
        return ms.engine_steps()

    return play


def spiel_game(spiel: Any, rng: random.Random, engine: bool = True) -> Callable[[], int]:
    chance_id, simultaneous = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.SIMULTANEOUS)
    players: int = spiel.num_players()

    def play() -> int:
        state = spiel.new_initial_state()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            if player == chance_id:
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
            elif player == simultaneous:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        played: int = state.machine_state.engine_steps() if engine else steps
        return played

    return play


def aec_game(name: str, players: int, rng: random.Random) -> Callable[[], int]:
    aec = env(name, players)

    def play() -> int:
        aec.reset(seed=rng.randrange(2**31))
        for _ in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            if term or trunc:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return aec.ms.engine_steps()

    return play


def parallel_game(name: str, players: int, rng: random.Random) -> Callable[[], int]:
    par = parallel_env(name, players)

    def play() -> int:
        obs, _ = par.reset(seed=rng.randrange(2**31))
        while par.agents:
            actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in obs}
            obs, *_ = par.step(actions)
        return par.ms.engine_steps()

    return play


def gym_game(name: str, players: int, rng: random.Random) -> Callable[[], int]:
    gym_env = PastureEnv(name, players, seat=0, opponents="random")

    def play() -> int:
        obs, _ = gym_env.reset(seed=rng.randrange(2**31))
        done = False
        while not done:
            action = rng.choice(np.flatnonzero(obs["action_mask"]))
            obs, _, terminated, truncated, _ = gym_env.step(action)
            done = terminated or truncated
        return gym_env.ms.engine_steps()

    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=games.names(), help="one game (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    openspiel.register()
    names = [args.game] if args.game else games.names()
    rows: list[dict[str, object]] = []
    console = Console()
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("Measuring", total=len(names) + 1)
        for name in names:
            game, players = games.get(name), PLAYERS[name]
            rng = random.Random(1)
            spiel = pyspiel.load_game(f"pasture_{name}", {"players": players})
            plays = {
                "engine": engine_game(game, players, rng),
                "engine+observe": observed_game(game, players, rng),
                "machine": machine_game(game, players, rng),
                "openspiel": spiel_game(spiel, rng),
                "pettingzoo": aec_game(name, players, rng),
                "parallel": parallel_game(name, players, rng),
                "gymnasium": gym_game(name, players, rng),
            }
            rates = timed(plays, args.seconds)
            for adapter, rate in rates.items():
                rows.append(
                    {"game": f"{name} {players}p", "adapter": adapter, "steps_per_s": rate}
                    | {"ratio": rate / rates["engine"]}
                    | {"observed_ratio": rate / rates["engine+observe"]}
                )
            progress.advance(task)
        peers = {
            peer: spiel_game(pyspiel.load_game(peer), random.Random(2), engine=False)
            for peer in ("python_liars_poker", "leduc_poker")
        }
        for peer, rate in timed(peers, args.seconds).items():
            rows.append(
                {"game": peer, "adapter": "openspiel", "steps_per_s": rate}
                | {"ratio": None, "observed_ratio": None}
            )
        progress.advance(task)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title="Random play, steps/s (one process, one core)")
    for column in ("game", "adapter", "steps/s", "× engine", "× engine+observe"):
        table.add_column(column, justify="left" if column in ("game", "adapter") else "right")
    for row in rows:
        ratio, observed = row["ratio"], row["observed_ratio"]
        table.add_row(
            str(row["game"]),
            str(row["adapter"]),
            f"{row['steps_per_s']:,.0f}",
            "" if ratio is None else f"{ratio:.2f}",
            "" if observed is None else f"{observed:.2f}",
        )
    console.print(table)


if __name__ == "__main__":
    main()
