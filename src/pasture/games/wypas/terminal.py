"""Wypas in the terminal: the table as one seat sees it, narration, menu labels.

Every word comes from the catalogues (`term.wy.*`, pasture.i18n) in the language of
`pasture play --lang`; the Polish uses the printed rulebook's names (koszar, Pies pasterski).
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.wypas.actions import (
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
from pasture.i18n import catalogue, say, say_counted, spoken

COLOUR_STYLE = {
    "red": "bold red",
    "orange": "bold dark_orange",
    "yellow": "bold yellow",
    "green": "bold green",
    "magenta": "bold magenta",
}
SPECIAL_STYLE = {
    "thief": "bold white on grey23",
    "sheepdog": "bold blue",
    "black_sheep": "bold white on black",
    "wolf": "bold red on grey11",
    "super_dolly": "bold cyan",
}
"""Each special card's look; its name is the catalogue's (`term.wy.card.<kind>`)."""

PHASES = ("choose_baca", "deal", "hide", "name", "bid", "tie", "redyk", "shear", "over")
"""The phases the catalogue names (`term.wy.phase.<phase>`)."""


def sheep(colour: str, value: object) -> str:
    """A numbered sheep in words: "green 3" / "zielona 3" / "vert 3"."""
    return say("term.wy.sheep", colour=say(f"term.wy.colour.{colour}"), value=value)


def card(kind: str | None, value: int | None = None) -> Text:
    """One card: `[green 3]`, `[red Dolly=5]`, `[Wolf]`, `[face down]`."""
    if kind is None:
        shown = say("term.wy.face_down_as", value=value) if value else say("term.wy.face_down")
        return Text(f"[{shown}]", style="dim")
    extra = f"={value}" if value else ""
    if kind in SPECIAL_STYLE:
        return Text(f"[{say(f'term.wy.card.{kind}')}{extra}]", style=SPECIAL_STYLE[kind])
    if kind.startswith("dolly_"):
        colour = kind.removeprefix("dolly_")
        if colour not in COLOUR_STYLE:
            return Text(f"[{kind}{extra}]")
        return Text(f"[{say(f'term.wy.dolly.{colour}')}{extra}]", style=COLOUR_STYLE[colour])
    colour, _, number = kind.rpartition("_")
    if colour not in COLOUR_STYLE:
        return Text(f"[{kind}]")
    return Text(f"[{sheep(colour, number)}]", style=COLOUR_STYLE[colour])


def cards(counts: dict[str, int]) -> Text:
    out = Text()
    for kind, count in counts.items():
        for _ in range(count):
            out.append_text(card(kind))
            out.append(" ")
    return out if out.plain else Text(say("term.wy.no_cards"), style="dim")


def who(seat: int | None, me: int | None) -> str:
    if seat is None:
        return say("term.wy.nobody")
    return say("term.you") if seat == me else say("term.seat", n=seat + 1)


def by(key: str, seat: int, me: int | None, obj: int | None = None, **params: object) -> str:
    """The catalogue's "you …" / "seat 2 …" / "… you" form of `key` (subject `seat`)."""
    form = "you" if seat == me else "at_you" if obj is not None and obj == me else "other"
    if form == "at_you" and f"{key}.at_you" not in catalogue(spoken()):
        form = "other"
    return say(f"{key}.{form}", name=who(seat, me), **params)


def pen_of(seat: int, pen: int, me: int | None) -> str:
    """'your pen 1' / "seat 2's pen 1" (pen counted from 1)."""
    return by("term.wy.pen", seat, me, pen=pen + 1)


def pen_text(pen: dict[str, Any]) -> Text:
    """A row, compactly: `G3 G4 G5* B(g6)` — colour initial and value; * a Dolly; B a
    Black Sheep standing in for a card (the initials are the language's)."""
    if not pen["cards"]:
        return Text(say("term.wy.empty"), style="dim")
    out = Text()
    for c in pen["cards"]:
        colour = c["colour"]
        if c["black"]:
            stand_colour, value = c["stands_for"]
            initial = say(f"term.wy.initial.{stand_colour}").lower()
            out.append(
                f"{say('term.wy.initial.black')}({initial}{value})", style="bold white on black"
            )
        else:
            dolly = "*" if c["card"].startswith("dolly_") or c["card"] == "super_dolly" else ""
            initial = say(f"term.wy.initial.{colour}")
            out.append(f"{initial}{c['value']}{dolly}", style=COLOUR_STYLE[colour])
        out.append(" ")
    out.append(say(f"term.wy.row.{pen['row']}"), style="dim")
    if pen["wolf"]:
        out.append(f" 🐺{say('term.wy.wolf_mark')}", style="bold red")
    return out


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    phase = view["phase"]
    head = Text.from_markup(
        say(
            "term.wy.head",
            turn=view["turn"],
            max=view["options"]["max_turns"],
            baca=who(view["baca"], me),
            phase=say(f"term.wy.phase.{phase}") if phase in PHASES else escape(str(phase)),
            deck=say_counted("n.cards", view["deck"]),
            discard=sum(view["discard"].values()) + view["discard_face_down"],
        )
    )
    table = Table(box=None, padding=(0, 2))
    for column in ("", "player", "hand", "pen1", "pen2", "fleeces", "points"):
        heading = say(f"term.wy.col.{column}") if column else ""
        table.add_column(heading, no_wrap=not column.startswith("pen"))
    for seat in range(view["players"]):
        mark = "▶" if seat in view["to_act"] else ""
        if seat == view["baca"]:
            mark += " " + say("term.wy.baca_mark")
        table.add_row(
            mark,
            who(seat, me),
            str(view["hand_sizes"][seat]),
            pen_text(view["pens"][seat][0]),
            pen_text(view["pens"][seat][1]),
            str(view["fleeces"][seat]),
            str(view["scores"][seat]),
        )
    parts: list[RenderableType] = [head, table, Text(say("term.wy.legend"), style="dim")]
    auction = view["auction"]
    if auction["lots"] and phase in ("hide", "name", "bid", "tie"):
        parts.append(_auction(auction, me))
    if view.get("drawn_cards"):
        parts.append(Text.assemble(say("term.wy.you_drew"), cards(view["drawn_cards"])))
    reaction = view.get("reaction")
    if reaction:
        lines = [
            by(
                "term.wy.reaction.played",
                q["seat"],
                me,
                card=card(q["card"]).markup,
                target=_target(q, me),
            )
            for q in reaction["queue"]
        ]
        waiting = ", ".join(who(s, me) for s in reaction["waiting"]) or say("term.wy.nobody")
        lines.append(say("term.wy.reaction.waiting", names=waiting))
        parts.append(Panel("\n".join(lines), title=say("term.wy.reaction.title"), expand=False))
    if view.get("thief_sees"):
        parts.append(Text.assemble(say("term.wy.thief_sees"), cards(view["thief_sees"])))
    if me is not None:
        parts.append(Text.assemble(say("term.wy.your_hand"), cards(view["hand"])))
    if view["finisher"] is not None:
        parts.append(Text(by("term.wy.finisher", view["finisher"], me)))
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(say("term.wy.winner", names=winners), style="bold"))
    return Panel(Group(*parts), title="Wypas", expand=False)


def _target(q: dict[str, Any], me: int | None) -> str:
    if q["cancels"] is not None:
        return say("term.wy.target.cancels", n=q["cancels"] + 1)
    if q["pen"] is not None:
        return say("term.wy.target.pen", pen=pen_of(q["target"], q["pen"], me))
    if q["target"] is not None and q["target"] == me:
        return say("term.wy.target.at_you")
    if q["target"] is not None:
        return say("term.wy.target.seat", name=who(q["target"], me))
    return ""


def _auction(auction: dict[str, Any], me: int | None) -> RenderableType:
    grid = Table.grid(padding=(0, 2))
    for i, lot in enumerate(auction["lots"]):
        state = "" if lot["winner"] is None else f"→ {who(lot['winner'], me)}"
        here = say("term.wy.on_auction") if auction["lot"] == i else ""
        shown = card(lot["card"]) if lot["card"] or not lot["face_down"] else card(None)
        if lot["face_down"] and lot["card"]:
            shown.append(" " + say("term.wy.face_down_note"), style="dim")
        grid.add_row(say("term.wy.lot", n=i + 1), shown, state, here)
    if auction["lot"] is not None:
        high = auction["high_bidder"]
        bluff = " " + say("term.wy.bluff_note") if auction["bluff_bid"] else ""
        if high is not None and high == me:
            high_by = say("term.wy.high_by_you", bid=auction["high"])
        else:
            high_by = say("term.wy.high_by", bid=auction["high"], name=who(high, me))
        grid.add_row(say("term.wy.high_bid"), high_by + bluff, "", "")
        for seat, laid in enumerate(auction["bids"]):
            if not laid and not auction["passed"][seat]:
                continue
            line = Text()
            for c in laid:
                line.append_text(card(c["card"], c["value"] if c["face_down"] else None))
                line.append(" ")
            if auction["passed"][seat]:
                line.append(say("term.wy.passed"), style="dim")
            elif seat in auction["checked"]:
                line.append(say("term.wy.checked"), style="italic")
            grid.add_row(who(seat, me), line, f"= {auction['totals'][seat]}", "")
    return Panel(grid, title=say("term.wy.auction_title"), expand=False)


def _placed(kind: str, colour: str, value: int) -> str:
    """The card put in a pen, with what a Dolly stands for: `[red Dolly] as red 5`."""
    shown = card(kind).markup
    if kind.startswith("dolly_") or kind == "super_dolly":
        return say("term.wy.as_sheep", card=shown, sheep=sheep(colour, value))
    return shown


def a_sheep(colour: str, value: int, kind: str) -> str:
    """The sheep a card goes into a pen as, told as the object of a sentence ("an orange 5",
    "pomarańczową 5"), with the card itself when it is not that plain sheep (a Dolly)."""
    told = say(f"term.wy.a_sheep.{colour}", value=value) if colour in COLOUR_STYLE else kind
    return told if kind == f"{colour}_{value}" else f"{told} ({card(kind).markup})"


def sentence(line: str) -> str:
    """`line` with its first letter a capital (past leading markup tags and symbols)."""
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            return line  # an escaped bracket: a card's name comes first, as written
        if ch == "[":
            end = line.find("]", i)
            if end < 0:
                return line
            i = end + 1
            continue
        if ch.isalpha():
            return line[:i] + ch.upper() + line[i + 1 :]
        i += 1
    return line


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    line = _narrate(event, seat)
    return None if line is None else sentence(line)


def _narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind in ("dealt", "lot_drawn", "resolve", "redyk_done", "shear_done"):
        return None
    if kind == "setup":
        return by("term.wy.log.setup", event["baca"], seat)
    if kind == "turn":
        return by("term.wy.log.turn", event["baca"], seat, turn=event["turn"])
    if kind == "lots":
        return say("term.wy.log.lots", lots=" ".join(card(c).markup for c in event["lots"]))
    if kind == "auction":
        return by("term.wy.log.auction", event["opener"], seat, n=event["lot"] + 1)
    if kind == "laid":
        laid = card(event.get("card"), event["value"]).markup
        return by("term.wy.log.laid", event["seat"], seat, card=laid)
    if kind == "raised":
        return by("term.wy.log.raised", event["seat"], seat, bid=event["bid"])
    if kind == "checked":
        return by("term.wy.log.checked", event["seat"], seat, bid=event["bid"])
    if kind == "passed":
        return by("term.wy.log.passed", event["seat"], seat)
    if kind == "showdown":
        totals = ", ".join(f"{who(int(s), seat)} {t}" for s, t in event["totals"].items())
        return say("term.wy.log.showdown", totals=totals)
    if kind == "tie":
        return by("term.wy.log.tie", event["baca"], seat)
    if kind == "lot_won":
        what = card(event.get("card")).markup
        if event["how"] == "baca":
            return by("term.wy.log.lot_taken", event["winner"], seat, card=what)
        return by("term.wy.log.lot_won", event["winner"], seat, card=what, bid=event["bid"])
    if kind == "no_auction":
        return say("term.wy.log.no_auction")
    if kind == "redyk":
        return say("term.wy.log.redyk")
    if kind == "placed":
        what = a_sheep(event["colour"], event["value"], event["card"])
        return by("term.wy.log.placed", event["seat"], seat, card=what, pen=event["pen"] + 1)
    if kind == "shearing":
        return say("term.wy.log.shearing")
    if kind == "sheared":
        sound = say("term.wy.log.bleat" if event["bleat"] else "term.wy.log.silently")
        shears = by("term.wy.log.sheared", event["seat"], seat, pen=event["pen"] + 1)
        line = f"{sound} " + (sentence(shears) if event["bleat"] else shears)
        if event["wolf"]:
            line += say("term.wy.log.wolf_ate")
        if event["fleece"]:
            line += say_counted("term.wy.log.fleece", event["points"])
        else:
            line += say("term.wy.log.no_fleece")
        if event["bonus"]:
            line += say("term.wy.log.bonus", n=event["bonus"])
        return line + "."
    if kind == "final_go":
        return by("term.wy.log.final_go", event["seat"], seat)
    if kind == "drawing":
        return say("term.wy.log.drawing")
    if kind == "reshuffle":
        return say("term.wy.log.reshuffle")
    if kind == "special":
        played = card(event["card"]).markup
        return "⚡ " + by(
            "term.wy.log.special", event["seat"], seat, card=played, target=_target(event, seat)
        )
    if kind == "cancelled":
        return by("term.wy.log.cancelled", event["seat"], seat, card=card(event["card"]).markup)
    if kind == "fizzled":
        return say("term.wy.log.fizzled")
    if kind == "thief_looks":
        victim = who(event["victim"], seat)
        return by("term.wy.log.thief_looks", event["seat"], seat, event["victim"], victim=victim)
    if kind == "stolen":
        what = card(event["card"]).markup if "card" in event else say("term.wy.a_card")
        victim = who(event["victim"], seat)
        return by(
            "term.wy.log.stolen", event["seat"], seat, event["victim"], card=what, victim=victim
        )
    if kind == "wolf_placed":
        return say("term.wy.log.wolf_placed", pen=pen_of(event["seat"], event["pen"], seat))
    if kind == "wolf_driven_off":
        return say("term.wy.log.wolf_driven_off", pen=pen_of(event["seat"], event["pen"], seat))
    if kind == "black_sheep_swap":
        return by(
            "term.wy.log.black_sheep_swap",
            event["seat"],
            seat,
            card=card(event["card"]).markup,
            pen=pen_of(event["owner"], event["pen"], seat),
        )
    if kind == "turn_limit":
        return say("term.wy.log.turn_limit", n=event["turns"])
    if kind == "game_over":
        return f"[bold]{say('game.over')}[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    me = view["seat"]
    if isinstance(action, Lay):
        if action.hidden:
            return say(
                "term.wy.label.lay_hidden", card=card(action.card).markup, value=action.value
            )
        shown = card(action.card, action.value if "dolly" in action.card else None)
        return say("term.wy.label.lay", card=shown.markup)
    if isinstance(action, Done):
        if view["phase"] == "bid":
            auction = view["auction"]
            total = auction["totals"][me]
            if total == auction["high"]:
                return say("term.wy.label.done_check", total=total)
            return say("term.wy.label.done_bid", total=total)
        if view["phase"] == "redyk":
            return say("term.wy.label.done_redyk")
        return say("term.wy.label.done_shear")
    if isinstance(action, Pass):
        return say("term.wy.label.pass")
    if isinstance(action, NameLot):
        lot = view["auction"]["lots"][action.lot]
        return say("term.wy.label.name_lot", n=action.lot + 1, card=card(lot["card"]).markup)
    if isinstance(action, HideLot):
        return say("term.wy.label.hide_lot", card=card(action.card).markup)
    if isinstance(action, TieBreak):
        if action.seat == me:
            return say("term.wy.label.tie_break_you")
        return say("term.wy.label.tie_break", name=who(action.seat, me))
    if isinstance(action, Place):
        what = _placed(action.card, action.colour, action.value)
        return say("term.wy.label.place", card=what, pen=action.pen + 1)
    if isinstance(action, Shear):
        key = "term.wy.label.shear_bleat" if action.bleat else "term.wy.label.shear_silent"
        return say(key, pen=action.pen + 1)
    if isinstance(action, NoReaction):
        return say("term.wy.label.no_reaction")
    if isinstance(action, PlayThief):
        return "⚡ " + say("term.wy.label.thief", name=who(action.target, me))
    if isinstance(action, PlayWolf):
        return "⚡ " + say("term.wy.label.wolf", pen=pen_of(action.seat, action.pen, me))
    if isinstance(action, PlayBlackSheep):
        return "⚡ " + say("term.wy.label.black_sheep", pen=pen_of(action.seat, action.pen, me))
    if isinstance(action, PlaySheepdog):
        if action.seat is None or action.pen is None:
            return "⚡ " + say("term.wy.label.sheepdog_cancel")
        return "⚡ " + say("term.wy.label.sheepdog", pen=pen_of(action.seat, action.pen, me))
    if isinstance(action, Steal):
        return say("term.wy.label.steal", card=card(action.card).markup)
    if isinstance(action, Swap):
        pending = view["pending"]
        pen = view["pens"][pending["target"]][pending["pen"]]
        c = pen["cards"][action.index]
        return say("term.wy.label.swap", card=_placed(c["card"], c["colour"], c["value"]))
    return escape(str(action))
