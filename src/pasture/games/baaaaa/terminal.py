"""Baaaaa! in the terminal: the mountain as one seat sees it, narration, menu labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.baaaaa.actions import PlaySheepCard, PlayWolfCard, TakeSheep
from pasture.games.baaaaa.board import FACES, FLOORS, HUT, face_of, floor_of, path
from pasture.games.baaaaa.edition import default_edition

EDITION = default_edition()
# Labels come from the edition file, which a box owner may edit: shown as text, not markup.
SHEEP_LABELS = dict(zip(EDITION.sheep_kinds, map(escape, EDITION.sheep_labels), strict=True))
WOLF_LABELS = dict(zip(EDITION.wolf_kinds, map(escape, EDITION.wolf_labels), strict=True))
SHEEP_MOVES = dict(zip(EDITION.sheep_kinds, EDITION.sheep_moves, strict=True))
SHEEP_EFFECTS = dict(zip(EDITION.sheep_kinds, EDITION.sheep_effects, strict=True))


def where(sp: int) -> str:
    return "the hut" if sp == HUT else f"floor {floor_of(sp)} face {face_of(sp)}"


def who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def sheep_card(kind: str) -> str:
    return f"[bold green]{SHEEP_LABELS.get(kind, kind)}[/]"


def wolf_card(kind: str) -> str:
    return f"[bold red]{WOLF_LABELS.get(kind, kind)}[/]"


def _cell(view: dict[str, JSON], sp: int) -> Text:
    parts: list[str] = []
    n = view["sheep"][sp]
    if n:
        parts.append(f"[bold]🐑×{n}[/]")
    if sp == view["wolf"]:
        parts.append("[bold red]🐺 wolf[/]" + (" (sated)" if view["sated"] else ""))
    if sp == view["shepherd"]:
        parts.append("[bold blue]shepherd[/]")
    if sp == view["hut"]:
        parts.append("[yellow]⌂ hut[/]")
    return Text.from_markup(" ".join(parts) if parts else "[dim]·[/]")


def mountain(view: dict[str, JSON]) -> Table:
    """The four faces (columns) by three floors (rows, the top floor first)."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("")
    for face in range(FACES):
        table.add_column(f"face {face}", justify="center")
    for floor in reversed(range(FLOORS)):
        cells = [_cell(view, floor * FACES + face) for face in range(FACES)]
        table.add_row(Text(f"floor {floor}", style="dim"), *cells)
    return table


def _counts(counts: dict[str, int], labels: dict[str, str], style: str) -> str:
    shown = [
        f"[{style}]{labels.get(k, k)}[/]" + (f" ×{n}" if n > 1 else "") for k, n in counts.items()
    ]
    return ", ".join(shown) if shown else "[dim]none[/]"


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    wolf_seat = view["wolf_seat"]
    phase = view["phase"]
    doing = {
        "sheep": f"{who(view['current'], me)} to play a sheep card",
        "draw": "the wolf deck",
        "choose": f"the wolf player ({who(wolf_seat, me)}) chooses a card",
        "tie": "a tie to break",
        "over": "game over",
    }[phase]
    head = f"Turn [bold]{view['turn']}[/] (cap {view['max_turns']}) — {doing}"
    if wolf_seat is not None:
        head += f" — the wolf player is {who(wolf_seat, me)}"
    parts: list[RenderableType] = [Text.from_markup(head), mountain(view)]
    parts.append(
        Text.from_markup(
            f"Pastures: [bold green]{view['pastures']} saved[/]    "
            f"Larder: [bold red]{view['larder']} taken[/]    "
            f"on the mountain: {sum(view['sheep'])}"
        )
    )
    parts.append(
        Text.from_markup(
            "Sheep cards: "
            + _counts(view["sheep_cards"], SHEEP_LABELS, "green")
            + "   [dim]set aside: "
            + _counts(view["sheep_cards_set_aside"], SHEEP_LABELS, "dim")
            + "[/]"
        )
    )
    parts.append(
        Text.from_markup(
            f"Wolf deck: {view['wolf_deck']} cards; set aside since the shuffle: "
            + _counts(view["wolf_set_aside"], WOLF_LABELS, "red")
        )
    )
    parts.append(
        Text.from_markup(
            "[dim]Wolf cards still unseen: "
            + _counts(view["wolf_unseen"], WOLF_LABELS, "dim")
            + "[/]"
        )
    )
    if wolf_seat is not None:
        if "wolf_hand" in view:
            hand = ", ".join(wolf_card(k) for k in view["wolf_hand"]) or "[dim]no cards[/]"
            parts.append(Text.from_markup(f"Your wolf cards: {hand}"))
        elif view["wolf_hand_size"]:
            known = view["wolf_hand_known"]
            extra = f" (one is {wolf_card(known[0])})" if known else ""
            parts.append(
                Text.from_markup(f"The wolf player holds {view['wolf_hand_size']} card(s){extra}.")
            )
    if view["tie"]:
        tie = view["tie"]
        spaces = ", ".join(where(sp) for sp in tie["spaces"])
        parts.append(
            Text.from_markup(
                f"{wolf_card(tie['card'])}: equally near sheep on {spaces};"
                f" {who(tie['chooser'], me)} choose(s) which is taken."
            )
        )
    if view.get("result"):
        parts.append(Text(view["result"]["summary"], style="bold"))
    return Panel(Group(*parts), title="Baaaaa!", expand=False)


def _sheep_line(event: dict[str, JSON], me: int | None) -> str:
    kind = event["card"]
    head = f"{who(event['seat'], me)} played {sheep_card(kind)}"
    sp = event["space"]
    if sp is None:
        return head + ", which has no effect now."
    if SHEEP_EFFECTS.get(kind) == "shepherd":
        return head + f": the shepherd goes to {where(sp)}."
    count = event["count"]
    sheep = "a sheep" if count == 1 else f"{count} sheep"
    line = head + f": {sheep} from {where(sp)}"
    if event["saved"]:
        return line + f" [green]{'reaches' if count == 1 else 'reach'} the hut: saved![/]"
    if event["taken"]:
        return line + f" [red]{'meets' if count == 1 else 'meet'} the wolf: to the larder![/]"
    return line + f" to {where(event['to'])}."


def _wolf_line(event: dict[str, JSON], me: int | None) -> str:
    line = f"🐺 Wolf card: {wolf_card(event['card'])}"
    moved = event["wolf_to"] != event["wolf_from"]
    if moved:
        line += f" — the wolf goes from {where(event['wolf_from'])} to {where(event['wolf_to'])}"
    if event["taken"] > 0:
        line += f", [red]{event['taken']} sheep taken[/]"
    if "placed" in event:
        back = "from the larder" if event["card"] == "escaped" else "from the pastures"
        line += f" — a sheep comes back {back} to {where(event['placed'])}"
        if event["saved"] > 0:
            line += " and is saved at once"
    if "choose_from" in event:
        spaces = ", ".join(where(sp) for sp in event["choose_from"])
        line += f" — a tie between {spaces}: {who(event['chooser'], me)} choose(s)"
    elif not moved and event["taken"] <= 0 and "placed" not in event:
        line += " — sated, it stays put" if event["card"] == "sated" else " — nothing happens"
    return line + "."


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "sheep_card":
        return _sheep_line(event, seat)
    if kind == "wolf_card":
        return _wolf_line(event, seat)
    if kind == "wolf_takes":
        return f"The wolf takes the sheep on {where(event['space'])}."
    if kind == "wolf_draw":
        if "card" in event:
            return f"You draw {wolf_card(event['card'])}."
        return f"The wolf player draws a card ({event['drawn']} of 2)."
    if kind == "wolf_discard":
        return f"The wolf player discards {wolf_card(event['card'])}."
    if kind == "reshuffle":
        return f"The wolf deck is shuffled again ({event['deck']} cards)."
    if kind == "game_over":
        return f"[bold]The game is over.[/] {event['summary']}"
    return None


def _fate(route: tuple[int, ...], view: dict[str, JSON]) -> str:
    """Where a sheep moving along `route` ends: a space, the larder or the pastures."""
    safe = view["sated"] or view["shepherd"] == view["wolf"]
    for sp in route:
        if sp == view["wolf"] and not safe:
            return "[red]into the wolf's jaws![/]"
        if sp == HUT:
            return "[green]to the hut (saved)[/]"
    return f"to {where(route[-1])}"


def label(action: Action, view: dict[str, JSON]) -> str:
    if isinstance(action, PlaySheepCard):
        name = sheep_card(action.card)
        sp = action.space
        if sp is None:
            return f"{name} (no effect now)"
        effect = SHEEP_EFFECTS.get(action.card)
        if effect == "shepherd":
            return f"{name}: the shepherd to {where(sp)}"
        if effect == "trio":
            route: tuple[int, ...] = (sp + FACES,)
            sheep = "a sheep" if action.count == 1 else f"{action.count} sheep"
        else:
            move = SHEEP_MOVES[action.card]
            assert move is not None
            route = path(sp, move[0], move[1]) or (sp,)
            sheep = "a sheep"
        return f"{name}: {sheep} from {where(sp)} {_fate(route, view)}"
    if isinstance(action, PlayWolfCard):
        return f"play {wolf_card(action.card)} (the other card is discarded)"
    if isinstance(action, TakeSheep):
        return f"the wolf takes the sheep on {where(action.space)}"
    return str(action)
