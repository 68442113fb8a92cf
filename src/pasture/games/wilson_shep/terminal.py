"""Wilson & Shep in the terminal: the field as one seat sees it, narration, menu labels."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.wilson_shep.actions import Hide, Move, Place, Swap
from pasture.games.wilson_shep.edition import default_edition, picture_key
from pasture.games.wilson_shep.grid import SIDE, name
from pasture.i18n import catalogue, say, say_counted, spoken


def picture(picture_id: int) -> str:
    """The picture's name in the spoken language; its edition name when the catalogue has none.

    Plain text (not markup): an edition file is the box owner's to edit."""
    own = default_edition().pictures[picture_id]
    return catalogue(spoken()).get(picture_key(own), own)


def who(seat: int, me: int | None) -> str:
    return say("term.you") if seat == me else say("term.seat", n=seat + 1)


def by(key: str, seat: int, me: int | None, **params: object) -> str:
    """The catalogue's "you …" / "seat 2 …" form of `key` (subject `seat`)."""
    return say(f"{key}.{'you' if seat == me else 'other'}", name=who(seat, me), **params)


def tile(view: dict[str, JSON], pos: int) -> str:
    """How one tile looks: its picture or 'face down', for menus."""
    shown = view["grid"][pos]
    return say("wilson_shep.tile.down") if shown is None else escape(picture(shown))


def _cell(view: dict[str, JSON], pos: int) -> Text:
    shown = view["grid"][pos]
    text = Text(name(pos) + " ", style="dim")
    if shown is None:
        text.append("░░░░", style="white on grey23")
    else:
        text.append(picture(shown), style="green")
    if view.get("wilson_at") == pos:
        text.append(" ★ " + say("term.you"), style="bold magenta")
    if view["shep"] == pos:
        text.append(" 🐕 Shep", style="bold yellow")
    return text


def _round_over(round_: int, winner: str, reason: str, wilson: int, at: int, me: int | None) -> str:
    won = (
        say("wilson_shep.log.shep_wins")
        if winner == "shep"
        else say("wilson_shep.log.wilson_escapes", name=who(wilson, me))
    )
    why = say(f"wilson_shep.reason.{reason}")
    return say("wilson_shep.log.round_over", round=round_, won=won, why=why, at=name(at))


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    wilson = view["wilson"]
    head = Text.from_markup(
        say(
            "term.ws.head",
            round=view["round"],
            rounds=view["rounds"],
            wilson=who(wilson, me),
            role=say(f"term.ws.role.{view['role']}"),
            phase=say(f"term.ws.phase.{view['phase']}"),
        )
    )
    if view["phase"] in ("place", "move"):
        head.append(by("term.ws.go", view["shep_go"], me))
    field = Table(show_header=False, show_lines=True, padding=(0, 1))
    for _ in range(SIDE):
        field.add_column(min_width=14)
    for row in range(SIDE):
        field.add_row(*(_cell(view, row * SIDE + col) for col in range(SIDE)))
    counts = Text(
        say(
            "term.ws.counts",
            flips=view["flips"],
            limit=view["flip_limit"],
            moves=view["moves"],
            max=view["max_moves"],
            tokens=", ".join(f"{who(s, me)} {n}" for s, n in enumerate(view["tokens"])),
        )
    )
    parts: list[RenderableType] = [head, field, counts]
    history = view.get("history")
    if history:
        recent = "; ".join(_step(step) for step in history[-6:])
        steps = ("… " if len(history) > 6 else "") + recent
        parts.append(Text(say("term.ws.this_round", steps=steps), style="dim"))
    last = view["last_round"]
    if last:
        line = _round_over(
            last["round"],
            last["winner"],
            last["reason"],
            last.get("wilson", wilson),
            last["wilson_at"],
            me,
        )
        parts.append(Text(line, style="dim"))
    if view.get("result"):
        winners = ", ".join(who(s, me) for s in view["result"]["winners"])
        parts.append(Text(say("term.ws.winner", names=winners), style="bold"))
    return Panel(Group(*parts), title="Wilson & Shep", expand=False)


def _step(step: dict[str, JSON]) -> str:
    if step["step"] == "place":
        return say("wilson_shep.step.place", at=name(step["at"]))
    if step["step"] == "swap":
        return say("wilson_shep.step.swap", a=name(step["a"]), b=name(step["b"]))
    return say(
        "wilson_shep.step.move_up" if step["turned_up"] else "wilson_shep.step.move",
        to=name(step["to"]),
    )


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "hidden":
        if "at" in event:
            return say("wilson_shep.log.hide_you", round=event["round"], at=name(event["at"]))
        return say("term.ws.hidden", round=event["round"], name=who(event["wilson"], seat))
    if kind == "placed":
        return by("wilson_shep.log.placed", event["seat"], seat, at=name(event["at"]))
    if kind == "swapped":
        return say("term.ws.swapped", a=name(event["a"]), b=name(event["b"]))
    if kind == "moved":
        key = "wilson_shep.log.moved_up" if event["turns_up"] else "term.ws.moved_face_up"
        return by(key, event["seat"], seat, to=name(event["to"]))
    if kind == "turned_up":
        shown = escape(picture(event["picture"]))
        return say_counted("term.ws.turned_up", event["flips"], picture=shown)
    if kind == "round_over":
        line = _round_over(
            event["round"],
            event["winner"],
            event["reason"],
            event["wilson"],
            event["wilson_at"],
            seat,
        )
        rewarded = ", ".join(who(s, seat) for s in event["rewarded"])
        return f"[bold]{escape(line)}[/] " + say("term.ws.rewarded", names=rewarded)
    if kind == "game_over":
        return f"[bold]{say('term.ws.game_over')}[/]"
    return None


def label(action: Action, view: dict[str, JSON]) -> str:
    if isinstance(action, Hide):
        return say("wilson_shep.label.hide", at=name(action.at))
    if isinstance(action, Place):
        return say("wilson_shep.label.place", at=name(action.at))
    if isinstance(action, Swap):
        mine = view.get("wilson_at")
        parts = []
        for pos in (action.a, action.b):
            what = say("term.ws.your_tile") if pos == mine else tile(view, pos)
            parts.append(f"{name(pos)} ({what})")
        return say("term.ws.label.swap", a=parts[0], b=parts[1])
    if isinstance(action, Move):
        shown = view["grid"][action.to]
        if shown is None:
            return say("term.ws.label.move_down", to=name(action.to))
        return say("term.ws.label.move_up", to=name(action.to), picture=escape(picture(shown)))
    return str(action)
