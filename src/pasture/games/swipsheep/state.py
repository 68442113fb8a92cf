"""The Swip'Sheep state: counts of card kinds in hands, deck and scored piles, and its JSON form.

The engine's logic lives in `rules.py` (legal actions and their effects) and `view.py`
(what a seat may see, and re-drawing what it may not); the core `ModularState`
wires them into the `State` contract.
"""

from __future__ import annotations

import random
from itertools import repeat
from operator import mul
from typing import TYPE_CHECKING, Any, ClassVar, Final

from pasture.core.game import (
    CHANCE,
    COMPILED,
    JSON,
    Action,
    ActionInput,
    Event,
    Result,
    SeatInput,
    State,
)
from pasture.core.modular import GameRules, GameViews, ModularState
from pasture.games.swipsheep import redraw, rules, view
from pasture.games.swipsheep.edition import Edition, default_edition
from pasture.games.swipsheep.rules import DEAL, OVER, Pass

if TYPE_CHECKING:
    from pasture.games.swipsheep.game import SwipSheep
    from pasture.games.swipsheep.redraw import AttackLog, DrawPlan, Round
    from pasture.games.swipsheep.rules import Tables

ROUNDS: Final = {3: 4, 4: 3, 5: 2}
"""Rounds played, by player count."""


class SwipSheepState(ModularState, direct_rules=True):
    game: ClassVar[SwipSheep]
    rules: ClassVar[GameRules[SwipSheepState]] = rules
    views: ClassVar[GameViews[SwipSheepState]] = view
    edition: Edition
    tables: Tables
    """The edition's prebuilt actions, outcomes and legal lists (shared, not in JSON)."""
    phase: str
    """rules.DEAL, PASS, ATTACK or OVER."""
    round_deck: tuple[int, ...]
    """The deck when this round began (kept with the round, not in JSON)."""
    dealing: tuple[int, ...]
    """Who receives each card of this round's deal, in order (not in JSON)."""
    waiting: tuple[int, ...]
    """In the pass phase, the seats still to choose (`rules.waiting`; not in JSON)."""
    scored: list[list[int]]
    """Sheep scored, per seat and kind: replaced as a round is scored, never changed in
    place, so copies share it."""
    # Each round starts these afresh (`rules.start_round`):
    hands: list[list[int]]
    laid: list[int]
    """Wolves laid face up and not yet used, per seat."""
    aside: list[int]
    """Wolves and Dogs used this round."""
    deal_queue: list[int]
    """Seats still to receive a card, in dealing order."""
    passes: list[Pass | None]
    attacker: int | None
    pending_draw: tuple[int, int] | None
    """(drawer, victim) while chance picks the card drawn."""
    history: list[tuple[int, Action]]
    """This round's steps (chance included): the source of every seat's private log."""
    log_start: int
    """Where this round's events begin in `events`."""
    redraws: dict[int | None, Round]
    """Once the passes have moved, what re-draws for each seat share (`redraw.Round`):
    made afresh then, shared with copies (same deal and passes), not in JSON."""
    attacks_read: tuple[Round, int, AttackLog, DrawPlan | None] | None
    """The attacks of this round as the last re-draw read them for a seat's `Round`, at
    that length of the history (steps are only appended, so while the length and the
    `Round` match, so do the attacks); copies share it, not in JSON."""

    def __init__(self, num_players: int, first_player: int, edition: Edition | None = None):
        self.edition = edition or default_edition()
        self.tables = rules.tables(self.edition)
        self.num_players = num_players
        self.rounds = ROUNDS[num_players]
        self.round = 0
        self.first = first_player
        self.deck: list[int] = list(self.edition.counts)
        self.scored = list(map(list, repeat(self.tables.no_cards, num_players)))
        self.events: list[Event] = []
        """Every event so far, each shown to a seat as `Event.for_seat` allows."""
        self.last_round: dict[str, JSON] | None = None
        self.redraws = {}  # read only once the passes have moved, which replaces it
        self.attacks_read = None
        rules.start_round(self)

    # --- the core contract -------------------------------------------------------------
    def apply(self, seat: SeatInput, action: ActionInput) -> list[Event]:
        # The tables' own action objects (what legal_actions and chance_outcomes hand
        # out) are known by identity, so the common steps are vouched for cheaply;
        # anything else gets the full check and its error message.
        t = self.tables
        key = id(action)
        k = t.deal_kind.get(key)
        if k is not None:  # the commonest step: over half of a game
            if seat == CHANCE and self.phase == DEAL and self.deck[k] > 0:
                self.history.append((seat, action))
                return rules.deal_kind(self, k)
        elif type(seat) is int:
            choice = t.pass_kinds.get(key)
            if choice is not None:
                if rules.may_pass(self, seat, *choice):
                    self.history.append((seat, action))
                    return rules.choose_pass(self, seat, choice)
            elif seat == CHANCE:
                k = t.draw_kind.get(key)
                pending = self.pending_draw
                if k is not None and pending is not None and self.hands[pending[1]][k] > 0:
                    self.history.append((seat, action))
                    return rules.draw_kind(self, k)
            else:
                target = t.attack_target.get(key)
                if target is not None and rules.may_attack(self, seat, target):
                    self.history.append((seat, action))
                    return rules.attack(self, seat, target)
        if not rules.fast_legal(self, seat, action):
            State.check_legal(self, seat, action)  # the full check and its error message
        self.history.append((seat, action))
        return rules.apply(self, seat, action)

    def is_chance(self) -> bool:
        return self.phase == DEAL or self.pending_draw is not None

    def determinize(self, seat: int | None, rng: random.Random) -> SwipSheepState:
        return redraw.determinize(self, seat, rng)  # straight there: one call, not three

    def _apply(self, seat: int, action: Action) -> list[Event]:
        self.history.append((seat, action))
        return rules.apply(self, seat, action)

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        scores = self.scores()
        return Result.by_score(scores, "Most sheep wins; ties share the win.")

    def scores(self) -> list[int]:
        sheep = self.edition.sheep
        return [sum(map(mul, pile, sheep)) for pile in self.scored]

    # --- copying and JSON --------------------------------------------------------------

    def clone(self) -> SwipSheepState:
        # The attributes at once. `dict(...)`, not `.copy()`: a copy of an instance's
        # dict keeps its split key table, from which CPython 3.11 reads attributes about
        # three times slower, on every step of the copy; a new dict is a combined one.
        if COMPILED:
            new = self._copy_attributes()
        else:
            new = object.__new__(SwipSheepState)
            new.__dict__ = dict(self.__dict__)
        new.deck = self.deck[:]
        new.hands = list(map(list.copy, self.hands))
        new.laid = self.laid[:]
        new.aside = self.aside[:]
        new.deal_queue = self.deal_queue[:]
        new.passes = self.passes[:]
        new.history = self.history[:]
        new.events = self.events[:]
        return new

    def clone_with_round(self, hands: list[list[int]]) -> SwipSheepState:
        """A copy that will get new `hands`, `deck`, `history` and `events` (a re-draw)."""
        if COMPILED:
            new = self._copy_attributes()
        else:
            new = object.__new__(SwipSheepState)
            new.__dict__ = dict(self.__dict__)  # combined, as in `clone`
        new.hands = hands
        new.laid = self.laid[:]
        new.aside = self.aside[:]
        new.deal_queue = self.deal_queue[:]
        new.passes = [None] * self.num_players
        new.redraws = {}  # its deal and passes will be others
        new.attacks_read = None
        return new

    def _copy_attributes(self) -> SwipSheepState:
        """A shallow copy for the compiled build (mypyc), whose states have no `__dict__`."""
        new = SwipSheepState.__new__(SwipSheepState)
        new.edition = self.edition
        new.tables = self.tables
        new.num_players = self.num_players
        new.rounds = self.rounds
        new.round = self.round
        new.first = self.first
        new.phase = self.phase
        new.round_deck = self.round_deck
        new.dealing = self.dealing
        new.waiting = self.waiting
        new.deck = self.deck
        new.hands = self.hands
        new.scored = self.scored
        new.laid = self.laid
        new.aside = self.aside
        new.deal_queue = self.deal_queue
        new.passes = self.passes
        new.attacker = self.attacker
        new.pending_draw = self.pending_draw
        new.history = self.history
        new.events = self.events
        new.log_start = self.log_start
        new.last_round = self.last_round
        new.redraws = self.redraws
        new.attacks_read = self.attacks_read
        return new

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": "swipsheep",
            "edition": self.edition.name,
            "players": self.num_players,
            "round": self.round,
            "first": self.first,
            "phase": self.phase,
            "deck": self.deck[:],
            "hands": [h[:] for h in self.hands],
            "scored": [s[:] for s in self.scored],
            "laid": self.laid[:],
            "aside": self.aside[:],
            "deal_queue": self.deal_queue[:],
            "passes": [list(p) if p is not None else None for p in self.passes],
            "attacker": self.attacker,
            "pending_draw": list(self.pending_draw) if self.pending_draw else None,
            "history": [[seat, action.to_json()] for seat, action in self.history],
            "events": [[e.type, e.public, e.private, list(e.to)] for e in self.events],
            "log_start": self.log_start,
            "last_round": self.last_round,
            # Another edition than the default travels with the state (S-1: editions are data).
            **({} if self.edition == default_edition() else {"cards": self.edition.to_json()}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], parse: Any) -> SwipSheepState:
        state = SwipSheepState.__new__(SwipSheepState) if COMPILED else object.__new__(cls)
        cards = data.get("cards")
        state.edition = default_edition() if cards is None else Edition.from_json(cards)
        state.tables = rules.tables(state.edition)
        state.num_players = data["players"]
        state.rounds = ROUNDS[state.num_players]
        state.round = data["round"]
        state.first = data["first"]
        state.phase = data["phase"]
        state.deck = list(data["deck"])
        state.hands = [list(h) for h in data["hands"]]
        state.scored = [list(s) for s in data["scored"]]
        state.laid = list(data["laid"])
        state.aside = list(data["aside"])
        state.deal_queue = list(data["deal_queue"])
        state.passes = [tuple(p) if p is not None else None for p in data["passes"]]
        state.attacker = data["attacker"]
        pending = data["pending_draw"]
        state.pending_draw = (pending[0], pending[1]) if pending else None
        state.history = [(seat, parse(action)) for seat, action in data["history"]]
        state.events = [Event(t, pub, priv, tuple(to)) for t, pub, priv, to in data["events"]]
        state.log_start = data["log_start"]
        state.redraws = {}
        state.attacks_read = None
        state.last_round = data["last_round"]
        state.round_deck = tuple(rules.round_deck(state))
        state.dealing = rules.dealing_order(state)
        state.waiting = rules.waiting(state) if state.phase == rules.PASS else ()
        return state
