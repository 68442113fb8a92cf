"""Baaaaa! in the terminal: the mountain as one seat sees it, narration, menu labels."""

from __future__ import annotations

import re

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from pasture.core.game import JSON, Action
from pasture.games.baaaaa.actions import PlaySheepCard, PlayWolfCard, TakeSheep
from pasture.games.baaaaa.board import FACES, FLOORS, HUT, face_of, floor_of, path
from pasture.games.baaaaa.edition import default_edition
from pasture.i18n import catalogue, say, say_counted, spoken

EDITION = default_edition()
# Labels come from the edition file, which a box owner may edit: shown as text, not markup.
SHEEP_LABELS = dict(zip(EDITION.sheep_kinds, map(escape, EDITION.sheep_labels), strict=True))
WOLF_LABELS = dict(zip(EDITION.wolf_kinds, map(escape, EDITION.wolf_labels), strict=True))
SHEEP_MOVES = dict(zip(EDITION.sheep_kinds, EDITION.sheep_moves, strict=True))
SHEEP_EFFECTS = dict(zip(EDITION.sheep_kinds, EDITION.sheep_effects, strict=True))
OUTCOMES = {
    "The flock is saved": "saved",
    "The flock is lost": "lost",
    "The wolf player wins": "wolf",
    "A draw": "draw",
}
"""The engine's English summary (Result.summary) by its catalogue key."""
SUMMARY = re.compile("^(" + "|".join(OUTCOMES) + r")\D*(\d+)\D+(\d+)")


def card_name(kind: str, labels: dict[str, str]) -> str:
    """The card's name in the spoken language; the edition's label for a card it adds."""
    key = f"baaaaa.card.{kind}"
    return escape(say(key)) if key in catalogue(spoken()) else labels.get(kind, kind)


def where(sp: int) -> str:
    if sp == HUT:
        return say("baaaaa.the_hut")
    return say("baaaaa.where", floor=floor_of(sp), face=face_of(sp))


def who(seat: int, me: int | None) -> str:
    return say("term.you") if seat == me else say("term.seat", n=seat + 1)


def by(key: str, seat: int, me: int | None, **params: object) -> str:
    """The catalogue's "you …" / "seat 2 …" form of `key` (subject `seat`)."""
    return say(f"{key}.{'you' if seat == me else 'other'}", name=who(seat, me), **params)


def sheep_card(kind: str) -> str:
    return f"[bold green]{card_name(kind, SHEEP_LABELS)}[/]"


def wolf_card(kind: str) -> str:
    return f"[bold red]{card_name(kind, WOLF_LABELS)}[/]"


def summary(saved: int, taken: int, wolf_seat: int | None) -> str:
    """The result in the spoken language, as the page words it."""
    if saved > taken:
        outcome = "saved"
    elif saved < taken:
        outcome = "lost" if wolf_seat is None else "wolf"
    else:
        outcome = "draw"
    return say(f"baaaaa.summary.{outcome}", saved=saved, taken=taken)


def _cell(view: dict[str, JSON], sp: int) -> Text:
    parts: list[str] = []
    n = view["sheep"][sp]
    if n:
        parts.append(f"[bold]🐑×{n}[/]")
    if sp == view["wolf"]:
        parts.append(
            f"[bold red]🐺 {say('term.ba.cell.wolf')}[/]"
            + (say("term.ba.cell.sated") if view["sated"] else "")
        )
    if sp == view["shepherd"]:
        parts.append(f"[bold blue]{say('term.ba.cell.shepherd')}[/]")
    if sp == view["hut"]:
        parts.append(f"[yellow]⌂ {say('term.ba.cell.hut')}[/]")
    return Text.from_markup(" ".join(parts) if parts else "[dim]·[/]")


def mountain(view: dict[str, JSON]) -> Table:
    """The four faces (columns) by three floors (rows, the top floor first)."""
    table = Table(box=None, padding=(0, 2), show_edge=False)
    table.add_column("")
    for face in range(FACES):
        table.add_column(say("baaaaa.face", n=face), justify="center")
    for floor in reversed(range(FLOORS)):
        cells = [_cell(view, floor * FACES + face) for face in range(FACES)]
        table.add_row(Text(say("baaaaa.floor", n=floor), style="dim"), *cells)
    return table


def _counts(counts: dict[str, int], labels: dict[str, str], style: str) -> str:
    shown = [
        f"[{style}]{card_name(k, labels)}[/]" + (f" ×{n}" if n > 1 else "")
        for k, n in counts.items()
    ]
    return ", ".join(shown) if shown else f"[dim]{say('term.ba.none')}[/]"


def render(view: dict[str, JSON]) -> RenderableType:
    me = view["seat"]
    wolf_seat = view["wolf_seat"]
    phase = view["phase"]
    doing = say(
        f"term.ba.doing.{phase}",
        name=who(view["current"], me),
        wolf=who(wolf_seat, me) if wolf_seat is not None else "",
    )
    if phase == "sheep" and view["current"] == me:
        doing = say("term.ba.doing.sheep_you")
    head = say("term.ba.head", turn=view["turn"], cap=view["max_turns"], doing=doing)
    if wolf_seat is not None:
        head += say("term.ba.head_wolf", name=who(wolf_seat, me))
    parts: list[RenderableType] = [Text.from_markup(head), mountain(view)]
    parts.append(
        Text.from_markup(
            say(
                "term.ba.tally",
                saved=say_counted("term.ba.saved", view["pastures"]),
                taken=say_counted("term.ba.taken", view["larder"]),
                left=sum(view["sheep"]),
            )
        )
    )
    parts.append(
        Text.from_markup(
            say(
                "term.ba.sheep_cards",
                cards=_counts(view["sheep_cards"], SHEEP_LABELS, "green"),
                aside=_counts(view["sheep_cards_set_aside"], SHEEP_LABELS, "dim"),
            )
        )
    )
    parts.append(
        Text.from_markup(
            say_counted(
                "term.ba.wolf_deck",
                view["wolf_deck"],
                cards=_counts(view["wolf_set_aside"], WOLF_LABELS, "red"),
            )
        )
    )
    parts.append(
        Text.from_markup(
            say("term.ba.unseen", cards=_counts(view["wolf_unseen"], WOLF_LABELS, "dim"))
        )
    )
    if wolf_seat is not None:
        if "wolf_hand" in view:
            none = f"[dim]{say('term.ba.no_cards')}[/]"
            hand = ", ".join(wolf_card(k) for k in view["wolf_hand"]) or none
            parts.append(Text.from_markup(say("baaaaa.your_wolf_cards", cards=hand)))
        elif view["wolf_hand_size"]:
            known = view["wolf_hand_known"]
            extra = say("term.ba.one_is", card=wolf_card(known[0])) if known else ""
            holds = say_counted("baaaaa.wolf_holds", view["wolf_hand_size"])
            parts.append(Text.from_markup(f"{holds}{extra}."))
    if view["tie"]:
        tie = view["tie"]
        spaces = ", ".join(where(sp) for sp in tie["spaces"])
        parts.append(
            Text.from_markup(
                by("term.ba.tie", tie["chooser"], me, card=wolf_card(tie["card"]), spaces=spaces)
            )
        )
    if view.get("result"):
        line = summary(view["pastures"], view["larder"], wolf_seat)
        parts.append(Text(line, style="bold"))
    return Panel(Group(*parts), title="Baaaaa!", expand=False)


def _sheep_line(event: dict[str, JSON], me: int | None) -> str:
    kind = event["card"]
    name = sheep_card(kind)
    sp = event["space"]
    if sp is None:
        return by("baaaaa.log.no_effect", event["seat"], me, card=name) + "."
    if SHEEP_EFFECTS.get(kind) == "shepherd":
        return by("baaaaa.log.shepherd", event["seat"], me, card=name, where=where(sp)) + "."
    count = event["count"]
    sheep = say_counted("baaaaa.sheep_from", count, where=where(sp))
    if event["saved"]:
        fate = f"[green]{say_counted('term.ba.fate.saved', count)}[/]"
    elif event["taken"]:
        fate = f"[red]{say_counted('term.ba.fate.taken', count)}[/]"
    else:
        fate = say("baaaaa.fate.to", where=where(event["to"])) + "."
    return by("term.ba.log.played", event["seat"], me, card=name, sheep=sheep, fate=fate)


def _wolf_line(event: dict[str, JSON], me: int | None) -> str:
    line = "🐺 " + say("baaaaa.log.wolf_card", card=wolf_card(event["card"]))
    moved = event["wolf_to"] != event["wolf_from"]
    if moved:
        line += say("term.ba.wolf.goes", a=where(event["wolf_from"]), b=where(event["wolf_to"]))
    if event["taken"] > 0:
        line += f"[red]{say_counted('term.ba.wolf.taken', event['taken'])}[/]"
    if "placed" in event:
        back = "larder" if event["card"] == "escaped" else "pastures"
        line += say(f"term.ba.wolf.back_{back}", where=where(event["placed"]))
        if event["saved"] > 0:
            line += say("term.ba.wolf.saved_at_once")
    if "choose_from" in event:
        spaces = ", ".join(where(sp) for sp in event["choose_from"])
        line += by("term.ba.wolf.tie", event["chooser"], me, spaces=spaces)
    elif not moved and event["taken"] <= 0 and "placed" not in event:
        line += say("term.ba.wolf.stays" if event["card"] == "sated" else "term.ba.wolf.nothing")
    return line + "."


def _final(english: str) -> str:
    """The engine's summary in the spoken language (kept as is when not recognised)."""
    found = SUMMARY.match(english)
    if found is None:
        return escape(english)
    key = OUTCOMES[found.group(1)]
    return say(f"baaaaa.summary.{key}", saved=found.group(2), taken=found.group(3))


def narrate(event: dict[str, JSON], seat: int | None) -> str | None:
    kind = event["type"]
    if kind == "sheep_card":
        return _sheep_line(event, seat)
    if kind == "wolf_card":
        return _wolf_line(event, seat)
    if kind == "wolf_takes":
        return say("baaaaa.label.take", where=where(event["space"])) + "."
    if kind == "wolf_draw":
        if "card" in event:
            return say("baaaaa.log.you_draw", card=wolf_card(event["card"]))
        return say("baaaaa.log.wolf_draws", n=event["drawn"])
    if kind == "wolf_discard":
        return say("baaaaa.log.wolf_discards", card=wolf_card(event["card"]))
    if kind == "reshuffle":
        return say_counted("baaaaa.log.reshuffle", event["deck"])
    if kind == "game_over":
        return f"[bold]{say('term.ba.game_over')}[/] {_final(event['summary'])}"
    return None


def _fate(route: tuple[int, ...], view: dict[str, JSON]) -> str:
    """Where a sheep moving along `route` ends: a space, the larder or the pastures."""
    safe = view["sated"] or view["shepherd"] == view["wolf"]
    for sp in route:
        if sp == view["wolf"] and not safe:
            return f"[red]{say('baaaaa.fate.wolf')}[/]"
        if sp == HUT:
            return f"[green]{say('baaaaa.fate.hut')}[/]"
    return say("baaaaa.fate.to", where=where(route[-1]))


def label(action: Action, view: dict[str, JSON]) -> str:
    if isinstance(action, PlaySheepCard):
        name = sheep_card(action.card)
        sp = action.space
        if sp is None:
            return say("term.ba.label.no_effect", card=name)
        effect = SHEEP_EFFECTS.get(action.card)
        if effect == "shepherd":
            return say("term.ba.label.shepherd", card=name, where=where(sp))
        if effect == "trio":
            route: tuple[int, ...] = (sp + FACES,)
            count = action.count
        else:
            move = SHEEP_MOVES[action.card]
            assert move is not None
            route = path(sp, move[0], move[1]) or (sp,)
            count = 1
        sheep = say_counted("baaaaa.sheep_from", count, where=where(sp))
        return say("term.ba.label.move", card=name, sheep=sheep, fate=_fate(route, view))
    if isinstance(action, PlayWolfCard):
        return say("term.ba.label.wolf_card", card=wolf_card(action.card))
    if isinstance(action, TakeSheep):
        return say("baaaaa.label.take", where=where(action.space))
    return str(action)
