"""The Baaaaa! state: sheep counts on the mountain's 12 spaces, the pieces, the cards.

The wolf deck is kept as the counts of each kind still in it, never as an order: the
next card is a chance decision over those counts, so nothing in the state is hidden
except, in the wolf-player variant, the cards the wolf player has drawn and not yet
played or discarded. `rules.py` holds the logic, `view.py` what a seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pasture.core.game import (
    COMPILED,
    JSON,
    ActionInput,
    Event,
    Result,
    SeatInput,
    State,
    Termination,
)
from pasture.core.modular import GameRules, GameViews, ModularState
from pasture.games.baaaaa import rules, view
from pasture.games.baaaaa.board import HUT, SHEEP_START, SPACES, WOLF_START
from pasture.games.baaaaa.edition import Edition, default_edition
from pasture.games.baaaaa.rules import DRAW, OVER

if TYPE_CHECKING:
    from pasture.games.baaaaa.game import Baaaaa
    from pasture.games.baaaaa.rules import Tables


class BaaaaaState(ModularState, direct_rules=True):
    game: ClassVar[Baaaaa]
    rules: ClassVar[GameRules[BaaaaaState]] = rules
    views: ClassVar[GameViews[BaaaaaState]] = view
    edition: Edition
    tables: Tables
    """The edition's precomputed actions and moves."""
    phase: str
    """rules.SHEEP, DRAW, CHOOSE, TIE or OVER."""
    last_sheep: dict[str, Any] | None
    last_wolf: dict[str, Any] | None

    def __init__(
        self,
        num_players: int,
        first_player: int = 0,
        wolf_seat: int | None = None,
        max_turns: int = 200,
        edition: Edition | None = None,
    ) -> None:
        e = self.edition = edition or default_edition()
        self.tables = rules.tables(e)
        self.num_players = num_players
        self.wolf_seat = wolf_seat
        """The wolf player's seat in the variant; None in the cooperative game."""
        self.max_turns = max_turns
        self.first = first_player
        self.sheep = [0] * SPACES
        self.sheep[SHEEP_START] = e.sheep  # B-2: the setup
        self.wolf = WOLF_START
        self.shepherd = HUT
        self.saved = 0
        self.taken = 0
        self.avail = list(e.sheep_counts)
        """Sheep cards available, by kind (the others are set aside)."""
        self.deck = list(e.wolf_counts)
        """Wolf cards still in the deck, by kind (their order is not decided yet)."""
        self.aside = [0] * len(e.wolf_counts)
        """Wolf cards set aside since the last reshuffle (public)."""
        self.held: list[int] = []
        """Variant: the wolf player's drawn cards (kinds), private to the wolf."""
        self.held_known = 0
        """How many of the first held cards everybody can tell (P-4)."""
        self.in_play = -1
        """The wolf card being carried out while a tie is chosen (-1: none)."""
        self.tie: list[int] = []
        """B-7: the spaces to choose from, in phase TIE."""
        self.sated = False
        self.turn = 0
        """Turns completed (a turn: a sheep card, then a wolf card)."""
        self.reshuffles = 0
        self.current = first_player
        if self.current == wolf_seat:  # P-2: the first turn is a team member's
            self.current = rules.next_team_member(self, first_player)
        self.last_sheep = None
        self.last_wolf = None
        self.phase = rules.SHEEP

    # --- the core contract -------------------------------------------------------------
    def apply(self, seat: SeatInput, action: ActionInput) -> list[Event]:
        # The tables' own action objects (what legal_actions hands out) carry a plan that
        # vouches for them cheaply; anything else gets the full check and its message.
        plan = self.tables.plans.get(id(action))
        if plan is None or not plan.vouch(self, seat):
            State.check_legal(self, seat, action)
            plan = rules.plan_of(self.tables, action)
            assert plan is not None, "every legal action has a plan"
        return plan.carry_out(self, seat)

    def is_chance(self) -> bool:
        return self.phase == DRAW

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        """Cooperative: every team seat scores saved minus taken (the wolf player the
        opposite). Winners: the team when more sheep are saved than taken; the wolf player
        (variant) when more are taken; nobody on a draw or when the flock loses to the
        wolf deck, which has no seat."""
        margin = self.saved - self.taken
        wolf = self.wolf_seat
        scores = tuple(-margin if p == wolf else margin for p in range(self.num_players))
        team = tuple(p for p in range(self.num_players) if p != wolf)
        tally = f"{self.saved} saved, {self.taken} taken"
        # B-9: a game stopped by the turn cap with sheep still on the mountain
        placed = self.saved + self.taken == self.edition.sheep
        end = Termination.NATURAL if placed else Termination.SAFETY_CAP
        if margin > 0:
            return Result(scores, team, f"The flock is saved: {tally}.", end)
        if margin < 0:
            if wolf is None:
                return Result(scores, (), f"The flock is lost: {tally}.", end)
            return Result(scores, (wolf,), f"The wolf player wins: {tally}.", end)
        return Result(scores, (), f"A draw, nobody wins: {tally}.", end)

    # --- copying and JSON --------------------------------------------------------------

    def clone(self) -> BaaaaaState:
        # The attributes at once. `dict(...)`, not `.copy()`: a copy of an instance's
        # dict keeps its split key table, from which CPython 3.11 reads attributes about
        # three times slower, on every step of the copy; a new dict is a combined one.
        if COMPILED:
            new = self._copy_attributes()
        else:
            new = object.__new__(BaaaaaState)
            new.__dict__ = dict(self.__dict__)
        new.sheep = self.sheep[:]
        new.avail = self.avail[:]
        new.deck = self.deck[:]
        new.aside = self.aside[:]
        new.held = self.held[:]
        new.tie = self.tie[:]
        return new

    def _copy_attributes(self) -> BaaaaaState:
        """A shallow copy for the compiled build (mypyc), whose states have no `__dict__`."""
        new = BaaaaaState.__new__(BaaaaaState)
        new.edition = self.edition
        new.tables = self.tables
        new.num_players = self.num_players
        new.wolf_seat = self.wolf_seat
        new.max_turns = self.max_turns
        new.first = self.first
        new.phase = self.phase
        new.current = self.current
        new.turn = self.turn
        new.sheep = self.sheep
        new.wolf = self.wolf
        new.shepherd = self.shepherd
        new.saved = self.saved
        new.taken = self.taken
        new.avail = self.avail
        new.deck = self.deck
        new.aside = self.aside
        new.held = self.held
        new.held_known = self.held_known
        new.in_play = self.in_play
        new.tie = self.tie
        new.sated = self.sated
        new.reshuffles = self.reshuffles
        new.last_sheep = self.last_sheep
        new.last_wolf = self.last_wolf
        return new

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": "baaaaa",
            "edition": self.edition.name,
            "players": self.num_players,
            "wolf_seat": self.wolf_seat,
            "max_turns": self.max_turns,
            "first": self.first,
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            "sheep": self.sheep[:],
            "wolf": self.wolf,
            "shepherd": self.shepherd,
            "saved": self.saved,
            "taken": self.taken,
            "avail": self.avail[:],
            "deck": self.deck[:],
            "aside": self.aside[:],
            "held": self.held[:],
            "held_known": self.held_known,
            "in_play": self.in_play,
            "tie": self.tie[:],
            "sated": self.sated,
            "reshuffles": self.reshuffles,
            "last_sheep": self.last_sheep,
            "last_wolf": self.last_wolf,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BaaaaaState:
        edition = default_edition()
        if data["edition"] != edition.name:
            raise ValueError(f"Unknown Baaaaa! edition {data['edition']!r}.")
        s = BaaaaaState.__new__(BaaaaaState) if COMPILED else object.__new__(cls)
        s.edition = edition
        s.tables = rules.tables(edition)
        s.num_players = data["players"]
        s.wolf_seat = data["wolf_seat"]
        s.max_turns = data["max_turns"]
        s.first = data["first"]
        s.phase = data["phase"]
        s.current = data["current"]
        s.turn = data["turn"]
        s.sheep = list(data["sheep"])
        s.wolf = data["wolf"]
        s.shepherd = data["shepherd"]
        s.saved = data["saved"]
        s.taken = data["taken"]
        s.avail = list(data["avail"])
        s.deck = list(data["deck"])
        s.aside = list(data["aside"])
        s.held = list(data["held"])
        s.held_known = data["held_known"]
        s.in_play = data["in_play"]
        s.tie = list(data["tie"])
        s.sated = data["sated"]
        s.reshuffles = data["reshuffles"]
        s.last_sheep = data["last_sheep"]
        s.last_wolf = data["last_wolf"]
        return s
