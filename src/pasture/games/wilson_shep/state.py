"""The Wilson & Shep state: the field, Shep, the hidden Wilson tile, tokens, and its JSON form.

The logic lives in `rules.py` (legal actions and their effects) and `view.py` (what a
seat may see, and re-drawing what it may not); the core `ModularState` wires them
into the `State` contract. Face-down tiles carry no identity (WS-2): the grid holds a
picture id for a face-up tile and FACE_DOWN otherwise; the picture is drawn by chance when the
tile is turned up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pasture.core.game import COMPILED, JSON, ActionInput, Event, Result, SeatInput, State
from pasture.core.modular import GameRules, GameViews, ModularState
from pasture.games.wilson_shep import rules, view
from pasture.games.wilson_shep.rules import OVER, REVEAL

if TYPE_CHECKING:
    from pasture.games.wilson_shep.game import WilsonShep


class WilsonShepState(ModularState, direct_rules=True):
    game: ClassVar[WilsonShep]
    rules: ClassVar[GameRules[WilsonShepState]] = rules
    views: ClassVar[GameViews[WilsonShepState]] = view
    phase: str
    """rules.HIDE, PLACE, SWAP, MOVE, REVEAL (chance) or OVER."""
    wilson: int
    go: int
    """The Shep team member whose go it is (WS-3)."""
    grid: list[int]
    shown: int
    """The pictures face up on the grid, as a bit set (kept with the grid, not in JSON)."""
    hidden_at: int | None
    """Where Wilson hid this round (private to Wilson)."""
    wilson_at: int | None
    """Where the Wilson tile is now (private to Wilson)."""
    shep: int | None
    pending: int | None
    """The face-down sheep tile being turned up while chance draws its picture."""
    flips: int
    moves: int
    history: list[tuple[int, int, int]]
    """This round's public steps (rules.PLACED / SWAPPED / MOVED entries)."""

    def __init__(self, num_players: int, first_wilson: int, max_moves: int, memory: str):
        self.num_players = num_players
        self.first_wilson = first_wilson
        self.max_moves = max_moves
        self.memory = memory
        self.rounds = rules.rounds_for(num_players)
        self.round = 0
        self.tokens = [0] * num_players
        self.last_round: dict[str, JSON] | None = None
        rules.start_round(self)

    # --- the core contract -------------------------------------------------------------
    def apply(self, seat: SeatInput, action: ActionInput) -> list[Event]:
        if not rules.fast_legal(self, seat, action):
            State.check_legal(self, seat, action)  # the full check and its error message
        return rules.apply(self, seat, action)

    def is_chance(self) -> bool:
        return self.phase == REVEAL

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return Result.by_score(self.tokens, "Most reward tokens wins; ties share the win.")

    # --- copying and JSON --------------------------------------------------------------

    def clone(self) -> WilsonShepState:
        if COMPILED:
            new = self._copy_attributes()
        else:
            new = object.__new__(WilsonShepState)
            # `dict(...)`, not `.copy()`: a copy of an instance's dict keeps its split key
            # table, from which CPython 3.11 reads attributes about three times slower.
            new.__dict__ = dict(self.__dict__)
        new.grid = self.grid[:]
        new.tokens = self.tokens[:]
        new.history = self.history[:]
        return new

    def _copy_attributes(self) -> WilsonShepState:
        """A shallow copy for the compiled build (mypyc), whose states have no `__dict__`."""
        new = WilsonShepState.__new__(WilsonShepState)
        new.num_players = self.num_players
        new.first_wilson = self.first_wilson
        new.max_moves = self.max_moves
        new.memory = self.memory
        new.rounds = self.rounds
        new.round = self.round
        new.tokens = self.tokens
        new.last_round = self.last_round
        new.phase = self.phase
        new.wilson = self.wilson
        new.go = self.go
        new.grid = self.grid
        new.shown = self.shown
        new.hidden_at = self.hidden_at
        new.wilson_at = self.wilson_at
        new.shep = self.shep
        new.pending = self.pending
        new.flips = self.flips
        new.moves = self.moves
        new.history = self.history
        return new

    def to_json(self) -> dict[str, JSON]:
        return {
            "game": "wilson_shep",
            "players": self.num_players,
            "first_wilson": self.first_wilson,
            "max_moves": self.max_moves,
            "memory": self.memory,
            "round": self.round,
            "wilson": self.wilson,
            "phase": self.phase,
            "go": self.go,
            "grid": self.grid[:],
            "hidden_at": self.hidden_at,
            "wilson_at": self.wilson_at,
            "shep": self.shep,
            "pending": self.pending,
            "flips": self.flips,
            "moves": self.moves,
            "history": [list(step) for step in self.history],
            "tokens": self.tokens[:],
            "last_round": self.last_round,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WilsonShepState:
        state = WilsonShepState.__new__(WilsonShepState) if COMPILED else object.__new__(cls)
        state.num_players = data["players"]
        state.first_wilson = data["first_wilson"]
        state.max_moves = data["max_moves"]
        state.memory = data["memory"]
        state.rounds = rules.rounds_for(state.num_players)
        state.round = data["round"]
        state.wilson = data["wilson"]
        state.phase = data["phase"]
        state.go = data["go"]
        state.grid = list(data["grid"])
        state.shown = rules.shown_pictures(state.grid)
        state.hidden_at = data["hidden_at"]
        state.wilson_at = data["wilson_at"]
        state.shep = data["shep"]
        state.pending = data["pending"]
        state.flips = data["flips"]
        state.moves = data["moves"]
        state.history = [(code, x, y) for code, x, y in data["history"]]
        state.tokens = list(data["tokens"])
        state.last_round = data["last_round"]
        return state
