"""Engine throughput per registered game: random playouts, and the cost of clone,
legal_actions and view.

    python bench/bench_games.py                  # every game, 2 s of playouts per player count
    python bench/bench_games.py --game swipsheep --seconds 5
    python bench/bench_games.py --game wypas --cpu   # CPU time: steadier on a busy machine

A step is one decision applied (an action or a chance outcome), with the legal actions
(or chance outcomes) listed before it, as a random playout does. One process, one core.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from statistics import fmean

from rich.console import Console
from rich.table import Table

from pasture import games
from pasture.core import CHANCE, Game, State
from pasture.core.match import sample

clock: Callable[[], float] = time.perf_counter
"""Wall time by default; `--cpu` switches to this process's CPU time."""


def playout(state: State, rng: random.Random) -> int:
    """Play `state` to the end at random; return the number of steps."""
    steps = 0
    while not state.is_over():
        if state.is_chance():
            state.apply(CHANCE, sample(state.chance_outcomes(), rng))
        else:
            seat = state.actors()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    return steps


def throughput(game: Game, players: int, seconds: float) -> dict[str, float]:
    rng = random.Random(1)
    played = steps = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        steps += playout(game.new_state(players), rng)
        played += 1
    return {
        "games_per_s": played / elapsed,
        "steps_per_s": steps / elapsed,
        "steps_per_game": steps / played,
    }


def sample_states(game: Game, players: int, count: int) -> list[State]:
    """States met along random playouts (chance points included)."""
    rng = random.Random(2)
    states: list[State] = []
    while len(states) < count:
        state = game.new_state(players)
        while not state.is_over() and len(states) < count:
            states.append(state.clone())
            seat = CHANCE if state.is_chance() else state.actors()[0]
            if seat == CHANCE:
                state.apply(seat, sample(state.chance_outcomes(), rng))
            else:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    return states


def micro(states: list[State]) -> dict[str, float]:
    """Mean microseconds per call over the sampled states."""

    def per_call(fn: object) -> float:
        start = clock()
        for state in states:
            fn(state)  # type: ignore[operator]
        return (clock() - start) / len(states) * 1e6

    def first_actor(state: State) -> int:
        actors = state.actors()
        return actors[0] if actors else 0

    return {
        "clone_us": per_call(lambda s: s.clone()),
        "legal_actions_us": per_call(lambda s: s.legal_actions(first_actor(s))),
        "view_us": per_call(lambda s: s.view(first_actor(s))),
        "to_json_us": per_call(lambda s: s.to_json()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument("--seconds", type=float, default=2.0, help="playout time per count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument(
        "--cpu", action="store_true", help="time in CPU seconds of this process, not wall time"
    )
    args = parser.parse_args()
    if args.cpu:
        global clock
        clock = time.process_time
    chosen = [games.get(name) for name in args.game] if args.game else games.all_games()
    rows = []
    for game in chosen:
        for players in range(game.min_players, game.max_players + 1):
            row = {"game": game.name, "players": players}
            row |= throughput(game, players, args.seconds)
            row |= micro(sample_states(game, players, 2000))
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    table = Table(title="pasture engines: random playouts on one core")
    for column in (
        "game",
        "players",
        "games/s",
        "steps/s",
        "steps/game",
        "clone µs",
        "legal µs",
        "view µs",
        "to_json µs",
    ):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in rows:
        table.add_row(
            r["game"],
            str(r["players"]),
            f"{r['games_per_s']:,.0f}",
            f"{r['steps_per_s']:,.0f}",
            f"{r['steps_per_game']:.1f}",
            f"{r['clone_us']:.1f}",
            f"{r['legal_actions_us']:.1f}",
            f"{r['view_us']:.1f}",
            f"{r['to_json_us']:.1f}",
        )
    Console(width=140).print(table)
    for game in chosen:
        mean = fmean(r["steps_per_s"] for r in rows if r["game"] == game.name)
        print(f"{game.name}: mean {mean:,.0f} steps/s over its player counts")


if __name__ == "__main__":
    main()
