"""Random play through each machine-learning adapter, against the engine's own random
playout and two OpenSpiel games, in one process.

    python bench/bench_rl.py                      # every game, 1 s per measurement
    python bench/bench_rl.py --game wypas --seconds 3

Each row plays whole games at random for about `--seconds` of this process's CPU time
(in slices taken in turn with the other rows of its game). The unit is the engine
decision: one action or chance outcome applied to the engine state, as bench_games.py
counts them. A Wypas game in machine form takes more steps than the engine's (priority
`WAIT`s, see core/machine.py) for the same engine decisions, so a `WAIT` is cost, not a
step; games per second are printed too, and the steps per game show that every row
plays games of the same length. What one step of each row does:
- engine: `legal_actions` (or chance outcomes) listed, one applied (the target's base:
  every adapter should reach 0.7x of it); in a game with out-of-turn moves (Wypas) only
  the first actor moves, as in bench_games.py;
- engine, whole game (games with out-of-turn moves only): the same loop playing the game
  the machine and the adapters play: before the first actor decides, each seat the
  machine would give priority picks uniformly among its legal actions and passing (the
  `× same game` column compares each row with the engine row of its own game);
- engine+observe: the same, plus the acting seat's observation at each player step
  (for scale: an adapter that hands out observations cannot do less than this);
- machine: the same through `core.machine` (legal ids, one applied; the priority steps
  in between, each with its legal ids);
- machine, in turn (games with out-of-turn moves only): the machine with them switched
  off, so no priority steps: the restricted game the engine row plays, for scale (the
  difference to the machine row is what the priority steps cost);
- openspiel: what OpenSpiel's own random play does on the registered `pasture_<game>`:
  `current_player`, `legal_actions()` and `apply_action` (`apply_actions` at a
  simultaneous step), chance from `chance_outcomes()`; no observations;
- pettingzoo: the AEC loop as PettingZoo's API has it: `last()` (the selected agent's
  observation and action mask, at every step, priority steps included), a random id
  from the mask, `step`;
- parallel: the parallel env, whose `step` returns every live seat's observation;
- gymnasium: one learning seat (its observation and mask at each of its steps) against
  pasture's random bots.
OpenSpiel's `python_liars_poker` and C++ `leduc_poker` are played like the openspiel row
(a step: one `apply_action`), for scale.

Then, per pasture row, where the time of one engine decision goes (a counting pass,
untimed): the engine's own step (in Wypas, the whole-game engine row's), the machine
layer (machine row minus that engine row), the observations (the game's `observe()`
and, in the adapters, the update of the seat's kept float32 observation: the time of
the calls made per engine decision), and the rest (the adapter's masks and its own
calls, the library's, the loop's random pick). The parts come from different passes,
so they add up only to about ±0.5 µs.

Last, the libraries' own floor: the do-nothing games of `library_floor.py`, in the shape
of each table, through the same loops, and the most an adapter could reach through each
library if it cost nothing itself (`engine / (engine + floor)`).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import open_spiel.python.games  # noqa: F401 - registers python_liars_poker
import pyspiel
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pasture import games
from pasture.core import CHANCE, Game
from pasture.core.encode import IncrementalObservation
from pasture.core.game import sample
from pasture.core.machine import MachineState, machine
from pasture.rl import openspiel
from pasture.rl.gym import PastureEnv
from pasture.rl.pettingzoo import env, parallel_env

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_games import openspiel_sample as sample_id  # noqa: E402
from bench_games import playout  # noqa: E402
from library_floor import NullAEC, NullParallel, null_spiel_game  # noqa: E402

PLAYERS = {"wypas": 4, "baaaaa": 3, "wilson_shep": 3, "swipsheep": 4}

WHOLE = "engine, whole game"
IN_TURN = "machine, in turn"
IN_TURN_ROWS = ("engine", "engine+observe", IN_TURN)
"""The rows that play a game with out-of-turn moves in turn only (the first actor moves),
as `bench_games.py` does; every other row plays the whole game."""


ROUNDS = 5
"""Each measurement is taken in this many slices, the rows of a game in turn, so that a
change of load on a shared machine falls on every row alike."""


@dataclass
class Rate:
    """What one row played: engine decisions and whole games in CPU seconds."""

    steps: int = 0
    games: int = 0
    seconds: float = 0.0

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def us_per_step(self) -> float:
        return 1e6 * self.seconds / self.steps


def timed(plays: dict[str, Callable[[], int]], seconds: float) -> dict[str, Rate]:
    """What each `play` (one whole game, returning its engine decisions) does in about
    `seconds` of CPU time."""
    rates = {name: Rate() for name in plays}
    for _ in range(ROUNDS):
        for name, play in plays.items():
            rate = rates[name]
            start = time.process_time()
            while (elapsed := time.process_time() - start) < seconds / ROUNDS:
                rate.steps += play()
                rate.games += 1
            rate.seconds += elapsed
    return rates


@dataclass
class Counts:
    """A counting pass over one row: per engine decision, the game's `observe()` calls
    and their CPU time, the machine decisions (priority WAITs included), and the calls
    OpenSpiel made into the Python state."""

    steps: int = 0
    observes: int = 0
    observe_seconds: float = 0.0
    """`observe()`, or in the adapters the update of a seat's kept float32 observation."""
    decisions: int = 0
    spiel_calls: int = 0


SPIEL_METHODS = (
    "current_player",
    "legal_actions",
    "_legal_actions",
    "_apply_action",
    "_apply_actions",
    "chance_outcomes",
    "is_terminal",
    "is_chance_node",
    "is_simultaneous_node",
    "returns",
)


def clock_cost() -> float:
    """The CPU seconds one `process_time()` reading adds to a timed interval."""
    readings = 20_000
    start = time.process_time()
    for _ in range(readings):
        time.process_time()
    return (time.process_time() - start) / readings


@contextmanager
def counting(game: Game, counts: Counts, row: str) -> Iterator[None]:
    """Count calls (and time the observations) while inside; every patch is undone on
    leaving. The observations are timed at one level only: the game's `observe` in the
    engine+observe row, the update of a seat's kept observation (its changed sections,
    `core.encode.IncrementalObservation`) in the adapters; the clock's own cost is taken
    off each interval."""
    observe = game.observe
    update = IncrementalObservation.update
    clock = clock_cost()

    def counted_observe(state: Any, seat: int) -> list[float]:
        start = time.process_time()
        out = observe(state, seat)
        counts.observe_seconds += time.process_time() - start - clock
        counts.observes += 1
        return out

    def counted_update(kept: IncrementalObservation[Any], state: Any) -> Any:
        start = time.process_time()
        out = update(kept, state)
        counts.observe_seconds += time.process_time() - start - clock
        counts.observes += 1
        return out

    originals: dict[tuple[type, str], Any] = {}

    def wrap(cls: type, name: str, on_call: Callable[[], None]) -> None:
        original = cls.__dict__[name]
        originals[cls, name] = original

        def counted(*args: Any) -> Any:
            on_call()
            return original(*args)

        setattr(cls, name, counted)

    def decision() -> None:
        counts.decisions += 1

    def spiel_call() -> None:
        counts.spiel_calls += 1

    if row == "engine+observe":
        game.observe = counted_observe  # type: ignore[method-assign]
    else:
        IncrementalObservation.update = counted_update  # type: ignore[method-assign, assignment]
    wrap(MachineState, "_apply", decision)
    for name in SPIEL_METHODS:
        if name in openspiel.PastureState.__dict__:
            wrap(openspiel.PastureState, name, spiel_call)
    try:
        yield
    finally:
        game.__dict__.pop("observe", None)
        IncrementalObservation.update = update  # type: ignore[method-assign]
        for (cls, name), original in originals.items():
            setattr(cls, name, original)


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


def whole_game(game: Game, players: int, rng: random.Random) -> Callable[[], int]:
    """The engine's own random playout of the whole game, out-of-turn moves included, as
    the machine form offers them but without it (no ids, no history): before the first
    actor decides, each seat of `priority_seats`, in order, picks uniformly among its
    legal actions and passing; a seat that acts changes the state, and the seats are
    asked again. The same game, the same picks and the same count as the machine rows."""

    def play() -> int:
        state = game.new_state(players)
        steps = 0
        while not state.is_over():
            steps += 1
            if state.is_chance():
                state.apply(CHANCE, sample(state.chance_outcomes(), rng))
                continue
            for seat in game.priority_seats(state):
                legal = state.legal_actions(seat)
                pick = rng.randrange(len(legal) + 1)  # the last: pass
                if pick < len(legal):
                    state.apply(seat, legal[pick])
                    break
            else:
                seat = state.actors()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
        return steps

    return play


def in_turn(game: Game) -> Game:
    """`game` with no out-of-turn moves: the machine asks only `actors()`."""
    cls = type(game)
    restricted: Game = type(f"{cls.__name__}InTurn", (cls,), {"out_of_turn": False})()
    return restricted


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
                state.apply_action(sample_id(state.chance_outcomes(), rng))
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
    return aec_play(aec, rng, lambda: aec.ms.engine_steps())


def aec_play(
    aec: Any, rng: random.Random, steps: Callable[[], int], pick: bool = True
) -> Callable[[], int]:
    """PettingZoo's AEC loop on `aec`; `steps` counts the game's engine decisions. Without
    `pick`, id 0 every time (for a null game whose every id is legal: the env alone)."""

    def play() -> int:
        aec.reset(seed=rng.randrange(2**31))
        for _ in aec.agent_iter():
            obs, _, term, trunc, _ = aec.last()
            if term or trunc:
                aec.step(None)
                continue
            aec.step(int(rng.choice(obs["action_mask"].nonzero()[0])) if pick else 0)
        return steps()

    return play


def parallel_game(name: str, players: int, rng: random.Random) -> Callable[[], int]:
    par = parallel_env(name, players)
    return parallel_play(par, rng, lambda: par.ms.engine_steps())


def parallel_play(
    par: Any, rng: random.Random, steps: Callable[[], int], pick: bool = True
) -> Callable[[], int]:
    """PettingZoo's parallel loop on `par`; `steps` counts the game's engine decisions.
    Without `pick`, id 0 for every seat (as in `aec_play`)."""
    zeros = dict.fromkeys(par.possible_agents, 0)

    def play() -> int:
        obs, _ = par.reset(seed=rng.randrange(2**31))
        while par.agents:
            if pick:
                actions = {a: int(rng.choice(obs[a]["action_mask"].nonzero()[0])) for a in obs}
            else:
                actions = zeros
            obs, *_ = par.step(actions)
        return steps()

    return play


def gym_game(name: str, players: int, rng: random.Random) -> Callable[[], int]:
    gym_env = PastureEnv(name, players, seat=0, opponents="random")

    def play() -> int:
        obs, _ = gym_env.reset(seed=rng.randrange(2**31))
        done = False
        while not done:
            action = rng.choice(obs["action_mask"].nonzero()[0])
            obs, _, terminated, truncated, _ = gym_env.step(action)
            done = terminated or truncated
        return gym_env.ms.engine_steps()

    return play


COUNTED_SHARE = 0.2
"""The counting pass plays whole games for at least this share of `--seconds` per row."""


@dataclass
class Split:
    """Where one engine decision of a row goes, in µs (see the module's docstring)."""

    total: float
    engine: float
    machine: float
    observe: float
    observes_per_step: float
    decisions_per_step: float
    spiel_calls_per_step: float

    @property
    def rest(self) -> float:
        return self.total - self.engine - self.machine - self.observe


def split(
    game: Game, plays: dict[str, Callable[[], int]], rates: dict[str, Rate], seconds: float
) -> dict[str, Split]:
    engine_us = rates[WHOLE if WHOLE in rates else "engine"].us_per_step
    machine_us = rates["machine"].us_per_step - engine_us
    out = {}
    for name, play in plays.items():
        if name in ("engine", WHOLE, IN_TURN):
            continue
        counts = Counts()
        start = time.process_time()
        with counting(game, counts, name):
            while counts.steps == 0 or time.process_time() - start < COUNTED_SHARE * seconds:
                counts.steps += play()
        steps = counts.steps
        out[name] = Split(
            total=rates[name].us_per_step,
            engine=rates["engine"].us_per_step if name == "engine+observe" else engine_us,
            machine=0.0 if name == "engine+observe" else machine_us,
            observe=1e6 * counts.observe_seconds / steps,
            observes_per_step=counts.observes / steps,
            decisions_per_step=counts.decisions / steps,
            spiel_calls_per_step=counts.spiel_calls / steps,
        )
    return out


LIBRARIES = ("openspiel", "pettingzoo", "parallel")


def floors(game: Game, players: int, steps_per_game: int, seconds: float) -> dict[str, Rate]:
    """The null games of `library_floor.py` in the shape of `game`'s table, played by the
    same loops as the adapter rows (one library step per engine decision), and with no
    random pick from the masks (`<library> env`: the library's part alone)."""
    table = machine(game, players)
    shape = (players, steps_per_game, len(table.actions), table.observation_shape[0])
    rng = random.Random(3)
    aec, par = NullAEC(*shape), NullParallel(*shape)
    return timed(
        {
            "openspiel": spiel_game(null_spiel_game(*shape[:3]), rng, engine=False),
            "pettingzoo": aec_play(aec, rng, lambda: aec.shape.length),
            "parallel": parallel_play(par, rng, lambda: par.shape.length),
            "pettingzoo env": aec_play(aec, rng, lambda: aec.shape.length, pick=False),
            "parallel env": parallel_play(par, rng, lambda: par.shape.length, pick=False),
        },
        seconds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", choices=games.names(), help="one game (default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU time per measurement")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    openspiel.register()
    names = [args.game] if args.game else games.names()
    rows: list[dict[str, Any]] = []
    splits: list[dict[str, Any]] = []
    bounds: list[dict[str, Any]] = []
    console = Console(width=max(Console().width, 132))
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("Measuring", total=len(names) + 1)
        for name in names:
            game, players = games.get(name), PLAYERS[name]
            rng = random.Random(1)
            spiel = pyspiel.load_game(f"pasture_{name}", {"players": players})
            plays = {
                "engine": engine_game(game, players, rng),
                **({WHOLE: whole_game(game, players, rng)} if game.out_of_turn else {}),
                "engine+observe": observed_game(game, players, rng),
                "machine": machine_game(game, players, rng),
                **(
                    {IN_TURN: machine_game(in_turn(game), players, rng)} if game.out_of_turn else {}
                ),
                "openspiel": spiel_game(spiel, rng),
                "pettingzoo": aec_game(name, players, rng),
                "parallel": parallel_game(name, players, rng),
                "gymnasium": gym_game(name, players, rng),
            }
            rates = timed(plays, args.seconds)
            label = f"{name} {players}p"
            base = rates["engine"]
            for adapter, rate in rates.items():
                same = rates[WHOLE] if WHOLE in rates and adapter not in IN_TURN_ROWS else base
                rows.append(
                    {
                        "game": label,
                        "adapter": adapter,
                        "steps_per_s": rate.steps_per_s,
                        "games_per_s": rate.games_per_s,
                        "steps_per_game": rate.steps / rate.games,
                        "ratio": rate.steps_per_s / base.steps_per_s,
                        "same_game_ratio": rate.steps_per_s / same.steps_per_s,
                        "observed_ratio": rate.steps_per_s / rates["engine+observe"].steps_per_s,
                    }
                )
            for adapter, parts in split(game, plays, rates, args.seconds).items():
                splits.append({"game": label, "adapter": adapter} | asdict(parts))
            same = rates[WHOLE if WHOLE in rates else "engine"]
            length = round(rates["pettingzoo"].steps / rates["pettingzoo"].games)
            floor = floors(game, players, length, args.seconds)
            for library in LIBRARIES:
                engine_us, floor_us = same.us_per_step, floor[library].us_per_step
                env_only = floor.get(f"{library} env", floor[library]).us_per_step
                bounds.append(
                    {
                        "game": label,
                        "adapter": library,
                        "engine_us": engine_us,
                        "floor_us": floor_us,
                        "env_floor_us": env_only,
                        "reachable_ratio": engine_us / (engine_us + floor_us),
                        "measured_ratio": rates[library].steps_per_s / same.steps_per_s,
                    }
                )
            progress.advance(task)
        peers = {
            peer: spiel_game(pyspiel.load_game(peer), random.Random(2), engine=False)
            for peer in ("python_liars_poker", "leduc_poker")
        }
        for peer, rate in timed(peers, args.seconds).items():
            rows.append(
                {
                    "game": peer,
                    "adapter": "openspiel",
                    "steps_per_s": rate.steps_per_s,
                    "games_per_s": rate.games_per_s,
                    "steps_per_game": rate.steps / rate.games,
                    "ratio": None,
                    "same_game_ratio": None,
                    "observed_ratio": None,
                }
            )
        progress.advance(task)
    if args.json:
        print(json.dumps({"rates": rows, "split": splits, "floor": bounds}, indent=2))
        return
    console.print(rates_table(rows))
    console.print(split_table(splits))
    console.print(floor_table(bounds))


UNITS = (
    "A step is one engine decision, in every row alike: a player action or a chance outcome"
    " applied to the engine state (a priority WAIT changes nothing and is cost, not a step;"
    " a simultaneous step counts each seat's choice). × engine: against the engine's random"
    " playout as bench_games.py plays it, which in a game with out-of-turn moves (Wypas)"
    " moves only the first actor, a smaller game than the adapters play. × same game:"
    " against the engine row that plays the same game as this row (Wypas: 'engine, whole"
    " game' for the machine and the adapters, which offer every seat its out-of-turn"
    " moves). The OpenSpiel row hands out no observations; PettingZoo and Gymnasium rows"
    " build the observation and mask of every step they return, as their APIs ask."
)


def figures_table(title: str, columns: tuple[str, ...], caption: str | None = None) -> Table:
    """A table whose first two columns name the row (left) and the rest are figures."""
    table = Table(title=title, caption=caption, caption_justify="left")
    for n, column in enumerate(columns):
        table.add_column(column, justify="left" if n < 2 else "right")
    return table


def rates_table(rows: list[dict[str, Any]]) -> Table:
    columns = (
        "game",
        "adapter",
        "steps/s",
        "games/s",
        "steps/game",
        "× engine",
        "× same game",
        "× eng+obs",
    )
    table = figures_table(
        "Random play, engine decisions per CPU second (one process)", columns, UNITS
    )
    for row in rows:
        ratio, same, observed = row["ratio"], row["same_game_ratio"], row["observed_ratio"]
        table.add_row(
            str(row["game"]),
            str(row["adapter"]),
            f"{row['steps_per_s']:,.0f}",
            f"{row['games_per_s']:,.1f}",
            f"{row['steps_per_game']:,.0f}",
            "" if ratio is None else f"{ratio:.2f}",
            "" if same is None else f"{same:.2f}",
            "" if observed is None else f"{observed:.2f}",
        )
    return table


def split_table(splits: list[dict[str, Any]]) -> Table:
    columns = (
        "game",
        "adapter",
        "total",
        "engine",
        "machine",
        "observe",
        "rest",
        "observes",
        "decisions",
        "spiel calls",
    )
    table = figures_table(
        "Where one engine decision goes, µs (observe: its calls and arrays; rest: the"
        " adapter's masks and calls, the library, the loop's random pick)",
        columns,
    )
    for row in splits:
        rest = row["total"] - row["engine"] - row["machine"] - row["observe"]
        table.add_row(
            str(row["game"]),
            str(row["adapter"]),
            f"{row['total']:.1f}",
            f"{row['engine']:.1f}",
            f"{row['machine']:.1f}",
            f"{row['observe']:.1f}",
            f"{rest:.1f}",
            f"{row['observes_per_step']:.2f}",
            f"{row['decisions_per_step']:.2f}",
            f"{row['spiel_calls_per_step']:.1f}",
        )
    return table


def floor_table(bounds: list[dict[str, Any]]) -> Table:
    columns = ("game", "library", "engine µs", "floor µs", "of which env", "reachable", "measured")
    table = figures_table(
        "The library's own floor: a game that does nothing, same shape, same loop",
        columns,
        "floor: µs one step of the null game of library_floor.py costs in the row's"
        " loop, one library step per engine decision (the adapters take more in Wypas: its"
        " priority steps); of which env: the same with no random pick from the masks (the"
        " library's bookkeeping alone); reachable: engine / (engine + floor), the most an"
        " adapter of this engine could reach in this loop if the adapter itself cost"
        " nothing (target: 0.7).",
    )
    for row in bounds:
        table.add_row(
            str(row["game"]),
            str(row["adapter"]),
            f"{row['engine_us']:.1f}",
            f"{row['floor_us']:.1f}",
            f"{row['env_floor_us']:.1f}",
            f"{row['reachable_ratio']:.2f}",
            f"{row['measured_ratio']:.2f}",
        )
    return table


if __name__ == "__main__":
    main()
