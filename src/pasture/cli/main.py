"""The `pasture` command: play, simulate, read the rules, replay a recorded match."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.table import Table

from pasture import games, i18n
from pasture.bots import available, levels, research_bots
from pasture.cli import arena as arena_cli
from pasture.cli import simulate as sim
from pasture.cli.play import Quit, TerminalGame, parse_seats
from pasture.cli.plot import rating_svg
from pasture.cli.serve import serve
from pasture.cli.terminal import rules_text, terminal_ui
from pasture.core.errors import PastureError
from pasture.core.game import Game, Option
from pasture.core.match import Match, seed_hash

app = typer.Typer(
    help=(
        "pasture: four sheep tabletop games — Wypas, Baaaaa!, Wilson & Shep and Swip'Sheep —"
        " played exactly by their rules.\n\n"
        "Start with `pasture games` to see what is here, `pasture rules GAME` to learn one,"
        " `pasture play GAME` to play it against bots in the terminal, and `pasture serve`"
        " to play in the browser with friends and bots."
    ),
    no_args_is_help=True,
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    """Print an error (its text may hold user input: never read as markup) and exit 2."""
    errors.print(f"[bold red]Error:[/] {escape(message)}")
    return typer.Exit(code=2)


def game_or_exit(name: str) -> games.Game:  # type: ignore[name-defined]
    try:
        return games.get(name)
    except PastureError as err:
        raise fail(err.message) from None


def language_or_exit(lang: str | None) -> str:
    """--lang, or the language of $LANG; a clear error for one pasture does not speak."""
    if lang is None:
        return i18n.from_environment(os.environ.get("LANG"))
    if lang not in i18n.LANGUAGES:
        raise fail(f"--lang is one of {', '.join(i18n.LANGUAGES)}, not {lang!r}.")
    return lang


def parse_options(pairs: list[str] | None, game: Game, players: int) -> dict[str, object]:
    """['bluff=true', 'max_turns=30'] -> {'bluff': True, 'max_turns': 30}. A seat option
    is typed counted from 1, as the screen numbers seats, and becomes the game's index."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        name, sep, raw = pair.partition("=")
        if not sep:
            raise fail(f"Options are written NAME=VALUE, not {pair!r}.")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    for seat_option in (o for o in game.options if names_a_seat(o) and o.name in options):
        value = options[seat_option.name]
        last = seat_option.minimum == -1  # -1: the last seat, whatever the count
        if isinstance(value, bool) or not isinstance(value, int):
            value = 0
        if last and value == -1:
            continue
        if not 1 <= value <= players:
            raise fail(
                f"-o {seat_option.name} is a seat from 1 to {players}"
                + (" or -1 (the last seat)" if last else "")
                + f" (seats are counted from 1), not {json.dumps(options[seat_option.name])}."
            )
        options[seat_option.name] = value - 1
    return options


def names_a_seat(option: Option) -> bool:
    """A seat option (`seat`), or one named like one (Baaaaa!'s `wolf_seat`, which also
    takes -1 for the last seat), as the browser's seat menus tell them."""
    return option.seat or option.name.endswith("_seat")


def shown_default(option: Option) -> str:
    """An option's default as typed after -o (a seat counted from 1; -1 as it is)."""
    default = option.default
    if names_a_seat(option) and isinstance(default, int) and default >= 0:
        default += 1
    return json.dumps(default)


GameArg = Annotated[str, typer.Argument(help="The game: see `pasture games`.")]
OptionOpt = Annotated[
    list[str] | None,  # noqa: UP007 - Typer needs Optional here
    typer.Option(
        "--option",
        "-o",
        help="A table option NAME=VALUE (repeatable); a seat is counted from 1.",
    ),
]


app.command()(serve)


def bot_list(game: games.Game) -> str:  # type: ignore[name-defined]
    """Levels first (with the bot behind each), then the research names."""
    shown = ", ".join(f"{lv.title} ({lv.bot})" for lv in levels(game))
    return f"{shown}\nresearch: {', '.join(research_bots(game))}"


@app.command("games")
def list_games() -> None:
    """List the games, their player counts, options and bots."""
    table = Table(title="pasture games")
    for column in ("game", "title", "players", "options", "bots"):
        table.add_column(column)
    for game in games.all_games():
        options = ", ".join(f"{o.name}={shown_default(o)}" for o in game.options) or "—"
        table.add_row(
            game.name,
            f"[bold]{escape(game.title)}[/]\n{escape(game.summary)}",
            f"{game.min_players}–{game.max_players}",
            options,
            bot_list(game),
        )
    console.print(table)


@app.command()
def play(
    game: GameArg,
    players: Annotated[
        int | None,  # noqa: UP007
        typer.Option("--players", "-p", help="How many players (default: the game's least)."),
    ] = None,
    seats: Annotated[
        str | None,  # noqa: UP007
        typer.Option(
            help="Who sits where, comma-separated: human, bot (the Normal bot), a level"
            " (easy, normal, hard) or a research bot's name (see `pasture games`)."
            " Default: you in seat 1, Normal bots elsewhere. Several humans share the screen.",
        ),
    ] = None,
    seed: Annotated[
        int | None,  # noqa: UP007
        typer.Option(help="Seed for shuffles and draws (default: secret and random)."),
    ] = None,
    option: OptionOpt = None,
    record: Annotated[
        Path | None,  # noqa: UP007
        typer.Option(help="Write the match record (seed and actions) to this JSON file."),
    ] = None,
    lang: Annotated[
        str | None,  # noqa: UP007
        typer.Option(
            help="en, pl, fr or es (default: from $LANG). The menus, and Swip'Sheep's table and"
            " narration, are translated; the other games' tables are English for now."
        ),
    ] = None,
) -> None:
    """Play a game in the terminal against bots (or friends at the same screen).

    Example: pasture play swipsheep --players 4 --seats human,bot,bot,bot
    """
    chosen = game_or_exit(game)
    i18n.use(language_or_exit(lang))
    count = players or chosen.min_players
    bots = available(chosen)
    default_bot = "normal" if "normal" in bots else "random"
    try:
        seat_kinds = parse_seats(seats, count, default_bot)
        for kind in seat_kinds:
            if kind != "human" and kind not in bots:
                raise ValueError(
                    f"Unknown seat {kind!r}: use human, bot or one of {', '.join(bots)}."
                )
        options = parse_options(option, chosen, count)
        session = TerminalGame(chosen, seat_kinds, options, seed, console, input)
    except (ValueError, PastureError) as err:
        raise fail(getattr(err, "message", str(err))) from None
    try:
        session.run()
    except (Quit, EOFError, KeyboardInterrupt):
        console.print(f"\n{i18n.say('term.left')}")
        raise typer.Exit(code=1) from None
    finally:
        if record is not None and session.match.is_over():
            record.write_text(json.dumps(session.match.record(), indent=1))
            console.print(i18n.say("term.recorded", path=escape(str(record))))


@app.command()
def simulate(
    game: GameArg,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many matches.")] = 1000,
    players: Annotated[
        int | None,  # noqa: UP007
        typer.Option("--players", "-p", help="Players per match (default: the game's least)."),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bots per seat, comma-separated (e.g. heuristic,random,random); one name"
            " fills every seat. Default: the game's heuristic bot in every seat.",
        ),
    ] = "",
    seed: Annotated[int, typer.Option(help="First seed; match i uses seed+i.")] = 0,
    workers: Annotated[
        int, typer.Option(help="Processes to use (default: the machine's cores, at most 4).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Spread the matches over Ray: a Ray started on this machine with --workers"
            " CPUs, or the cluster at --ray-address. Needs pip install 'pasture[ray]'."
            " Same seeds, same results as without it.",
        ),
    ] = False,
    ray_address: Annotated[
        str | None,  # noqa: UP007
        typer.Option(metavar="ADDRESS", help="The Ray cluster for --ray (e.g. ray://head:10001)."),
    ] = None,
    plot: Annotated[
        Path | None,  # noqa: UP007
        typer.Option(help="Also draw the win rates as an SVG chart in this file."),
    ] = None,
) -> None:
    """Play many bot matches; report win rates (95% intervals), scores, speed and caps hit.

    Example: pasture simulate swipsheep --games 10000 --players 4 --bots heuristic,random
    """
    chosen = game_or_exit(game)
    count = players or chosen.min_players
    known = available(chosen)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:  # a game's own heuristic plays it as a person would; random may look broken
        names = ["heuristic" if "heuristic" in known else "random"]
    if len(names) == 1:
        names *= count
    elif len(names) == 2 and count > 2:
        names = [names[0]] + [names[1]] * (count - 1)
    if len(names) != count:
        raise fail(f"--bots names {len(names)} bots for {count} players.")
    for name in names:
        if name not in known:
            raise fail(f"{chosen.title} has no bot {name!r}; choose from {', '.join(known)}.")
    try:
        chosen.resolve_options(count)
    except PastureError as err:
        raise fail(err.message) from None
    if games_ < 1:
        raise fail("--games must be at least 1.")
    from pasture.cli.ray_pool import RayError

    try:
        tally, seconds = sim.simulate(
            chosen.name,
            games_,
            names,
            seed,
            workers or sim.default_workers(),
            errors,
            show_progress=sys.stderr.isatty(),
            ray_address=ray_address or ("local" if ray else None),
        )
    except RayError as err:
        raise fail(str(err)) from None
    data = sim.summary_json(chosen.name, names, seed, tally, seconds)
    if as_json:
        print(sim.dumps(data))
    else:
        sim.print_summary(console, data)
    if plot is not None:
        sim.write_plot(str(plot), data)
        errors.print(f"Chart written to {escape(str(plot))}.")


@app.command()
def arena(
    game: GameArg,
    bots: Annotated[
        str,
        typer.Option(help="The bots to rate, comma-separated (levels or research names)."),
    ] = "normal,hard",
    players: Annotated[
        int | None,  # noqa: UP007
        typer.Option("--players", "-p", help="Seats per match (default: the game's least)."),
    ] = None,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many matches.")] = 100,
    mode: Annotated[
        str,
        typer.Option(
            help="mixed: every mix of the bots at the table; one-vs-rest: one copy of the"
            " first bot against copies of each other one."
        ),
    ] = "mixed",
    seed: Annotated[int, typer.Option(help="First seed; match i uses seed+i.")] = 0,
    option: OptionOpt = None,
    workers: Annotated[
        int, typer.Option(help="Processes to use (default: the machine's cores, at most 4).")
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the leaderboard as JSON.")] = False,
    plot: Annotated[
        Path | None,  # noqa: UP007
        typer.Option(help="Also draw the ratings with their intervals as an SVG chart."),
    ] = None,
) -> None:
    """Rate bots in a tournament: every lineup in every seat rotation, openskill ratings
    with 95% intervals, win rates against a fair share, and thinking time per decision.

    Example: pasture arena swipsheep --players 4 --bots heuristic,search,random --games 300
    """
    chosen = game_or_exit(game)
    count = players or chosen.min_players
    names = [b.strip() for b in bots.split(",") if b.strip()]
    known = available(chosen)
    for name in names:
        if name not in known:
            raise fail(f"{chosen.title} has no bot {name!r}; choose from {', '.join(known)}.")
    if not names or len(set(names)) != len(names):
        raise fail("--bots names each bot once.")
    if games_ < 1:
        raise fail("--games must be at least 1.")
    if mode not in ("mixed", "one-vs-rest"):
        raise fail(f"--mode is mixed or one-vs-rest, not {mode!r}.")
    options = parse_options(option, chosen, count)
    try:
        chosen.resolve_options(count, options)
    except PastureError as err:
        raise fail(err.message) from None
    ratings = arena_cli.run(
        chosen.name,
        names,
        count,
        games_,
        seed,
        mode,
        options,
        workers or sim.default_workers(),
        errors,
        show_progress=sys.stderr.isatty(),
    )
    data = arena_cli.summary_json(chosen.name, names, count, games_, seed, mode, ratings)
    if as_json:
        print(arena_cli.dumps(data))
    else:
        arena_cli.print_leaderboard(console, data)
    if plot is not None:
        plot.write_text(rating_svg(data), encoding="utf-8")
        errors.print(f"Chart written to {plot}.")


@app.command()
def rules(
    game: GameArg,
    pager: Annotated[
        bool, typer.Option(help="Page the text (less) when it is longer than the screen.")
    ] = True,
    lang: Annotated[
        str | None,  # noqa: UP007
        typer.Option(help="en, pl, fr or es (default: from $LANG); English where untranslated."),
    ] = None,
) -> None:
    """Show a game's rules reference, with the rulings and the assumed card counts.

    In a terminal the text is paged (space for the next page, q to quit); --no-pager prints it.
    """
    chosen = game_or_exit(game)
    source = rules_text(chosen, language_or_exit(lang))
    text = Markdown(source)
    long = len(source.splitlines()) > console.size.height
    if pager and long and sys.stdout.isatty():
        with console.pager(styles=True):
            console.print(text)
    else:
        console.print(text)


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="A match record (from `play --record`).")],
    step: Annotated[
        bool, typer.Option("--step", help="Step through it move by move (Enter: next, q: stop).")
    ] = False,
    seat: Annotated[
        int | None,  # noqa: UP007
        typer.Option(
            help="With --step: see it as this seat saw it, seats counted from 1 as the"
            " screen shows them (default: as a spectator)."
        ),
    ] = None,
) -> None:
    """Replay a recorded match from its seed and actions, and check its result.

    With --step, each move is shown as one seat saw it then: that seat's view of the table
    and the events it was told, nothing more. Seats are numbered from 1, as `pasture play`
    and the browser show them (the record itself, like the engine, counts them from 0).
    """
    try:
        record = json.loads(path.read_text())
        if not isinstance(record, dict):
            raise ValueError("a match record is a JSON object")
        chosen = game_or_exit(str(record.get("game")))
        match = Match.from_record(chosen, record)
    except PastureError as err:  # e.g. an action the game rejects: keep its code
        raise fail(f"Cannot replay {path}: {err.message} [{err.code}]") from None
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as err:
        raise fail(f"Cannot replay {path}: {err!s}") from None
    if seat is not None and not 1 <= seat <= match.num_players:
        raise fail(
            f"--seat must be a seat from 1 to {match.num_players} (seats are counted"
            f" from 1), not {seat}."
        )
    if step:
        step_through(chosen, record, None if seat is None else seat - 1)
    result = match.state.result().to_json()
    seed = record["seed"]
    console.print(f"{escape(chosen.title)}, seed {escape(str(seed))} (SHA-256 {seed_hash(seed)})")
    scores = ", ".join(f"seat {s}: {score:g}" for s, score in enumerate(result["scores"], 1))
    console.print(f"Replayed {match.version} steps; scores {scores}.")
    if "result" in record and record["result"] != result:
        raise fail("The replay does not reach the recorded result.")
    console.print("[green]The replay matches the record.[/]")


def step_through(game: games.Game, record: dict[str, Any], seat: int | None) -> None:  # type: ignore[name-defined]
    """Show the match move by move as `seat` (an engine index, from 0) saw it (views and
    Event.for_seat only)."""
    ui = terminal_ui(game)
    match = Match(game, record["players"], record["options"], record["seed"])
    actions = record["actions"]

    def show(before: int, number: int) -> None:
        for _, event in match.events_since(before):
            seen = event.for_seat(seat)
            line = ui.narrate(seen, seat) if seen is not None else None
            if line:
                console.print(f"  {line}")
        console.print(ui.render(match.state.view(seat)))
        console.print(f"[dim]move {number} of {len(actions)}[/]")

    show(0, 0)
    for number, entry in enumerate(actions, start=1):
        if input("Enter: next move, q: stop ").strip().lower() in ("q", "quit"):
            return
        before = match.version
        match.act(int(entry["seat"]), entry["action"])
        show(before, number)


def main() -> None:  # pragma: no cover - console entry
    app()
