"""`pasture simulate`: many bot matches, a progress bar, then win rates and scores."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from pasture import games
from pasture.bots import make
from pasture.bots.play import play_match
from pasture.cli.plot import win_rate_svg
from pasture.cli.stats import Tally

CHUNK = 50


def _run_chunk(game_name: str, bot_names: Sequence[str], seeds: Sequence[int]) -> Tally:
    game = games.get(game_name)
    tally = Tally(len(bot_names))
    for seed in seeds:
        bots = [make(game, name) for name in bot_names]
        match = play_match(game, bots, seed)
        tally.add(match.state.result(), match.version)
    return tally


def simulate(
    game_name: str,
    count: int,
    bot_names: Sequence[str],
    seed: int,
    workers: int,
    console: Console,
    show_progress: bool,
    ray_address: str | None = None,
) -> tuple[Tally, float]:
    """Play `count` matches; return the tally and the wall time in seconds. With
    `ray_address` ("local" for a Ray started here), on a Ray cluster."""
    tally = Tally(len(bot_names))
    chunks = [
        list(range(s, min(s + CHUNK, seed + count))) for s in range(seed, seed + count, CHUNK)
    ]
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        disable=not show_progress,
        transient=True,
    )
    start = time.perf_counter()
    with progress:
        task = progress.add_task(f"Simulating {game_name}", total=count, rate="")

        def advance(part: Tally) -> None:
            tally.merge(part)
            rate = tally.games / max(time.perf_counter() - start, 1e-9)
            progress.update(task, advance=part.games, rate=f"{rate:,.0f} games/s")

        if ray_address is not None:  # Ray: the same chunks as Ray tasks
            from pasture.cli.ray_pool import run_chunks

            for part in run_chunks(ray_address, _run_chunk, game_name, bot_names, chunks, workers):
                advance(part)
        elif workers <= 1:
            for chunk in chunks:
                advance(_run_chunk(game_name, bot_names, chunk))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = [pool.submit(_run_chunk, game_name, bot_names, c) for c in chunks]
                for future in as_completed(futures):
                    advance(future.result())
    return tally, time.perf_counter() - start


def summary_json(
    game_name: str, bot_names: Sequence[str], seed: int, tally: Tally, seconds: float
) -> dict[str, object]:
    return {
        "game": game_name,
        "players": tally.players,
        "games": tally.games,
        "seed": seed,
        "bots": list(bot_names),
        "seconds": round(seconds, 3),
        "games_per_s": tally.games / seconds if seconds else None,
        "mean_steps": tally.steps / tally.games if tally.games else 0,
        "capped": tally.capped,
        "seats": [
            {"seat": s, "bot": bot_names[s], **tally.seat_summary(s)} for s in range(tally.players)
        ],
    }


def print_summary(console: Console, data: dict[str, object]) -> None:
    table = Table(
        title=f"{data['game']}: {data['games']:,} games, {data['players']} players",
        caption=(
            f"{data['games_per_s']:,.0f} games/s, {data['mean_steps']:.0f} steps per game;"
            f" {data['capped']:,} of {data['games']:,} ended at the safety cap;"
            " shared wins count 1/k; 95% Wilson intervals"
        ),
    )
    for column in ("seat", "bot", "win rate", "95% CI", "outright", "score mean ± sd", "min–max"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s in data["seats"]:  # type: ignore[attr-defined]
        table.add_row(
            str(s["seat"] + 1),  # seats on screen count from 1; the JSON keeps indexes
            s["bot"],
            f"{s['win_rate']:.1%}",
            f"{s['win_rate_low']:.1%} – {s['win_rate_high']:.1%}",
            f"{s['outright_wins']:,}",
            f"{s['score_mean']:.2f} ± {s['score_sd']:.2f}",
            f"{s['score_min']:g}–{s['score_max']:g}",
        )
    console.print(table)


def write_plot(path: str, data: dict[str, object]) -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(win_rate_svg(data))


def default_workers() -> int:
    return max(1, min(4, (os.cpu_count() or 1)))


def dumps(data: dict[str, object]) -> str:
    return json.dumps(data, indent=2)
