"""Instructions per random-playout step, or per `determinize` call, counted by valgrind's
callgrind: a measure the machine's load does not move, for comparing two versions of an
engine when wall-clock figures are too noisy.

    python bench/bench_instructions.py --game wypas --players 4 --games 1
    python bench/bench_instructions.py --game swipsheep --players 5 --determinize 3

The work is run twice under `valgrind --tool=callgrind`, once with nothing to count and
once with it, and the difference is divided by the steps (or calls): start-up, imports
and table building fall out. Both runs warm up with one playout (or the sampling of the
states), then freeze what is alive (`gc.freeze`, so that the garbage collector's passes
over it do not count), and fix PYTHONHASHSEED: they differ only by the work counted. A step is
as in `bench_games.py` (legal actions or chance outcomes listed, one applied);
`--determinize N` re-draws 300 states sampled as `bench_games.py` samples them, N times
each, for the first actor's seat.
Needs valgrind (`apt-get install valgrind`); a run takes a minute or more.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

from pasture import games

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_games import first_actor, playout, sample_states  # noqa: E402

SAMPLED_STATES = 300


def work(game_name: str, players: int, count: int, determinize: bool) -> int:
    """What is counted, done `count` times (0: only the set-up); the steps or calls done."""
    game = games.get(game_name)
    if not determinize:
        playout(game.new_state(players), random.Random(2))  # warm-up: lazy tables and imports
        gc.freeze()  # what the set-up left is not collected again: it would count in
        rng = random.Random(1)
        return sum(playout(game.new_state(players), rng) for _ in range(count))
    states = sample_states(game, players, SAMPLED_STATES)  # playouts: the warm-up
    gc.freeze()
    rng = random.Random(3)
    for _ in range(count):
        for state in states:
            state.determinize(first_actor(state), rng)
    return len(states) * count


def instructions(args: argparse.Namespace, count: int) -> tuple[int, int]:
    """(instructions, steps or calls) of one run under callgrind doing `count` of the work."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--inner",
        str(count),
        "--game",
        args.game,
        "--players",
        str(args.players),
    ]
    if args.determinize:
        command.append("--determinize=1")
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    run = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    collected = re.search(r"Collected : (\d+)", run.stderr)
    done = re.search(r"^done (\d+)$", run.stdout, re.MULTILINE)
    if collected is None or done is None:
        raise SystemExit(f"callgrind gave no count:\n{run.stderr[-2000:]}")
    return int(collected.group(1)), int(done.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="See the module docstring (top of bench/bench_instructions.py) for the method.",
    )
    parser.add_argument("--game", required=True, help="a registered game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=1, help="random playouts counted")
    parser.add_argument(
        "--determinize", type=int, default=0, metavar="N", help="count N passes of re-draws"
    )
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:  # the run under valgrind
        print("done", work(args.game, args.players, args.inner, bool(args.determinize)))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    count = args.determinize or args.games
    base, _ = instructions(args, 0)
    total, done = instructions(args, count)
    what = "determinize call" if args.determinize else "step"
    print(f"{args.game}, {args.players} players: {done:,} {what}s,")
    print(f"{(total - base) / done:,.0f} instructions a {what}")


if __name__ == "__main__":
    main()
