"""The Wypas state: counts of card kinds in hands, deck and piles; pens; the auction;
the special-card queue; and its JSON form.

The engine's logic lives in `rules.py` (the turn), `auction.py`, `specials.py`,
`pens.py` and `view.py` (what a seat may see, and re-drawing what it may not); the
core `ModularState` wires them into the `State` contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pasture.core.game import (
    CHANCE,
    COMPILED,
    JSON,
    Action,
    ActionInput,
    ChanceOutcome,
    Event,
    Result,
    SeatInput,
    Termination,
)
from pasture.core.modular import GameRules, GameViews, ModularState
from pasture.games.wypas import hand_facts, knowledge, redraw, rules, tables, view
from pasture.games.wypas.auction import Auction, Face, LaidCard, Lot
from pasture.games.wypas.edition import Edition, default_edition
from pasture.games.wypas.knowledge import Knowledge
from pasture.games.wypas.pens import EMPTY, Pen, PenPair
from pasture.games.wypas.specials import PendingChoice, PenPlays, QueuedCard

if TYPE_CHECKING:
    from pasture.games.wypas.game import Wypas


CHANCE_PHASES: Final = (rules.DEAL, rules.CHOOSE_BACA)


class WypasState(ModularState):
    game: ClassVar[Wypas]
    rules: ClassVar[GameRules[WypasState]] = rules
    views: ClassVar[GameViews[WypasState]] = view

    def __init__(
        self,
        num_players: int,
        options: dict[str, Any],
        edition: Edition | None = None,
    ) -> None:
        e = self.edition = edition or default_edition()
        self.tables = tables.for_edition(e)
        n = self.num_players = num_players
        kinds = len(e.kinds)
        self.bluff: bool = bool(options["bluff"])
        self.bleat_rule: bool = bool(options["bleat_rule"])
        self.max_turns: int = int(options["max_turns"])
        self.first_baca: int | str = options["first_baca"]
        self.phase = rules.DEAL
        self.after = ""
        """What follows when the deal queue is empty."""
        self.deal_queue: list[int] = []
        """Where the next cards go: a seat, or rules.LOT_AREA (the baca's drawn lots)."""
        self.turn = 0
        self.baca = 0
        self.deck: list[int] = list(e.counts)
        self.deck_at: list[int] | None = self.tables.deck_at(self.deck)
        """Where the deck's chance outcomes are in the deck size's `tables.DealRow`, kept
        with the deck (not part of the JSON form), so listing them costs one C call; None
        in a re-drawn state until it first deals (`rules.chance_outcomes`, `deal_kind`)."""
        self.discard: list[int] = [0] * kinds
        """Face-up discard pile (public)."""
        self.hidden_discard: list[tuple[int, ...]] = [(0,) * kinds] * n
        """Bid cards discarded face down, by owner (private to the owner); each seat's
        counts are a tuple, replaced on change, so copies of a state share them."""
        self.hands: list[list[int]] = [[0] * kinds for _ in range(n)]
        self.held: list[int] = [0] * n
        """Each hand's kinds held, as a bit set (see hand_facts.py: kept with the hands)."""
        self.reach: list[int] = [0] * n
        """Each hand's face-up sum with Dollies at their top value (hand_facts.py)."""
        self.drawn: list[int] = [0] * kinds
        """The baca's drawn cards, before laying them out as lots."""
        self.auction = Auction(n)
        self.current = -1
        """Whose Redyk or shearing go it is."""
        self.gos = 0
        """How many seats have had their go in this Redyk or shearing phase."""
        self.pens: list[PenPair] = [(EMPTY, EMPTY)] * n
        self.fleeces: list[int] = [0] * n
        self.fleece_points: list[tuple[int, ...]] = [()] * n
        self.scores: list[int] = [0] * n
        self.bonus: list[int] = [0] * n
        self.sheared: list[int] = [0] * kinds
        """Cards kept in fleeces (out of play)."""
        self.finisher = -1
        self.final: list[int] = []
        """Seats still to have their final shearing go (W-11)."""
        self.queue: list[QueuedCard] = []
        self.waiting: list[int] = []
        """Seats that have not yet answered the open reaction window (W-10)."""
        self.effective: list[int] = []
        """1 for each queued card that takes effect, 0 if cancelled (set when resolving)."""
        self.resolving = -1
        """Index of the next queued card to resolve, -1 while the window is open."""
        self.pending: PendingChoice | None = None
        self.known: Knowledge = knowledge.empty(n)
        """What seats know of other hands (see knowledge.py)."""
        self._legal_seat = -1
        """The seat `_legal` was listed for (-1: none since the last step)."""
        self._legal: list[Action] = []
        self._public_view: dict[str, JSON] | None = None
        self.pen_plays: PenPlays | None = None
        """The special plays on pens, kept with the pens they were worked out for."""
        rules.start_game(self)

    # --- the core contract -------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return [o.action for o in rules.chance_outcomes(self)]
        if seat != self._legal_seat:  # `_listed`, written out: once a step
            self._legal = rules.legal_actions(self, seat)
            self._legal_seat = seat
        return self._legal[:]

    def _listed(self, seat: int) -> list[Action]:
        """`seat`'s legal actions, kept for the last seat asked until the next step (a step
        is mostly one seat asked, then answered)."""
        if seat != self._legal_seat:
            self._legal = rules.legal_actions(self, seat)
            self._legal_seat = seat
        return self._legal

    def actors(self) -> tuple[int, ...]:
        return rules.actors(self)

    def chance_outcomes(self) -> Sequence[ChanceOutcome]:
        return rules.chance_outcomes(self)

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def check_legal(self, seat: SeatInput, action: ActionInput) -> None:
        if seat == CHANCE:
            if rules.chance_ok(self, action):
                return
        elif (
            type(seat) is int
            and 0 <= seat < self.num_players
            and self.phase not in CHANCE_PHASES
            and action in self._listed(seat)  # the very object found first, then an equal one
        ):
            return
        super().check_legal(seat, action)

    def apply(self, seat: SeatInput, action: ActionInput) -> list[Event]:
        # The common cases of `check_legal` first: a deal the deck allows, or an action
        # just listed for the seat (the very object); anything else gets the full check.
        # (The seat is tested as an int first: compiled, `==` on an object is generic.)
        if type(seat) is int and seat == CHANCE:
            k = self.tables.deal_kind.get(id(action))
            if k is not None and self.phase == rules.DEAL and self.deck[k]:
                self._legal_seat = -1
                self._public_view = None
                return rules.deal_kind(self, k)  # the commonest step, vouched for at once
            if not rules.chance_ok(self, action):
                self.check_legal(seat, action)
        elif type(seat) is int and seat == self._legal_seat:
            for legal in self._legal:
                if legal is action:
                    break
            else:
                self.check_legal(seat, action)
        else:
            self.check_legal(seat, action)
        return self._apply(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._legal_seat = -1
        self._public_view = None
        return rules.apply(self, seat, action)

    def is_over(self) -> bool:
        return self.phase == rules.OVER

    def result(self) -> Result:
        # W-12: a game that reached the turn cap before a fifth fleece ended at the cap
        end = Termination.NATURAL if self.finisher >= 0 else Termination.SAFETY_CAP
        return Result.by_score(self.scores[:], "Most points wins; ties share the win.", end)

    # --- copying and JSON --------------------------------------------------------------

    def clone(self) -> WypasState:
        if COMPILED:
            return self._native_clone()
        new = object.__new__(WypasState)
        d = new.__dict__ = self.__dict__.copy()  # a copy is cheaper than an update
        copy = list.copy
        d["deal_queue"] = self.deal_queue[:]
        d["deck"] = self.deck[:]
        at = self.deck_at
        d["deck_at"] = at[:] if at is not None else None
        d["discard"] = self.discard[:]
        d["hidden_discard"] = self.hidden_discard[:]  # tuples: shared until changed
        d["hands"] = list(map(copy, self.hands))
        d["held"] = self.held[:]
        d["reach"] = self.reach[:]
        d["drawn"] = self.drawn[:]
        d["auction"] = self.auction.copy()
        d["pens"] = self.pens[:]
        # fleeces, fleece_points, scores, bonus, sheared, final, queue, waiting and
        # effective change rarely and are replaced, never changed in place: shared.
        d["known"] = self.known[:]  # each holder's facts are replaced on change (knowledge.py)
        d["_legal_seat"] = -1
        d["_public_view"] = None
        return new

    def _native_clone(self) -> WypasState:
        """`clone` for the compiled build, whose states have no `__dict__`: the same
        copies, attribute by attribute."""
        new = self._native_shared()
        new.deal_queue = self.deal_queue[:]
        new.deck = self.deck[:]
        at = self.deck_at
        new.deck_at = at[:] if at is not None else None
        new.discard = self.discard[:]
        new.hidden_discard = self.hidden_discard[:]
        new.hands = [hand[:] for hand in self.hands]
        new.held = self.held[:]
        new.reach = self.reach[:]
        new.drawn = self.drawn[:]
        new.auction = self.auction.copy()
        new.pens = self.pens[:]
        new.known = self.known[:]
        return new

    def _native_shared(self) -> WypasState:
        """A compiled build's new state sharing every value of this one that is replaced
        on change, never changed in place; the caller sets the containers `clone` copies
        (deal_queue, deck, deck_at, discard, hidden_discard, hands, held, reach, drawn,
        auction, pens, known), so that a re-draw copies none it replaces."""
        new = WypasState.__new__(WypasState)
        new.edition = self.edition
        new.tables = self.tables
        new.num_players = self.num_players
        new.bluff = self.bluff
        new.bleat_rule = self.bleat_rule
        new.max_turns = self.max_turns
        new.first_baca = self.first_baca
        new.phase = self.phase
        new.after = self.after
        new.turn = self.turn
        new.baca = self.baca
        new.current = self.current
        new.gos = self.gos
        new.fleeces = self.fleeces
        new.fleece_points = self.fleece_points
        new.scores = self.scores
        new.bonus = self.bonus
        new.sheared = self.sheared
        new.finisher = self.finisher
        new.final = self.final
        new.queue = self.queue
        new.waiting = self.waiting
        new.effective = self.effective
        new.resolving = self.resolving
        new.pending = self.pending
        new._legal_seat = -1
        new._legal = self._legal
        new._public_view = None
        new.pen_plays = self.pen_plays
        return new

    def to_json(self) -> dict[str, JSON]:
        a = self.auction
        return {
            "game": "wypas",
            "edition": self.edition.name,
            "players": self.num_players,
            "bluff": self.bluff,
            "bleat_rule": self.bleat_rule,
            "max_turns": self.max_turns,
            "first_baca": self.first_baca,
            "phase": self.phase,
            "after": self.after,
            "turn": self.turn,
            "baca": self.baca,
            "opener": a.opener,
            "lot": a.lot,
            "bidder": a.bidder,
            "high": a.high,
            "high_bidder": a.high_bidder,
            "current": self.current,
            "gos": self.gos,
            "finisher": self.finisher,
            "resolving": self.resolving,
            "last_lot": a.last_lot,
            "deal_queue": self.deal_queue[:],
            "committed": a.committed[:],
            "passed": [1 if p else 0 for p in a.passed],
            "checked": a.checked[:],
            "tied": a.tied[:],
            "fleeces": self.fleeces[:],
            "scores": self.scores[:],
            "bonus": self.bonus[:],
            "final": self.final[:],
            "waiting": self.waiting[:],
            "effective": self.effective[:],
            "deck": _encode(self.deck),
            "discard": _encode(self.discard),
            "drawn": _encode(self.drawn),
            "sheared": _encode(self.sheared),
            "hidden_discard": [_encode(h) for h in self.hidden_discard],
            "hands": [_encode(h) for h in self.hands],
            "lots": [lot.to_json() for lot in a.lots],
            "laid": [[[c.kind, c.value, int(c.face)] for c in cards] for cards in a.laid],
            "pens": [[pen.to_json() for pen in pens] for pens in self.pens],
            "fleece_points": [list(f) for f in self.fleece_points],
            "queue": [[q.seat, q.role, q.target, q.pen, q.cancels] for q in self.queue],
            "pending": _pending_json(self.pending),
            "known": [[number, _encode(c)] for number, c in knowledge.to_json(self.known)],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WypasState:
        state = WypasState.__new__(WypasState) if COMPILED else object.__new__(cls)
        state.edition = default_edition()
        state.tables = tables.for_edition(state.edition)
        n = state.num_players = data["players"]
        state.bluff = data["bluff"]
        state.bleat_rule = data["bleat_rule"]
        state.max_turns = data["max_turns"]
        state.first_baca = data["first_baca"]
        state.phase = data["phase"]
        state.after = data["after"]
        state.turn = data["turn"]
        state.baca = data["baca"]
        state.current = data["current"]
        state.gos = data["gos"]
        state.finisher = data["finisher"]
        state.resolving = data["resolving"]
        a = state.auction = Auction(n)
        a.opener = data["opener"]
        a.lot = data["lot"]
        a.bidder = data["bidder"]
        a.high = data["high"]
        a.high_bidder = data["high_bidder"]
        a.last_lot = data["last_lot"]
        a.committed = list(data["committed"])
        a.passed = [bool(p) for p in data["passed"]]
        a.checked = list(data["checked"])
        a.tied = list(data["tied"])
        a.lots = [Lot(k, bool(face_down), winner) for k, face_down, winner in data["lots"]]
        a.laid = [tuple(LaidCard(c[0], c[1], Face(c[2])) for c in cards) for cards in data["laid"]]
        state.deal_queue = list(data["deal_queue"])
        state.fleeces = list(data["fleeces"])
        state.scores = list(data["scores"])
        state.bonus = list(data["bonus"])
        state.final = list(data["final"])
        state.waiting = list(data["waiting"])
        state.effective = list(data["effective"])
        state.deck = _decode(data["deck"])
        state.deck_at = state.tables.deck_at(state.deck)
        state.discard = _decode(data["discard"])
        state.drawn = _decode(data["drawn"])
        state.sheared = _decode(data["sheared"])
        state.hidden_discard = [tuple(_decode(h)) for h in data["hidden_discard"]]
        state.hands = [_decode(h) for h in data["hands"]]
        state.held = [0] * n
        state.reach = [0] * n
        for seat in range(n):
            hand_facts.refresh(state, seat)
        state.pens = [(Pen.from_json(p0), Pen.from_json(p1)) for p0, p1 in data["pens"]]
        state.fleece_points = [tuple(f) for f in data["fleece_points"]]
        state.queue = [QueuedCard(*q) for q in data["queue"]]
        pending = data["pending"]
        state.pending = PendingChoice(*pending) if pending is not None else None
        state.known = knowledge.from_json(n, [(w, _decode(c)) for w, c in data["known"]])
        state._legal_seat = -1
        state._legal = []
        state._public_view = None
        state.pen_plays = None
        return state


# The hot calls bound straight to the rules (one call per use instead of two), as
# `ModularState(direct_rules=True)` does for games without a legal-action cache. Compiled,
# the methods above call the rules directly already (and a compiled class's methods
# cannot be replaced so); its `determinize` goes through `ModularState` to the views'.
if not COMPILED:
    WypasState.actors = rules.actors  # type: ignore[assignment, method-assign]
    WypasState.chance_outcomes = rules.chance_outcomes  # type: ignore[assignment, method-assign]
    WypasState.determinize = redraw.determinize  # type: ignore[assignment, method-assign]


def _pending_json(pending: PendingChoice | None) -> list[int] | None:
    if pending is None:
        return None
    return [pending.role, pending.chooser, pending.target, pending.pen]


DIGITS: Final = "0123456789abcdefghijklmnopqrstuvwxyz"
DIGIT_VALUE: Final = {d: i for i, d in enumerate(DIGITS)}


_TO_DIGIT: Final = bytes(ord(d) for d in DIGITS).ljust(256, b"?")


def _encode(counts: Sequence[int]) -> str:
    """A pile as one character per card kind (its count in base 36): compact JSON."""
    return bytes(counts).translate(_TO_DIGIT).decode("ascii")


def _decode(text: str) -> list[int]:
    return [DIGIT_VALUE[d] for d in text]
