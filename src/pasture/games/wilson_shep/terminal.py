"""Wilson & Shep in the terminal: the field as one seat sees it, narration, menu labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.wilson_shep.actions import Hide, Move, Place, Swap
from pasture.games.wilson_shep.edition import default_edition
from pasture.games.wilson_shep.grid import SIDE, name

REASONS = {
    "found": "Shep turned up Wilson",
    "eight_sheep": "the 8th sheep was turned up without finding Wilson",
    "move_cap": "the Shep team ran out of moves (safety cap)",
}
PHASES = {
    "hide": "Wilson hides",
    "place": "the Shep team places Shep",
    "swap": "Wilson swaps two tiles",
    "move": "the Shep team moves Shep",
    "reveal": "a tile is being turned up",
    "over": "game over",
}


def picture(picture_id: int) -> str:
    return default_edition().pictures[picture_id]


def who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def does(seat: int, me: int | None, verb: str) -> str:
    """'you move' / 'seat 2 moves'."""
    return f"you {verb}" if seat == me else f"seat {seat} {verb}s"


def tile(view: dict[str, JSON], pos: int) -> str:
    """How one tile looks: its picture or 'face down', for menus."""
    shown = view["grid"][pos]
    return "face down" if shown is None else picture(shown)


def _cell(view: dict[str, JSON], pos: int) -> Text:
    shown = view["grid"][pos]
    text = Text(name(pos) + " ", style="dim")
    if shown is None:
        text.append("░░░░", style="white on grey23")
    else:
        text.append(picture(shown), style="green")
    if view.get("wilson_at") == pos:
        text.append(" ★ you", style="bold magenta")
    if view["shep"] == pos:
        text.append(" 🐕 Shep", style="bold yellow")
    return text


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    wilson = view["wilson"]
    role = {"wilson": "you are Wilson", "shep": "you search with Shep", "spectator": "watching"}
    head = Text.from_markup(
        f"Round [bold]{view['round']}[/] of {view['rounds']} — Wilson: {who(wilson, me)}"
        f" — {role[view['role']]} — {PHASES[view['phase']]}"
    )
    if view["phase"] in ("place", "move"):
        go = view["shep_go"]
        head.append(" (your go)" if go == me else f" (seat {go}'s go)")
    field = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(SIDE):
        field.add_column(min_width=14)
    for row in range(SIDE):
        field.add_row(*(_cell(view, row * SIDE + col) for col in range(SIDE)))
    counts = Text(
        f"Sheep turned up: {view['flips']}/{view['flip_limit']} — Shep moves:"
        f" {view['moves']}/{view['max_moves']} — tokens: "
        + ", ".join(f"{who(s, me)} {n}" for s, n in enumerate(view["tokens"]))
    )
    parts: list[RenderableType] = [head, field, counts]
    history = view.get("history")
    if history:
        recent = "; ".join(_step(step) for step in history[-6:])
        parts.append(Text(f"This round: {'… ' if len(history) > 6 else ''}{recent}", style="dim"))
    last = view["last_round"]
    if last:
        parts.append(
            Text(
                f"Round {last['round']}: {'Shep team' if last['winner'] == 'shep' else 'Wilson'}"
                f" won ({REASONS[last['reason']]}); Wilson was at {name(last['wilson_at'])}.",
                style="dim",
            )
        )
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(f"Winner: {winners}", style="bold"))
    return Panel(Group(*parts), title="Wilson & Shep", expand=False)


def _step(step: dict[str, JSON]) -> str:
    if step["step"] == "place":
        return f"Shep placed on {name(step['at'])}"
    if step["step"] == "swap":
        return f"swap {name(step['a'])}↔{name(step['b'])}"
    return f"Shep to {name(step['to'])}" + (" (turned up)" if step["turned_up"] else "")


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "hidden":
        if "at" in event:
            return f"[bold]Round {event['round']}[/]: you hide at {name(event['at'])}."
        return (
            f"[bold]Round {event['round']}[/]: {who(event['wilson'], seat)} (Wilson) hides among"
            ' the sheep: "You won\'t find me!"'
        )
    if kind == "placed":
        return f"{does(event['seat'], seat, 'place')} Shep on {name(event['at'])}."
    if kind == "swapped":
        return f"Wilson swaps {name(event['a'])} and {name(event['b'])}."
    if kind == "moved":
        line = f"{does(event['seat'], seat, 'move')} Shep to {name(event['to'])}"
        return line + (" and turns the tile up…" if event["turns_up"] else " (already face up).")
    if kind == "turned_up":
        return (
            f"Just a sheep: [green]{picture(event['picture'])}[/]"
            f" ({event['flips']}/8 sheep turned up)."
        )
    if kind == "round_over":
        winner = "the Shep team wins" if event["winner"] == "shep" else "Wilson wins"
        rewarded = ", ".join(who(s, seat) for s in event["rewarded"])
        return (
            f"[bold]Round {event['round']} ends: {winner}[/] — {REASONS[event['reason']]};"
            f" Wilson was at {name(event['wilson_at'])}. A token each for {rewarded}."
        )
    if kind == "game_over":
        return "[bold]The game is over.[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    if isinstance(action, Hide):
        return f"hide at {name(action.at)}"
    if isinstance(action, Place):
        return f"place Shep on {name(action.at)}"
    if isinstance(action, Swap):
        mine = view.get("wilson_at")
        parts = []
        for pos in (action.a, action.b):
            what = "your tile" if pos == mine else tile(view, pos)
            parts.append(f"{name(pos)} ({what})")
        return "swap " + " ↔ ".join(parts)
    if isinstance(action, Move):
        shown = view["grid"][action.to]
        effect = "face down: turn it up" if shown is None else f"{picture(shown)}: nothing happens"
        return f"move Shep to {name(action.to)} ({effect})"
    return str(action)
