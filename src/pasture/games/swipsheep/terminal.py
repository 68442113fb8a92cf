"""Swip'Sheep in the terminal: the table as one seat sees it, narration, menu labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.swipsheep.actions import Attack, PassCards

FACES = {
    "sheep1": ("1 sheep", "green"),
    "sheep2": ("2 sheep", "green"),
    "sheep3": ("3 sheep", "bold green"),
    "wolf": ("Wolf", "bold red"),
    "dog": ("Dog", "bold blue"),
}


def card(kind: str | None) -> Text:
    if kind is None:
        return Text("nothing", style="dim")
    label, style = FACES.get(kind, (kind, ""))
    return Text(f"[{label}]", style=style)


def cards(counts: dict[str, int]) -> Text:
    out = Text()
    for kind in FACES:
        for _ in range(counts.get(kind, 0)):
            out.append_text(card(kind))
            out.append(" ")
    return out if out.plain else Text("no cards", style="dim")


def who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def does(seat: int, me: int | None, verb: str) -> str:
    """'you attack' / 'seat 2 attacks'."""
    return f"you {verb}" if seat == me else f"seat {seat} {verb}s"


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    phase = {
        "deal": "dealing",
        "pass": "passing cards",
        "attack": "wolf attacks",
        "over": "game over",
    }[view["phase"]]
    head = Text.from_markup(
        f"Round [bold]{view['round']}[/] of {view['rounds']} — {phase} — first player:"
        f" {who(view['first_player'], me)} — deck: {view['deck']} cards"
    )
    table = Table(box=None, padding=(0, 2))
    for column in ("", "player", "hand", "wolves laid", "sheep scored"):
        table.add_column(column)
    for seat in range(view["players"]):
        mark = ""
        if seat in view["to_act"]:
            mark = "▶"
        elif view["chosen"] and view["chosen"][seat]:
            mark = "✓"
        table.add_row(
            mark,
            who(seat, me),
            f"{view['hand_sizes'][seat]} cards",
            "🐺" * view["laid_wolves"][seat],
            str(view["scores"][seat]),
        )
    parts: list[RenderableType] = [head, table]
    if me is not None:
        parts.append(Text.assemble("Your hand: ", cards(view["hand"])))
        if view.get("my_pass"):
            parts.append(
                Text.assemble(
                    "You pass ",
                    card(view["my_pass"]["left"]),
                    " left and ",
                    card(view["my_pass"]["right"]),
                    " right (waiting for the others).",
                )
            )
    last = view["last_round"]
    if last:
        shown = ", ".join(f"{who(s, me)} {n}" for s, n in enumerate(last["sheep"]))
        parts.append(Text(f"Round {last['round']} scored: {shown}", style="dim"))
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(f"Winner: {winners}", style="bold"))
    return Panel(Group(*parts), title="Swip'Sheep", expand=False)


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "dealt":
        return None  # the hand is shown when it matters
    if kind == "pass_phase":
        return f"[bold]Round {event['round']}[/]: cards are dealt; everyone chooses what to pass."
    if kind == "chose":
        return None
    if kind == "passed":
        what = f" {card(event['card']).markup}" if "card" in event else " a card"
        return f"{who(event['from'], seat)} passed{what} to {who(event['to'], seat)}."
    if kind == "wolves_tonight":
        laid = [f"{who(s, seat)} ×{n}" for s, n in enumerate(event["laid"]) if n]
        return "Are there wolves tonight? " + (
            "Wolves laid: " + ", ".join(laid) + "." if laid else "No wolves tonight."
        )
    if kind == "attack":
        line = f"🐺 {does(event['attacker'], seat, 'attack')} {who(event['target'], seat)}"
        if event["defended"]:
            line += f" — a dog defends! {does(event['drawer'], seat, 'draw')} from the attacker"
        if event["empty_hand"]:
            line += " — but there is nothing to take."
        return line + ("" if event["empty_hand"] else ".")
    if kind == "drew":
        what = card(event["card"]).markup if "card" in event else "a card"
        return f"{who(event['drawer'], seat)} drew {what} from {who(event['victim'], seat)}."
    if kind == "round_scored":
        shown = ", ".join(f"{who(s, seat)} +{n}" for s, n in enumerate(event["sheep"]))
        return f"[bold]Round {event['round']} ends.[/] Sheep scored: {shown}."
    if kind == "game_over":
        return "[bold]The game is over.[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    me = view["seat"]
    if isinstance(action, PassCards):
        n = view["players"]
        left, right = (me + 1) % n, (me - 1) % n
        text = f"pass {card(action.left).markup} left (to seat {left})"
        if action.right is not None:
            text += f", {card(action.right).markup} right (to seat {right})"
        return text
    if isinstance(action, Attack):
        t = action.target
        return f"attack seat {t} ({view['hand_sizes'][t]} cards, {view['scores'][t]} sheep)"
    return str(action)
