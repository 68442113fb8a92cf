"""Wypas in the terminal: the table as one seat sees it, narration, menu labels."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.wypas.actions import (
    Deal,
    Done,
    HideLot,
    Lay,
    NameLot,
    NoReaction,
    Pass,
    Place,
    PlayBlackSheep,
    PlaySheepdog,
    PlayThief,
    PlayWolf,
    Shear,
    Steal,
    Swap,
    TieBreak,
)

COLOUR_STYLE = {
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "magenta": "bold magenta",
}
SPECIAL_STYLE = {
    "thief": ("Thief", "bold white on grey23"),
    "sheepdog": ("Sheepdog", "bold blue"),
    "black_sheep": ("Black Sheep", "bold white on black"),
    "wolf": ("Wolf", "bold red on grey11"),
    "super_dolly": ("Super Dolly", "bold cyan"),
}
PHASES = {
    "choose_baca": "choosing the first baca",
    "deal": "dealing",
    "hide": "the baca lays out the lots",
    "name": "auction: naming a lot",
    "bid": "auction: bidding",
    "tie": "auction: the baca breaks a tie",
    "redyk": "Redyk: playing sheep into pens",
    "shear": "shearing",
    "over": "game over",
}


def card(kind: str | None, value: int | None = None) -> Text:
    """One card: `[green 3]`, `[red Dolly=5]`, `[Wolf]`, `[face down]`."""
    if kind is None:
        return Text("[face down" + (f" as {value}" if value else "") + "]", style="dim")
    if kind in SPECIAL_STYLE:
        label, style = SPECIAL_STYLE[kind]
        return Text(f"[{label}{'=' + str(value) if value else ''}]", style=style)
    if kind.startswith("dolly_"):
        colour = kind.removeprefix("dolly_")
        extra = f"={value}" if value else ""
        return Text(f"[{colour} Dolly{extra}]", style=COLOUR_STYLE.get(colour, ""))
    colour, _, number = kind.rpartition("_")
    return Text(f"[{colour} {number}]", style=COLOUR_STYLE.get(colour, ""))


def cards(counts: dict[str, int]) -> Text:
    out = Text()
    for kind, count in counts.items():
        for _ in range(count):
            out.append_text(card(kind))
            out.append(" ")
    return out if out.plain else Text("no cards", style="dim")


def who(seat: int | None, me: int | None) -> str:
    if seat is None:
        return "nobody"
    return "you" if seat == me else f"seat {seat}"


def whose(seat: int | None, me: int | None) -> str:
    """'your' / "seat 2's" (never "you's")."""
    return "your" if seat == me else f"{who(seat, me)}'s"


def article(word: str) -> str:
    """'a' or 'an' before `word` ("an orange 5")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def does(seat: int, me: int | None, verb: str, third: str | None = None) -> str:
    """'you shear' / 'seat 2 shears'."""
    return f"you {verb}" if seat == me else f"seat {seat} {third or verb + 's'}"


def pen_text(pen: dict[str, Any]) -> Text:
    """A row, compactly: `G3 G4 G5* B(g6)` — colour initial and value; * a Dolly; B a
    Black Sheep standing in for a card."""
    if not pen["cards"]:
        return Text("(empty)", style="dim")
    out = Text()
    for c in pen["cards"]:
        colour = c["colour"]
        if c["black"]:
            stand_colour, value = c["stands_for"]
            out.append(f"B({stand_colour[0]}{value})", style="bold white on black")
        else:
            dolly = "*" if c["card"].startswith("dolly_") or c["card"] == "super_dolly" else ""
            out.append(f"{colour[0].upper()}{c['value']}{dolly}", style=COLOUR_STYLE[colour])
        out.append(" ")
    out.append(pen["row"], style="dim")
    if pen["wolf"]:
        out.append(" 🐺WOLF", style="bold red")
    return out


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    head = Text.from_markup(
        f"Turn [bold]{view['turn']}[/] of at most {view['options']['max_turns']} — baca:"
        f" {who(view['baca'], me)} — {PHASES.get(view['phase'], view['phase'])} — deck"
        f" {view['deck']}, discard {sum(view['discard'].values()) + view['discard_face_down']}"
    )
    table = Table(box=None, padding=(0, 2))
    for column in ("", "player", "hand", "pen 1", "pen 2", "fleeces", "points"):
        table.add_column(column, no_wrap=not column.startswith("pen"))
    for seat in range(view["players"]):
        mark = "▶" if seat in view["to_act"] else ""
        if seat == view["baca"]:
            mark += " (baca)"
        table.add_row(
            mark,
            who(seat, me),
            str(view["hand_sizes"][seat]),
            pen_text(view["pens"][seat][0]),
            pen_text(view["pens"][seat][1]),
            str(view["fleeces"][seat]),
            str(view["scores"][seat]),
        )
    legend = "rows: G3 = green 3 (R O Y G M), * a Dolly, B(g4) a Black Sheep for green 4"
    parts: list[RenderableType] = [head, table, Text(legend, style="dim")]
    auction = view["auction"]
    if auction["lots"] and view["phase"] in ("hide", "name", "bid", "tie"):
        parts.append(_auction(auction, me))
    if view.get("drawn_cards"):
        parts.append(Text.assemble("You drew for the auction: ", cards(view["drawn_cards"])))
    reaction = view.get("reaction")
    if reaction:
        lines = [
            f"{who(q['seat'], me)} played {card(q['card']).markup}{_target(q, me)}"
            for q in reaction["queue"]
        ]
        waiting = ", ".join(who(s, me) for s in reaction["waiting"]) or "nobody"
        parts.append(
            Panel(
                "\n".join(lines) + f"\nWaiting for: {waiting} (each may pass or play a card)",
                title="Reaction window",
                expand=False,
            )
        )
    if view.get("thief_sees"):
        parts.append(Text.assemble("Your Thief sees: ", cards(view["thief_sees"])))
    if me is not None:
        parts.append(Text.assemble("Your hand: ", cards(view["hand"])))
    if view["finisher"] is not None:
        finisher = does(view["finisher"], me, "have", "has")
        parts.append(Text(f"{finisher} a 5th fleece: final shearing goes."))
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(f"Winner: {winners}", style="bold"))
    return Panel(Group(*parts), title="Wypas", expand=False)


def _target(q: dict[str, Any], me: int | None) -> str:
    if q["cancels"] is not None:
        return f" cancelling card {q['cancels'] + 1}"
    if q["pen"] is not None:
        return f" on {whose(q['target'], me)} pen {q['pen'] + 1}"
    if q["target"] is not None:
        return f" on {who(q['target'], me)}"
    return ""


def _auction(auction: dict[str, Any], me: int | None) -> RenderableType:
    grid = Table.grid(padding=(0, 2))
    for i, lot in enumerate(auction["lots"]):
        state = "" if lot["winner"] is None else f"→ {who(lot['winner'], me)}"
        here = "◀ on auction" if auction["lot"] == i else ""
        shown = card(lot["card"]) if lot["card"] or not lot["face_down"] else card(None)
        if lot["face_down"] and lot["card"]:
            shown.append(" (face down)", style="dim")
        grid.add_row(f"lot {i + 1}", shown, state, here)
    if auction["lot"] is not None:
        high = auction["high_bidder"]
        bluff = " (a bluff bid: it may be checked)" if auction["bluff_bid"] else ""
        grid.add_row("high bid", f"{auction['high']} by {who(high, me)}{bluff}", "", "")
        for seat, laid in enumerate(auction["bids"]):
            if not laid and not auction["passed"][seat]:
                continue
            line = Text()
            for c in laid:
                line.append_text(card(c["card"], c["value"] if c["face_down"] else None))
                line.append(" ")
            if auction["passed"][seat]:
                line.append("passed", style="dim")
            elif seat in auction["checked"]:
                line.append("checked", style="italic")
            grid.add_row(who(seat, me), line, f"= {auction['totals'][seat]}", "")
    return Panel(grid, title="Auction", expand=False)


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind in ("dealt", "lot_drawn", "resolve", "redyk_done", "shear_done"):
        return None
    if kind == "setup":
        baca = does(event["baca"], seat, "are", "is")
        return f"[bold]Wypas[/]: {baca} the first baca; 5 cards are dealt to each player."
    if kind == "turn":
        return f"[bold]Turn {event['turn']}[/]: {does(event['baca'], seat, 'are', 'is')} the baca."
    if kind == "lots":
        shown = " ".join(card(c).markup for c in event["lots"])
        return f"The lots: {shown}"
    if kind == "auction":
        return f"{does(event['opener'], seat, 'open')} the auction of lot {event['lot'] + 1}."
    if kind == "laid":
        return (
            f"{does(event['seat'], seat, 'lay')} {card(event.get('card'), event['value']).markup}."
        )
    if kind == "raised":
        return f"{does(event['seat'], seat, 'bid')} {event['bid']}."
    if kind == "checked":
        return f"{does(event['seat'], seat, 'check')} the bluff at {event['bid']}."
    if kind == "passed":
        return f"{does(event['seat'], seat, 'pass', 'passes')}."
    if kind == "showdown":
        totals = ", ".join(f"{who(int(s), seat)} {t}" for s, t in event["totals"].items())
        return f"[bold]Showdown![/] True totals: {totals}."
    if kind == "tie":
        return f"A tie: the baca, {who(event['baca'], seat)}, decides."
    if kind == "lot_won":
        what = card(event.get("card")).markup
        verb = does(event["winner"], seat, "take" if event["how"] == "baca" else "win")
        how = "the unbid lot" if event["how"] == "baca" else f"at {event['bid']}"
        return f"{verb} {how}: {what}."
    if kind == "no_auction":
        return "No cards left to draw: no auction this turn."
    if kind == "redyk":
        return "[bold]Redyk[/]: sheep go into the pens."
    if kind == "placed":
        return (
            f"{does(event['seat'], seat, 'place')} {article(event['colour'])} {event['colour']}"
            f" {event['value']}"
            f" ({event['card']}) in pen {event['pen'] + 1}."
        )
    if kind == "shearing":
        return "[bold]Shearing.[/]"
    if kind == "sheared":
        sound = "[bold]Baaa![/] " if event["bleat"] else "(silently) "
        line = f"{sound}{does(event['seat'], seat, 'shear')} pen {event['pen'] + 1}"
        if event["wolf"]:
            line += " — the wolf eats the best sheep"
        if event["fleece"]:
            line += f": a fleece worth {event['points']}"
        else:
            line += ": no fleece"
        if event["bonus"]:
            line += f", +{event['bonus']} for the fifth fleece"
        return line + "."
    if kind == "final_go":
        return f"{does(event['seat'], seat, 'have', 'has')} a final shearing go."
    if kind == "drawing":
        return "The baca deals 3 cards to each player."
    if kind == "reshuffle":
        return "The deck is empty: the discard pile is shuffled into a new deck."
    if kind == "special":
        played = card(event["card"]).markup
        return f"⚡ {does(event['seat'], seat, 'play')} {played}{_target(event, seat)}!"
    if kind == "cancelled":
        return f"{card(event['card']).markup} of {who(event['seat'], seat)} is cancelled."
    if kind == "fizzled":
        return "A special card has no effect."
    if kind == "thief_looks":
        thief = whose(event["seat"], seat)
        return f"{thief[:1].upper()}{thief[1:]} Thief looks at {whose(event['victim'], seat)} hand."
    if kind == "stolen":
        what = card(event["card"]).markup if "card" in event else "a card"
        return f"{does(event['seat'], seat, 'steal')} {what} from {who(event['victim'], seat)}."
    if kind == "wolf_placed":
        return f"🐺 A wolf lurks by {whose(event['seat'], seat)} pen {event['pen'] + 1}."
    if kind == "wolf_driven_off":
        return (
            f"A sheepdog drives the wolf off {whose(event['seat'], seat)} pen {event['pen'] + 1}."
        )
    if kind == "black_sheep_swap":
        return (
            f"{whose(event['seat'], seat).capitalize()} Black Sheep takes the place of"
            f" {card(event['card']).markup} in {whose(event['owner'], seat)}"
            f" pen {event['pen'] + 1}."
        )
    if kind == "turn_limit":
        return f"The turn limit ({event['turns']}) is reached."
    if kind == "game_over":
        return "[bold]The game is over.[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    me = view["seat"]
    if isinstance(action, Lay):
        if action.hidden:
            return f"lay {card(action.card).markup} face down, declared {action.value}"
        return f"lay {card(action.card, action.value if 'dolly' in action.card else None).markup}"
    if isinstance(action, Done):
        if view["phase"] == "bid":
            auction = view["auction"]
            total = auction["totals"][me]
            verb = "check at" if total == auction["high"] else "bid"
            return f"done: {verb} {total}"
        if view["phase"] == "redyk":
            return "done with Redyk"
        return "done shearing"
    if isinstance(action, Pass):
        return "pass on this lot"
    if isinstance(action, NameLot):
        lot = view["auction"]["lots"][action.lot]
        return f"auction lot {action.lot + 1}: {card(lot['card']).markup}"
    if isinstance(action, HideLot):
        return f"lay {card(action.card).markup} face down (the others face up)"
    if isinstance(action, TieBreak):
        return f"give the lot to {who(action.seat, me)}"
    if isinstance(action, Place):
        what = card(action.card).markup
        if "dolly" in action.card:
            what += f" as {action.colour} {action.value}"
        return f"put {what} in pen {action.pen + 1}"
    if isinstance(action, Shear):
        if action.bleat:
            return f"[bold]BAAA![/] shear pen {action.pen + 1} (bleating)"
        return f"shear pen {action.pen + 1} in silence (no points)"
    if isinstance(action, NoReaction):
        return "no reaction (let it be)"
    if isinstance(action, PlayThief):
        return f"⚡ play a Thief on {who(action.target, me)}"
    if isinstance(action, PlayWolf):
        return f"⚡ play a Wolf on {whose(action.seat, me)} pen {action.pen + 1}"
    if isinstance(action, PlayBlackSheep):
        return f"⚡ play a Black Sheep on {whose(action.seat, me)} pen {action.pen + 1}"
    if isinstance(action, PlaySheepdog):
        if action.seat is None:
            return "⚡ play a Sheepdog: cancel the last special card"
        return (
            f"⚡ play a Sheepdog: drive the wolf off {whose(action.seat, me)} pen {action.pen + 1}"  # type: ignore[operator]
        )
    if isinstance(action, Steal):
        return f"steal {card(action.card).markup}"
    if isinstance(action, Swap):
        pending = view["pending"]
        pen = view["pens"][pending["target"]][pending["pen"]]
        c = pen["cards"][action.index]
        return f"take the {c['colour']} {c['value']} ({c['card']})"
    if isinstance(action, Deal):
        return str(action)
    return str(action)
