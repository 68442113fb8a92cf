"""`pasture arena`: a tournament among bots with seat rotation, ratings and a leaderboard."""

from __future__ import annotations

import json
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as RichTable

from pasture.cli.tournament import THE_GAME, Played, Ratings, Table, play_many, schedule
from pasture.core.game import JSON

CHUNK = 4
"""Matches per task sent to a worker (search bots make a match slow)."""


def run(
    game_name: str,
    bots: Sequence[str],
    players: int,
    count: int,
    seed: int,
    mode: str,
    options: dict[str, JSON] | None,
    workers: int,
    console: Console,
    show_progress: bool,
) -> Ratings:
    """Play the tournament and rate it (matches rated in schedule order, so the ratings
    do not depend on how many workers played them)."""
    tables = schedule(bots, players, count, seed, mode)
    chunks = [tables[i : i + CHUNK] for i in range(0, len(tables), CHUNK)]
    results: list[Played] = []
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not show_progress,
        transient=True,
    )
    with progress:
        task = progress.add_task(f"Arena: {game_name}, {players} players", total=len(tables))
        if workers <= 1:
            for chunk in chunks:
                results += play_many(game_name, chunk, options)
                progress.update(task, advance=len(chunk))
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play_many, game_name, c, options): c for c in chunks}
                for future in as_completed(futures):
                    results += future.result()
                    progress.update(task, advance=len(futures[future]))
    ratings = Ratings(bots)
    for played in sorted(results, key=lambda p: p.index):
        ratings.add(played)
    return ratings


def summary_json(
    game_name: str,
    bots: Sequence[str],
    players: int,
    count: int,
    seed: int,
    mode: str,
    ratings: Ratings,
) -> dict[str, JSON]:
    return {
        "game": game_name,
        "players": players,
        "games": count,
        "seed": seed,
        "mode": mode,
        "bots": list(bots),
        "leaderboard": [s.to_json() for s in ratings.leaderboard()],
    }


def print_leaderboard(console: Console, data: dict[str, JSON]) -> None:
    table = RichTable(
        title=(
            f"{data['game']}: {data['games']:,} games, {data['players']} players ({data['mode']})"
        ),
        caption=(
            "rating: openskill mu with a 95% interval (mu ± 1.96 sigma); win rate with a 95%"
            " Wilson interval, a shared win counting 1/k; seats: matches played, once per"
            " seat held; fair: an even share of those; think: CPU seconds per decision with"
            " a choice"
        ),
    )
    for column in ("#", "bot", "rating", "95% interval", "seats", "win rate", "95% CI", "fair"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    table.add_column("think median / p95", justify="right")
    for rank, row in enumerate(data["leaderboard"], 1):
        games = row["games"]
        table.add_row(
            str(rank),
            row["bot"],
            f"{row['rating']:.1f}",
            f"{row['rating_low']:.1f} – {row['rating_high']:.1f}",
            f"{games:,}" if row["bot"] != THE_GAME else "—",
            f"{row['win_rate']:.1%}" if games else "—",
            f"{row['win_rate_low']:.1%} – {row['win_rate_high']:.1%}" if games else "—",
            f"{row['fair_share']:.1%}" if games else "—",
            f"{row['think_median_s']:.3f} / {row['think_p95_s']:.3f}" if row["decisions"] else "—",
        )
    console.print(table)


def dumps(data: dict[str, JSON]) -> str:
    return json.dumps(data, indent=2)


__all__ = ["Table", "dumps", "print_leaderboard", "run", "summary_json"]
