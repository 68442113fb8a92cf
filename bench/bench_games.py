"""Engine throughput per registered game: random playouts, and the cost of clone,
legal_actions, determinize, view and to_json.

    python bench/bench_games.py                    # every game, 2 s of playouts per count
    python bench/bench_games.py --game swipsheep --seconds 5
    python bench/bench_games.py --vs-openspiel     # OpenSpiel's games timed in the same run

A step is one decision applied (an action or a chance outcome), with the legal actions
(or chance outcomes) listed before it, as a random playout does. One process, one core;
times are CPU time of this process (`time.process_time`), so other jobs on the machine
disturb them less than wall time would (they still share caches and memory bandwidth).
The table's title says which engines ran: pure Python, or compiled by mypyc (setup.py).

`--vs-openspiel` also plays `python_liars_poker`, `python_kuhn_poker` (OpenSpiel games
written in Python) and C++ `hearts`, driven from Python the same way (legal actions or
chance outcomes listed, one applied), and prints each pasture figure divided by the best
of the two Python games and by hearts. OpenSpiel is an optional dependency (`pip install
open_spiel`).

Playouts are timed in slices: `--rounds` rounds take turns, and in each, every row plays
one slice, followed at once by a slice of each OpenSpiel game, each as long as the row's.
A row's steps/s is its fastest slice, as `timeit` takes the fastest run: other jobs on
the machine slow a slice down and never speed it up, so the fastest is the figure they
disturbed least. Each ratio divides the row's fastest slice by the fastest of the slices
OpenSpiel's game played beside that row: as many, as long, and taken at the same
moments, so neither side is favoured by having more chances at a quiet moment.
OpenSpiel's rows show the median of those fastest slices over the rows; `--json` keeps
every slice.

Every row is measured the same way: first one round's worth of untimed playouts of every
row (so the tables an engine fills as play meets them are as warm for its first player
count as for its last, and OpenSpiel's games get the same), then each row's playouts from
its own `random.Random(1)`, the same seed for every row and for OpenSpiel's games. Each
per-call cost is timed over states sampled from seeded playouts (`random.Random(2)`) after
the garbage left so far is collected.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

import pasture
from pasture import games
from pasture.core import CHANCE, Game, State
from pasture.core.game import sample

OPENSPIEL_PYTHON = ("python_liars_poker", "python_kuhn_poker")
OPENSPIEL_CPP = "hearts"
TARGET_VS_PYTHON = 2.0
TARGET_VS_HEARTS = 0.7
TARGET_COPY_US = 20.0
"""The goals: steps/s ratios to beat, and the most `clone` and `determinize` may cost."""


@dataclass
class Row:
    """One game at one player count: throughput and per-call costs (µs)."""

    game: str
    players: int
    steps: int = 0
    games: int = 0
    seconds: float = 0.0
    clone_us: float | None = None
    legal_us: float | None = None
    determinize_us: float | None = None
    view_us: float | None = None
    to_json_us: float | None = None
    slices: list[float] = field(default_factory=list)
    """The steps/s of each slice of playouts."""
    beside: dict[str, Row] = field(default_factory=dict)
    """OpenSpiel's games, timed in slices right after each of this row's."""

    @property
    def steps_per_s(self) -> float:
        """The fastest slice's (the module's docstring says why)."""
        return max(self.slices, default=0.0)

    @property
    def mean_steps_per_s(self) -> float:
        return self.steps / self.seconds if self.seconds else 0.0

    def add_slice(self, steps: int, seconds: float) -> None:
        self.steps += steps
        self.seconds += seconds
        self.slices.append(steps / seconds)

    @property
    def steps_per_game(self) -> float:
        return self.steps / self.games if self.games else 0.0


# --- pasture ------------------------------------------------------------------------


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


def run_playouts(game: Game, players: int, rng: random.Random, seconds: float, row: Row) -> None:
    """A slice: whole playouts for about `seconds` of CPU time, added to `row`."""
    start, steps = time.process_time(), 0
    while (elapsed := time.process_time() - start) < seconds:
        steps += playout(game.new_state(players), rng)
        row.games += 1
    row.add_slice(steps, elapsed)


def sample_states(game: Game, players: int, count: int) -> list[State]:
    """About `count` states met along random playouts (chance points included), at most
    100 spread evenly over each playout so that long games are sampled to their end."""
    rng = random.Random(2)
    states: list[State] = []
    while len(states) < count:
        state = game.new_state(players)
        seen: list[State] = []
        while not state.is_over():
            seen.append(state.clone())
            if state.is_chance():
                state.apply(CHANCE, sample(state.chance_outcomes(), rng))
            else:
                seat = state.actors()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        stride = max(1, len(seen) // 100)
        states.extend(seen[::stride])
    return states[:count]


def first_actor(state: State) -> int:
    actors = state.actors()
    return actors[0] if actors else 0


def per_call_us(states: list[Any], fn: Callable[[Any], object]) -> float:
    """Mean CPU microseconds of `fn` over `states`. The garbage left so far is collected
    first, so that no row's timing pays for collecting another's."""
    gc.collect()
    start = time.process_time()
    for state in states:
        fn(state)
    return (time.process_time() - start) / len(states) * 1e6


def micro(states: list[State], row: Row) -> None:
    rng = random.Random(3)
    row.clone_us = per_call_us(states, lambda s: s.clone())
    row.legal_us = per_call_us(states, lambda s: s.legal_actions(first_actor(s)))
    row.determinize_us = per_call_us(states, lambda s: s.determinize(first_actor(s), rng))
    row.view_us = per_call_us(states, lambda s: s.view(first_actor(s)))
    row.to_json_us = per_call_us(states, lambda s: s.to_json())


# --- OpenSpiel ----------------------------------------------------------------------


def load_openspiel() -> Any:
    try:
        import pyspiel

        # Importing the package registers OpenSpiel's games written in Python.
        from open_spiel.python import games as python_games
    except ImportError as exc:
        raise SystemExit(
            f"--vs-openspiel needs OpenSpiel: pip install open_spiel (import failed: {exc})"
        ) from exc
    del python_games
    return pyspiel


def openspiel_sample(outcomes: list[tuple[int, float]], rng: random.Random) -> int:
    """`sample` for OpenSpiel's (action, probability) pairs: one draw from `rng`."""
    x = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if x < total:
            return action
    return outcomes[-1][0]


def openspiel_playout(state: Any, rng: random.Random) -> int:
    """The same random playout on an OpenSpiel state."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(openspiel_sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def run_openspiel(game: Any, rng: random.Random, seconds: float, row: Row) -> None:
    start, steps = time.process_time(), 0
    while (elapsed := time.process_time() - start) < seconds:
        steps += openspiel_playout(game.new_initial_state(), rng)
        row.games += 1
    row.add_slice(steps, elapsed)


def openspiel_micro(game: Any, count: int, row: Row) -> None:
    rng = random.Random(2)
    states: list[Any] = []
    while len(states) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(states) < count:
            if not state.is_chance_node():
                states.append(state.clone())
            openspiel_playout_step(state, rng)
    row.clone_us = per_call_us(states, lambda s: s.clone())
    row.legal_us = per_call_us(states, lambda s: s.legal_actions())


def openspiel_playout_step(state: Any, rng: random.Random) -> None:
    if state.is_chance_node():
        state.apply_action(openspiel_sample(state.chance_outcomes(), rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def gather_peer(peer: Row, rows: list[Row]) -> None:
    """An OpenSpiel game's row from its slices beside every row: their steps and games,
    and as its one slice, the median of its fastest beside each row."""
    parts = [row.beside[peer.game] for row in rows]
    for part in parts:
        peer.steps += part.steps
        peer.games += part.games
        peer.seconds += part.seconds
    peer.slices = [statistics.median(part.steps_per_s for part in parts)]


def warm_up(rows: list[Row], peers: list[Row], peer_games: dict[str, Any], seconds: float) -> None:
    """Untimed playouts, `seconds` per row, before any is timed: the tables an engine
    fills as play meets them (legal lists, outcomes, events by content) are then as warm
    for its first row as for its last, and OpenSpiel's games are played the same way."""
    rng = random.Random(0)
    for row in rows:
        run_playouts(games.get(row.game), row.players, rng, seconds, Row(row.game, row.players))
    for peer in peers:
        run_openspiel(peer_games[peer.game], rng, seconds, Row(peer.game, peer.players))


# --- output -------------------------------------------------------------------------


def fmt(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def mark(ok: bool) -> str:
    return "[green]✓[/]" if ok else "[red]✗[/]"


def ratios(row: Row) -> tuple[float, float]:
    """The row's steps/s divided by the best OpenSpiel Python game's and by hearts', as
    timed beside it."""
    beside = row.beside
    best_python = max(beside[name].steps_per_s for name in OPENSPIEL_PYTHON)
    return row.steps_per_s / best_python, row.steps_per_s / beside[OPENSPIEL_CPP].steps_per_s


def print_table(rows: list[Row], peers: list[Row], title: str) -> None:
    table = Table(title=title)
    columns = ["game", "players", "steps/s", "steps/game"]
    if peers:
        columns += ["÷ best OS Python", "÷ OS hearts"]
    columns += ["clone µs", "legal µs", "determinize µs", "view µs", "to_json µs"]
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in [*rows, *peers]:
        cells = [r.game, str(r.players), fmt(r.steps_per_s, 0), fmt(r.steps_per_game)]
        if peers:
            if r in peers:
                cells += ["", ""]
            else:
                vs_python, vs_hearts = ratios(r)
                cells += [
                    f"{vs_python:.2f} {mark(vs_python >= TARGET_VS_PYTHON)}",
                    f"{vs_hearts:.2f} {mark(vs_hearts >= TARGET_VS_HEARTS)}",
                ]
        for cost, capped in (
            (r.clone_us, True),
            (r.legal_us, False),
            (r.determinize_us, True),
            (r.view_us, False),
            (r.to_json_us, False),
        ):
            text = fmt(cost)
            if capped and cost is not None and r not in peers:
                text += f" {mark(cost < TARGET_COPY_US)}"
            cells.append(text)
        table.add_row(*cells)
    Console(width=160).print(table)
    print(f"steps/s: each row's fastest slice of {len(rows[0].slices)}")
    if peers:
        print(
            "each ratio divides it by the fastest of the slices OpenSpiel's game played beside"
            " that row (OpenSpiel's rows: the median of those)"
        )
        print(
            f"targets: steps/s >= {TARGET_VS_PYTHON}x the best OpenSpiel Python game and"
            f" >= {TARGET_VS_HEARTS}x OpenSpiel C++ hearts; clone and determinize"
            f" < {TARGET_COPY_US:.0f} µs (OpenSpiel rows: OS = OpenSpiel, players = its"
            " default count)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring (top of bench/bench_games.py) for what is timed.",
    )
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all")
    parser.add_argument("--seconds", type=float, default=2.0, help="playout CPU time per row")
    parser.add_argument(
        "--rounds", type=int, default=5, help="slices each row's playout time is cut in"
    )
    parser.add_argument("--states", type=int, default=1000, help="states timed per cost")
    parser.add_argument(
        "--vs-openspiel", action="store_true", help="time OpenSpiel's games alongside"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    chosen = [games.get(name) for name in args.game] if args.game else games.all_games()
    rows = [
        Row(game.name, players)
        for game in chosen
        for players in range(game.min_players, game.max_players + 1)
    ]
    spiel = load_openspiel() if args.vs_openspiel else None
    peer_games = {}
    peers: list[Row] = []
    if spiel is not None:
        for name in (*OPENSPIEL_PYTHON, OPENSPIEL_CPP):
            peer_games[name] = spiel.load_game(name)
            peers.append(Row(name, peer_games[name].num_players()))
    rngs = {id(r): random.Random(1) for r in [*rows, *peers]}
    share = args.seconds / args.rounds
    warm_up(rows, peers, peer_games, share)
    for _ in range(args.rounds):
        for row in rows:
            game = games.get(row.game)
            run_playouts(game, row.players, rngs[id(row)], share, row)
            for peer in peers:
                beside = row.beside.setdefault(peer.game, Row(peer.game, peer.players))
                run_openspiel(peer_games[peer.game], rngs[id(peer)], share, beside)
    for peer in peers:
        gather_peer(peer, rows)
    for row in rows:
        micro(sample_states(games.get(row.game), row.players, args.states), row)
    for peer in peers:
        openspiel_micro(peer_games[peer.game], args.states, peer)
    if args.json:
        out = []
        for r in [*rows, *peers]:
            entry = asdict(r) | {
                "steps_per_s": r.steps_per_s,
                "mean_steps_per_s": r.mean_steps_per_s,
            }
            if peers and r not in peers:
                entry["vs_best_python"], entry["vs_hearts"] = ratios(r)
            out.append(entry)
        print(json.dumps(out, indent=2))
        return
    build = "compiled engines (mypyc)" if pasture.compiled() else "pure-Python engines"
    print_table(rows, peers, f"Random playouts on one core (CPU time), {build}")


if __name__ == "__main__":
    main()
