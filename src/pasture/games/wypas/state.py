"""The Wypas state: counts of card kinds in hands, deck and piles; pens; the auction;
the special-card queue; and its JSON form.

The engine's logic lives in `rules.py` (the turn), `auction.py`, `specials.py`,
`pens.py` and `view.py` (what a seat may see, and re-drawing what it may not); the
core `ModularState` wires them into the `State` contract.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from pasture.core.game import CHANCE, JSON, Action, Event, Result, Termination
from pasture.core.modular import ModularState
from pasture.games.wypas import rules, view
from pasture.games.wypas.edition import Edition, default_edition
from pasture.games.wypas.pens import Pen, copy_pen, new_pen

if TYPE_CHECKING:
    from pasture.games.wypas.game import Wypas

Laid = tuple[int, int, int]
"""A card laid on a lot: (kind, declared value, 0 face up / 1 face down / 2 revealed)."""
Entry = tuple[int, int, int, int, int]
"""A special card played: (seat, role, target seat, target pen, index it cancels or -1)."""


class WypasState(ModularState):
    game: ClassVar[Wypas]
    rules: ClassVar[ModuleType] = rules
    views: ClassVar[ModuleType] = view

    def __init__(
        self,
        num_players: int,
        options: dict[str, Any],
        edition: Edition | None = None,
    ) -> None:
        e = self.edition = edition or default_edition()
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
        self.discard: list[int] = [0] * kinds
        """Face-up discard pile (public)."""
        self.hidden_discard: list[list[int]] = [[0] * kinds for _ in range(n)]
        """Bid cards discarded face down, by owner (private to the owner)."""
        self.hands: list[list[int]] = [[0] * kinds for _ in range(n)]
        self.drawn: list[int] = [0] * kinds
        """The baca's drawn cards, before laying them out as lots."""
        self.lots: list[list[int]] = []
        """[kind, face down 0/1, winner seat or -1 while not yet auctioned]."""
        self.opener = -1
        self.lot = -1
        self.bidder = -1
        self.laid: list[list[Laid]] = [[] for _ in range(n)]
        self.committed: list[int] = [0] * n
        """How many of each seat's laid cards belong to finished raises or checks."""
        self.passed: list[int] = [0] * n
        self.high = 0
        self.high_bidder = -1
        self.checked: list[int] = []
        self.tied: list[int] = []
        self.current = -1
        """Whose Redyk or shearing go it is."""
        self.gos = 0
        """How many seats have had their go in this Redyk or shearing phase."""
        self.pens: list[list[Pen]] = [[new_pen(), new_pen()] for _ in range(n)]
        self.fleeces: list[int] = [0] * n
        self.fleece_points: list[list[int]] = [[] for _ in range(n)]
        self.scores: list[int] = [0] * n
        self.bonus: list[int] = [0] * n
        self.sheared: list[int] = [0] * kinds
        """Cards kept in fleeces (out of play)."""
        self.finisher = -1
        self.final: list[int] = []
        """Seats still to have their final shearing go (W-11)."""
        self.queue: list[Entry] = []
        self.waiting: list[int] = []
        """Seats that have not yet answered the open reaction window (W-10)."""
        self.effective: list[int] = []
        self.resolving = -1
        """Index of the next queued card to resolve, -1 while the window is open."""
        self.pending: list[int] | None = None
        """A special card's own choice: [role, chooser, seat, pen]."""
        self.last_lot: dict[str, JSON] | None = None
        self.known: dict[int, list[int]] = {}
        """What seats know of other hands (see knowledge.py)."""
        self._cache: dict[int, list[Action]] = {}
        self._public_view: dict[str, JSON] | None = None
        rules.start_game(self)

    # --- the core contract -------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        if seat == CHANCE:
            return [o.action for o in self.chance_outcomes()]
        cached = self._cache.get(seat)
        if cached is None:
            cached = self._cache[seat] = rules.legal_actions(self, seat)
        return cached[:]

    def is_chance(self) -> bool:
        return self.phase == rules.DEAL or self.phase == rules.CHOOSE_BACA

    def check_legal(self, seat: int, action: Action) -> None:
        if seat == CHANCE and rules.chance_ok(self, action):
            return
        if type(seat) is int and 0 <= seat < self.num_players and not self.is_chance():
            cached = self._cache.get(seat)
            if cached is None:
                cached = self._cache[seat] = rules.legal_actions(self, seat)
            if action in cached:
                return
        super().check_legal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._cache = {}
        self._public_view = None
        return super()._apply(seat, action)

    def is_over(self) -> bool:
        return self.phase == rules.OVER

    def result(self) -> Result:
        # W-12: a game that reached the turn cap before a fifth fleece ended at the cap
        end = Termination.NATURAL if self.finisher >= 0 else Termination.SAFETY_CAP
        return Result.by_score(self.scores[:], "Most points wins; ties share the win.", end)

    # --- copying and JSON --------------------------------------------------------------

    def clone(self) -> WypasState:
        new = object.__new__(WypasState)
        new.__dict__.update(self.__dict__)
        new.deal_queue = self.deal_queue[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.hidden_discard = [h[:] for h in self.hidden_discard]
        new.hands = [h[:] for h in self.hands]
        new.drawn = self.drawn[:]
        new.lots = [lot[:] for lot in self.lots]
        new.laid = [cards[:] for cards in self.laid]
        new.committed = self.committed[:]
        new.passed = self.passed[:]
        new.checked = self.checked[:]
        new.tied = self.tied[:]
        new.pens = [[copy_pen(p) for p in pens] for pens in self.pens]
        new.fleeces = self.fleeces[:]
        new.fleece_points = [f[:] for f in self.fleece_points]
        new.scores = self.scores[:]
        new.bonus = self.bonus[:]
        new.sheared = self.sheared[:]
        new.final = self.final[:]
        new.queue = self.queue[:]
        new.waiting = self.waiting[:]
        new.effective = self.effective[:]
        new.pending = self.pending[:] if self.pending is not None else None
        new.known = {k: v[:] for k, v in self.known.items()}
        new._cache = {}
        new._public_view = None
        return new

    _COUNTS = ("deck", "discard", "drawn", "sheared")
    _LISTS = (
        "deal_queue",
        "committed",
        "passed",
        "checked",
        "tied",
        "fleeces",
        "scores",
        "bonus",
        "final",
        "waiting",
        "effective",
    )
    _SCALARS = (
        "bluff",
        "bleat_rule",
        "max_turns",
        "first_baca",
        "phase",
        "after",
        "turn",
        "baca",
        "opener",
        "lot",
        "bidder",
        "high",
        "high_bidder",
        "current",
        "gos",
        "finisher",
        "resolving",
        "last_lot",
    )

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {
            "game": "wypas",
            "edition": self.edition.name,
            "players": self.num_players,
        }
        for name in self._SCALARS:
            data[name] = getattr(self, name)
        for name in self._LISTS:
            data[name] = getattr(self, name)[:]
        for name in self._COUNTS:
            data[name] = _encode(getattr(self, name))
        data["hidden_discard"] = [_encode(h) for h in self.hidden_discard]
        data["hands"] = [_encode(h) for h in self.hands]
        data["lots"] = [lot[:] for lot in self.lots]
        data["laid"] = [[list(c) for c in cards] for cards in self.laid]
        data["pens"] = [[[[list(c) for c in p[0]], *p[1:]] for p in pens] for pens in self.pens]
        data["fleece_points"] = [f[:] for f in self.fleece_points]
        data["queue"] = [list(q) for q in self.queue]
        data["pending"] = self.pending[:] if self.pending is not None else None
        data["known"] = [[k, _encode(v)] for k, v in sorted(self.known.items())]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WypasState:
        state = object.__new__(cls)
        state.edition = default_edition()
        state.num_players = data["players"]
        for name in cls._SCALARS:
            setattr(state, name, data[name])
        for name in cls._LISTS:
            setattr(state, name, list(data[name]))
        for name in cls._COUNTS:
            setattr(state, name, _decode(data[name]))
        state.hidden_discard = [_decode(h) for h in data["hidden_discard"]]
        state.hands = [_decode(h) for h in data["hands"]]
        state.lots = [list(lot) for lot in data["lots"]]
        state.laid = [[(c[0], c[1], c[2]) for c in cards] for cards in data["laid"]]
        state.pens = [
            [[[(c[0], c[1], c[2]) for c in p[0]], *p[1:]] for p in pens] for pens in data["pens"]
        ]
        state.fleece_points = [list(f) for f in data["fleece_points"]]
        state.queue = [(q[0], q[1], q[2], q[3], q[4]) for q in data["queue"]]
        state.pending = list(data["pending"]) if data["pending"] is not None else None
        state.known = {k: _decode(v) for k, v in data["known"]}
        state._cache = {}
        state._public_view = None
        return state


DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
DIGIT_VALUE = {d: i for i, d in enumerate(DIGITS)}


_TO_DIGIT = bytes(ord(d) for d in DIGITS).ljust(256, b"?")


def _encode(counts: list[int]) -> str:
    """A pile as one character per card kind (its count in base 36): compact JSON."""
    return bytes(counts).translate(_TO_DIGIT).decode("ascii")


def _decode(text: str) -> list[int]:
    return [DIGIT_VALUE[d] for d in text]
