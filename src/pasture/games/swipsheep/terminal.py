"""Swip'Sheep in the terminal: the table as one seat sees it, narration, menu labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.swipsheep.actions import Attack, PassCards
from pasture.i18n import catalogue, say, say_counted, spoken

FACES = {
    "sheep1": "green",
    "sheep2": "green",
    "sheep3": "bold green",
    "wolf": "bold red",
    "dog": "bold blue",
}
"""Each card's colour in the terminal; its name is the catalogue's (pasture.i18n)."""


def card(kind: str | None) -> Text:
    if kind is None:
        return Text(say("term.sw.nothing"), style="dim")
    label = say(f"swipsheep.card.{kind}") if kind in FACES else kind
    return Text(f"[{label}]", style=FACES.get(kind, ""))


def cards(counts: dict[str, int]) -> Text:
    out = Text()
    for kind in FACES:
        for _ in range(counts.get(kind, 0)):
            out.append_text(card(kind))
            out.append(" ")
    return out if out.plain else Text(say("term.sw.no_cards"), style="dim")


def who(seat: int, me: int | None) -> str:
    return say("term.you") if seat == me else say("term.seat", n=seat + 1)


def by(key: str, seat: int, me: int | None, obj: int | None = None, **params: object) -> str:
    """The catalogue's "you …" / "seat 2 …" / "… you" form of `key` (subject `seat`)."""
    form = "you" if seat == me else "at_you" if obj is not None and obj == me else "other"
    if form == "at_you" and f"{key}.at_you" not in catalogue(spoken()):
        form = "other"
    return say(f"{key}.{form}", name=who(seat, me), **params)


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    phase = say(f"term.sw.phase.{view['phase']}")
    head = Text.from_markup(
        say(
            "term.sw.head",
            round=view["round"],
            rounds=view["rounds"],
            phase=phase,
            first=who(view["first_player"], me),
            deck=say_counted("n.cards", view["deck"]),
        )
    )
    table = Table(box=None, padding=(0, 2))
    for column in ("", "col_player", "col_hand", "col_wolves", "col_sheep"):
        table.add_column(say(f"term.sw.{column}") if column else "")
    for seat in range(view["players"]):
        mark = ""
        if seat in view["to_act"]:
            mark = "▶"
        elif view["chosen"] and view["chosen"][seat]:
            mark = "✓"
        table.add_row(
            mark,
            who(seat, me),
            say_counted("n.cards", view["hand_sizes"][seat]),
            "🐺" * view["laid_wolves"][seat],
            str(view["scores"][seat]),
        )
    parts: list[RenderableType] = [head, table]
    if me is not None:
        parts.append(Text.assemble(say("term.sw.your_hand"), cards(view["hand"])))
        if view.get("my_pass"):
            left = card(view["my_pass"]["left"]).markup
            right = card(view["my_pass"]["right"]).markup
            parts.append(Text.from_markup(say("term.sw.my_pass", left=left, right=right)))
    last = view["last_round"]
    if last:
        shown = ", ".join(f"{who(s, me)} {n}" for s, n in enumerate(last["sheep"]))
        parts.append(
            Text(say("term.sw.round_scored", round=last["round"], shown=shown), style="dim")
        )
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(say("term.sw.winner", names=winners), style="bold"))
    return Panel(Group(*parts), title="Swip'Sheep", expand=False)


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "dealt":
        return None  # the hand is shown when it matters
    if kind == "pass_phase":
        return f"[bold]{say('swipsheep.log.pass_phase', round=event['round'])}[/]"
    if kind == "chose":
        return None
    if kind == "passed":
        what = card(event["card"]).markup if "card" in event else say("swipsheep.a.card")
        to = who(event["to"], seat)
        return by("swipsheep.log.passed", event["from"], seat, event["to"], card=what, to=to)
    if kind == "wolves_tonight":
        laid = [f"{who(s, seat)} ×{n}" for s, n in enumerate(event["laid"]) if n]
        if not laid:
            return say("swipsheep.log.no_wolves")
        return say("swipsheep.log.wolves", laid=", ".join(laid))
    if kind == "attack":
        target = who(event["target"], seat)
        line = "🐺 " + by(
            "swipsheep.log.attack", event["attacker"], seat, event["target"], target=target
        )
        if event["defended"]:
            line += " — " + by("swipsheep.log.defended", event["drawer"], seat)
        if event["empty_hand"]:
            line += " — " + say("swipsheep.log.empty_hand")
        return line + "."
    if kind == "drew":
        what = card(event["card"]).markup if "card" in event else say("swipsheep.a.card")
        victim = who(event["victim"], seat)
        return by(
            "swipsheep.log.drew",
            event["drawer"],
            seat,
            event["victim"],
            card=what,
            **{"from": victim},
        )
    if kind == "round_scored":
        shown = ", ".join(f"{who(s, seat)} +{n}" for s, n in enumerate(event["sheep"]))
        return say("swipsheep.log.round_scored", round=event["round"], scores=shown)
    if kind == "game_over":
        return f"[bold]{say('game.over')}[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    me = view["seat"]
    if isinstance(action, PassCards):
        n = view["players"]
        left, right = (me + 1) % n, (me - 1) % n
        text = say("term.sw.label.pass_left", card=card(action.left).markup, n=left + 1)
        if action.right is not None:
            text += say("term.sw.label.pass_right", card=card(action.right).markup, n=right + 1)
        return text
    if isinstance(action, Attack):
        t = action.target
        cards_held = say_counted("n.cards", view["hand_sizes"][t])
        sheep = say_counted("baaaaa.n_sheep", view["scores"][t])
        return say("term.sw.label.attack", n=t + 1, cards=cards_held, sheep=sheep)
    return str(action)
