"""A heuristic Wypas bot. It sees only its seat's view and legal actions (a `Turn`).

- Auction: it values a lot by how well the card fits its rows and hand, and bids with
  the cards that help it least, never more than the lot is worth to it.
- Redyk: it extends rows and opens a row only with a card that has a partner in hand.
- Shearing: it shears rows of 3+ cards, 2-card rows that cannot grow, and always bleats.
- Special cards: wolves and black sheep on the leader's biggest rows, thieves on the
  fullest hand, sheepdogs to cancel what hurts it and to drive wolves off its pens.
"""

from __future__ import annotations

from typing import Any

from pasture.core.bot import Turn
from pasture.core.game import Action
from pasture.games.wypas.actions import (
    SPECIAL_PLAYS,
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
from pasture.games.wypas.edition import DOLLY, SHEEP, SUPER, default_edition

SPECIAL_WORTH = 4.0
DOLLY_WORTH = 5.0
HIDDEN_LOT_WORTH = 3.0


def _accepts(pen: dict[str, Any], colour: str, value: int) -> bool:
    row = pen["row"]
    if row == "empty":
        return True
    if row == "run":
        return bool(colour == pen["colour"] and value == pen["value"] + 1)
    if row == "set":
        return bool(value == pen["value"] and colour not in pen["colours"])
    return bool(
        (colour == pen["colour"] and value == pen["value"] + 1)
        or (value == pen["value"] and colour != pen["colour"])
    )


class HeuristicBot:
    name = "heuristic"

    def __init__(self) -> None:
        self.e = default_edition()

    # --- valuing cards -----------------------------------------------------------------

    def card_worth(self, card: str, view: dict[str, Any]) -> float:
        e = self.e
        k = e.position[card]
        role = e.roles[k]
        if role in (DOLLY, SUPER):
            return DOLLY_WORTH
        if role != SHEEP:
            return SPECIAL_WORTH
        colour, value = e.colours[e.colour[k]], e.value[k]
        worth = value / 2
        me = view["seat"]
        for pen in view["pens"][me]:
            if pen["cards"] and _accepts(pen, colour, value):
                worth = max(worth, value + len(pen["cards"]))
        for other, count in view.get("hand", {}).items():
            j = e.position[other]
            if other == card and count < 2 or e.roles[j] != SHEEP:
                continue
            same_colour = e.colour[j] == e.colour[k] and abs(e.value[j] - value) == 1
            if same_colour or (e.value[j] == value and e.colour[j] != e.colour[k]):
                worth = max(worth, value * 0.8 + 1)
        return worth

    # --- the decision ----------------------------------------------------------------

    def choose(self, turn: Turn) -> Action:
        legal = list(turn.legal)
        if len(legal) == 1:
            return legal[0]
        view = turn.view
        kinds = {type(a) for a in legal}
        if NoReaction in kinds:
            return self._react(view, legal)
        if Steal in kinds:
            return max(legal, key=lambda a: self.card_worth(a.card, view))  # type: ignore[attr-defined]
        if Swap in kinds:
            return self._swap(view, legal)
        special = self._attack(view, legal)
        if special is not None:
            return special
        legal = [a for a in legal if not isinstance(a, SPECIAL_PLAYS)] or legal
        if HideLot in kinds:
            return max(legal, key=lambda a: self.card_worth(getattr(a, "card", "red_1"), view))
        if NameLot in kinds:
            return self._name_lot(view, legal)
        if TieBreak in kinds:
            ties = [a for a in legal if isinstance(a, TieBreak)]
            return next((a for a in ties if a.seat == view["seat"]), ties[0])
        if Pass in kinds:
            return self._bid(view, legal)
        if Place in kinds or Shear in kinds:
            return self._build_or_shear(view, legal)
        return next((a for a in legal if isinstance(a, Done)), legal[0])

    # --- reactions and attacks ---------------------------------------------------------

    def _react(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        queue = (view.get("reaction") or {}).get("queue") or []
        cancel = PlaySheepdog(None, None)
        if queue and cancel in legal:
            last = queue[-1]
            hurts = last["seat"] != me and (
                (last["card"] in ("thief", "wolf", "black_sheep") and last["target"] == me)
                or (last["card"] == "sheepdog" and self._cancelled_mine(queue, me))
            )
            if hurts:
                return cancel
        return next(a for a in legal if isinstance(a, NoReaction))

    @staticmethod
    def _cancelled_mine(queue: list[dict[str, Any]], me: int) -> bool:
        target = queue[-1]["cancels"]
        return target is not None and queue[target]["seat"] == me

    def _attack(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        me = view["seat"]
        scores = view["scores"]
        for a in legal:  # drive wolves off my own pens
            if isinstance(a, PlaySheepdog) and a.seat == me:
                return a
        best: tuple[float, Action] | None = None
        leader = max(s for p, s in enumerate(scores) if p != me)
        for a in legal:
            if isinstance(a, (PlayWolf, PlayBlackSheep)) and a.seat != me:
                pen = view["pens"][a.seat][a.pen]
                size = len(pen["cards"])
                worth = sum(c["value"] for c in pen["cards"]) + size
                worth += (scores[a.seat] - scores[me]) / 2
                if scores[a.seat] == leader:
                    worth += 4  # the leader's rows first
                if size >= 3 and worth > 8 and (best is None or worth > best[0]):
                    best = (worth, a)
            elif isinstance(a, PlayThief):
                size = view["hand_sizes"][a.target]
                worth = size + (scores[a.target] - scores[me]) / 4
                if size >= 4 and (best is None or worth > best[0]):
                    best = (worth, a)
        return best[1] if best else None

    def _swap(self, view: dict[str, Any], legal: list[Action]) -> Action:
        pending = view["pending"]
        pen = view["pens"][pending["target"]][pending["pen"]]
        return max(legal, key=lambda a: pen["cards"][a.index]["value"])  # type: ignore[attr-defined]

    # --- the auction -------------------------------------------------------------------

    def _lot_worth(self, lot: dict[str, Any], view: dict[str, Any]) -> float:
        return HIDDEN_LOT_WORTH if lot["card"] is None else self.card_worth(lot["card"], view)

    def _name_lot(self, view: dict[str, Any], legal: list[Action]) -> Action:
        lots = view["auction"]["lots"]
        return max(legal, key=lambda a: self._lot_worth(lots[a.lot], view))  # type: ignore[attr-defined]

    def _bid(self, view: dict[str, Any], legal: list[Action]) -> Action:
        auction = view["auction"]
        me = view["seat"]
        total = auction["totals"][me]
        high = auction["high"]
        worth = self._lot_worth(auction["lots"][auction["lot"]], view)
        done = next((a for a in legal if isinstance(a, Done)), None)
        if done is not None and (total > high or worth * 2 >= high):
            return done  # a raise, or a check of a bluff bid worth calling
        need = high + 1
        lays = [a for a in legal if isinstance(a, Lay) and not a.hidden]
        if need - total > worth + 1 or need > worth * 2:
            return next(a for a in legal if isinstance(a, Pass))
        gap = need - total
        bluffs = [
            a
            for a in legal
            if isinstance(a, Lay)
            and a.hidden
            and a.value == min(gap, 6)
            and self.card_worth(a.card, view) <= 2
        ]
        if bluffs and gap >= 3:  # a junk card face down, declared at what is needed
            return min(bluffs, key=lambda a: self.card_worth(a.card, view))
        if not lays:
            return next(a for a in legal if isinstance(a, Pass))
        # the card that helps my rows least per point of bid
        return min(lays, key=lambda a: (self.card_worth(a.card, view) - a.value / 3, -a.value))

    # --- Redyk and shearing ----------------------------------------------------------

    def _build_or_shear(self, view: dict[str, Any], legal: list[Action]) -> Action:
        me = view["seat"]
        pens = view["pens"][me]
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Place):
                gain = self._place_gain(view, pens[a.pen], a)
            elif isinstance(a, Shear):
                gain = self._shear_gain(view, pens[a.pen]) if a.bleat else -1.0
            else:
                continue
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, a)
        if best is not None:
            return best[1]
        return next((a for a in legal if isinstance(a, Done)), legal[0])

    def _place_gain(self, view: dict[str, Any], pen: dict[str, Any], a: Place) -> float:
        e = self.e
        k = e.position[a.card]
        flexible = e.roles[k] in (DOLLY, SUPER)
        if pen["cards"]:
            return a.value + len(pen["cards"]) - (2 if flexible else 0)
        if flexible:
            return 0.0
        hand = view.get("hand", {})
        for other, count in hand.items():
            j = e.position[other]
            if e.roles[j] != SHEEP or (other == a.card and count < 2):
                continue
            if (e.colour[j] == e.colour[k] and e.value[j] == a.value + 1) or (
                e.value[j] == a.value and e.colour[j] != e.colour[k]
            ):
                return a.value / 2 + 0.5
        return 0.0

    def _shear_gain(self, view: dict[str, Any], pen: dict[str, Any]) -> float:
        cards = pen["cards"]
        n = len(cards)
        if n < 2:
            return 0.0
        points = float(sum(c["value"] for c in cards))
        if pen["wolf"]:
            n -= 1
            points -= max(c["value"] for c in cards)
        ending = view["finisher"] is not None or view["turn"] >= view["options"]["max_turns"]
        if n >= 2 and ending:
            return float(points) + 1.0  # the last go: every fleece counts now
        if n >= 3 or (n == 2 and pen["wolf"]):
            return float(points) + 1.0
        if n == 2 and pen["row"] == "run" and pen["value"] >= 6:
            return float(points) + 1.0  # it cannot grow
        fleeces = view["fleeces"][view["seat"]]
        if n == 2 and fleeces >= 4:
            return 5.0  # the bonus for the fifth fleece, or a sixth
        return 0.0
