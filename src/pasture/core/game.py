"""The contract every game implements: Game, State, Action, chance outcomes, events, results.

A game's engine is pure: it never draws random numbers. Randomness is a decision of
*chance* (seat `CHANCE`): the state lists the outcomes with their probabilities and
whoever drives the game (a `Match`, a test, a solver) picks one and applies it.
"""

from __future__ import annotations

import random
import types
import typing
from abc import ABC, ABCMeta, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, TypeAlias

from mypy_extensions import mypyc_attr

from pasture.core.encode import Section
from pasture.core.errors import IllegalAction, InvalidOptions

if TYPE_CHECKING:
    from pasture.core.index import ActionSet

JSON: TypeAlias = Any
SeatInput: TypeAlias = "int | Any"
"""A seat as `apply` and `check_legal` receive it: whatever the caller passed, rejected with
`IllegalAction('unknown_seat')` when it is no seat. (Compiled by mypyc, an `int` parameter
would check it first and raise TypeError.)"""
ActionInput: TypeAlias = "Action | Any"
"""An action as `apply` and `check_legal` receive it: whatever the caller passed, rejected
with `IllegalAction('malformed_action')` when it is no action (as `SeatInput`)."""
CHANCE: Final = -1
"""The seat that makes chance decisions (deals, shuffles, random draws)."""
COMPILED: Final = not __file__.endswith(".py")
"""True in the compiled build (mypyc), where classes have no `__dict__` and native loops beat
the interpreter's C idioms. A build compiles every engine module or none, so this module's
answer is theirs (`pasture.compiled()`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Action:
    """Base of every game's actions.

    Subclasses are frozen, slotted dataclasses with a class-level `kind`. Field values
    are JSON scalars (int, str, bool, None) or tuples of them, so actions hash, compare
    and round-trip through JSON exactly.
    """

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, JSON]:
        data: dict[str, JSON] = {"kind": self.kind}
        for name in _field_names(type(self)):
            value = getattr(self, name)
            data[name] = list(value) if isinstance(value, tuple) else value
        return data

    def __str__(self) -> str:
        args = ", ".join(f"{n}={getattr(self, n)!r}" for n in _field_names(type(self)))
        return f"{self.kind}({args})"


_FIELD_NAMES: Final[dict[type, tuple[str, ...]]] = {}
_FIELD_TYPES: Final[dict[type, dict[str, tuple[type, ...]]]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


def _allowed_types(annotation: Any) -> tuple[type, ...]:
    """The JSON-level Python types a field annotation admits (bool is never an int)."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        out: tuple[type, ...] = ()
        for arg in typing.get_args(annotation):
            out += _allowed_types(arg)
        return out
    if annotation is type(None) or annotation is None:
        return (type(None),)
    if origin is tuple:
        return (tuple,)
    return (annotation,)


def _field_types(cls: type) -> dict[str, tuple[type, ...]]:
    cached = _FIELD_TYPES.get(cls)
    if cached is None:
        hints = typing.get_type_hints(cls)
        cached = _FIELD_TYPES[cls] = {
            name: _allowed_types(hints[name]) for name in _field_names(cls)
        }
    return cached


def _json_value(value: JSON) -> JSON:
    if isinstance(value, list):
        return tuple(_json_value(v) for v in value)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise IllegalAction(
        f"Action fields hold numbers, strings, booleans or lists of them, not {value!r}.",
        "malformed_action",
    )


def _type_ok(value: JSON, allowed: tuple[type, ...]) -> bool:
    if isinstance(value, bool):
        return bool in allowed
    return isinstance(value, allowed)


class _FieldSpec(typing.NamedTuple):
    """One field of an action class, as parsing checks it."""

    name: str
    required: bool
    allowed: tuple[type, ...]


_PARSE_SPECS: Final[dict[type, tuple[frozenset[str], tuple[_FieldSpec, ...]]]] = {}


def _parse_spec(cls: type) -> tuple[frozenset[str], tuple[_FieldSpec, ...]]:
    """The keys an action class's JSON form may have, and its fields to check (every
    action a client sends is parsed: the dataclass fields are read once per class)."""
    spec = _PARSE_SPECS.get(cls)
    if spec is None:
        types_ = _field_types(cls)
        specs = tuple(
            # a field with neither a default nor a factory has both MISSING: required
            _FieldSpec(f.name, f.default is f.default_factory, types_[f.name])
            for f in fields(cls)
        )
        spec = _PARSE_SPECS[cls] = (frozenset(_field_names(cls)) | {"kind"}, specs)
    return spec


def parse_action(data: JSON, action_types: Mapping[str, type[Action]]) -> Action:
    """Build an action from its JSON form, or raise `IllegalAction('malformed_action')`."""
    if not isinstance(data, dict):
        raise IllegalAction("An action must be a JSON object with a 'kind'.", "malformed_action")
    kind = data.get("kind")
    cls = action_types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(action_types))
        raise IllegalAction(
            f"Unknown action kind {kind!r}; this game knows: {known}.", "malformed_action"
        )
    keys, specs = _parse_spec(cls)
    if not keys.issuperset(data):
        extra = sorted(set(data) - keys)
        raise IllegalAction(
            f"Action '{kind}' has no field(s) {', '.join(extra)}.", "malformed_action"
        )
    values: dict[str, JSON] = {}
    for name, required, allowed in specs:
        if name not in data:
            if not required:
                continue
            raise IllegalAction(f"Action '{kind}' needs the field '{name}'.", "malformed_action")
        value = data[name]
        if isinstance(value, list) or not (value is None or isinstance(value, (int, str))):
            value = _json_value(value)  # a list becomes a tuple; anything else is refused
        if not _type_ok(value, allowed):
            raise IllegalAction(
                f"Field '{name}' of action '{kind}' has the wrong type: {value!r}.",
                "malformed_action",
            )
        values[name] = value
    try:
        return cls(**values)
    except TypeError as exc:
        raise IllegalAction(f"Action '{kind}' is malformed: {exc}.", "malformed_action") from exc


class Record:
    """A value made of its fields (`_fields`): equal to a record of its own class with
    equal fields, and hashed, copied and pickled by them.

    ChanceOutcome, Event and Wypas's small records (pens, lots, laid and queued cards) are
    written out rather than made by `@dataclass`: mypyc keeps a dataclass's generated
    `__init__` interpreted (a frozen one sets each field through `object.__setattr__`:
    building an event cost a compiled engine about 1.4 µs), and a class made by another
    decorator stays an interpreted class, whose every field read is a generic look-up.
    Written out, mypyc makes them native classes whose `Final` attributes Python code
    cannot set (mypy refuses it in typed code). A subclass names its fields in `_names`,
    its `__slots__`, as `_fields` orders them."""

    __slots__ = ()
    _names: ClassVar[tuple[str, ...]] = ()
    """The fields' names, in the order of `_fields` (for `repr`)."""

    def _fields(self) -> tuple[Any, ...]:
        raise NotImplementedError

    def __repr__(self) -> str:
        fields = zip(self._names, self._fields())  # noqa: B905 (compiled)
        return f"{type(self).__name__}({', '.join(f'{name}={value!r}' for name, value in fields)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())  # a TypeError while a field is a dict

    def __reduce__(self) -> tuple[type[Record], tuple[Any, ...]]:
        return (type(self), self._fields())  # compiled, pickle's default would skip `__init__`


class ChanceOutcome(Record):
    """One outcome of a chance decision and its probability."""

    _names = ("action", "probability")
    __slots__ = _names

    def __init__(self, action: Action, probability: float) -> None:
        self.action: Final = action
        self.probability: Final = probability

    def _fields(self) -> tuple[Action, float]:
        return (self.action, self.probability)


def sample(outcomes: Sequence[ChanceOutcome], rng: random.Random) -> Action:
    """Pick one chance outcome by its probability, using one draw from `rng`. (Here, not in
    `match`, so that the compiled build compiles it: every simulated deal reads its outcomes.)"""
    x = rng.random()
    total = 0.0
    for outcome in outcomes:
        total += outcome.probability
        if x < total:
            return outcome.action
    return outcomes[-1].action  # rounding: the probabilities sum to 1 within an ulp


class Event(Record):
    """Something that happened, for narration and animation.

    `public` is what everybody sees (None: nobody but `to`); `private` adds details
    that only the seats in `to` see (a card passed, a card drawn).
    """

    _names = ("type", "public", "private", "to")
    __slots__ = _names

    def __init__(
        self,
        type: str,
        public: dict[str, JSON] | None,
        private: dict[str, JSON] | None = None,
        to: tuple[int, ...] = (),
    ) -> None:
        self.type: Final = type
        self.public: Final = public
        self.private: Final = private
        self.to: Final = to

    def _fields(
        self,
    ) -> tuple[str, dict[str, JSON] | None, dict[str, JSON] | None, tuple[int, ...]]:
        return (self.type, self.public, self.private, self.to)

    def for_seat(self, seat: int | None) -> dict[str, JSON] | None:
        """This event as `seat` (None: a spectator) may see it, or None if it may not."""
        if seat is not None and seat in self.to:
            return {"type": self.type, **(self.public or {}), **(self.private or {})}
        if self.public is None:
            return None
        return {"type": self.type, **self.public}


class Termination(Enum):
    """How a game ended."""

    NATURAL = "natural"
    """By its rules (a fifth fleece, the last round, the flock all placed...)."""
    SAFETY_CAP = "safety_cap"
    """By a safety cap on its length (a turn limit, or the declared maximum number of
    decisions), with the scores as they stood."""


class Information(Enum):
    PERFECT = "perfect"
    IMPERFECT = "imperfect"


class Utility(Enum):
    """How the seats' returns relate (returns: 1 for each winner, 0 for the others)."""

    GENERAL_SUM = "general_sum"
    IDENTICAL = "identical"
    """Every seat gets the same return: a cooperative game."""


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a game: a score per seat, the seats that share the win (none when a
    cooperative game is lost or drawn), and how the game ended."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    summary: str = ""
    termination: Termination = Termination.NATURAL

    def to_json(self) -> dict[str, JSON]:
        return {"scores": list(self.scores), "winners": list(self.winners), "summary": self.summary}

    @property
    def capped(self) -> bool:
        return self.termination is Termination.SAFETY_CAP

    @staticmethod
    def by_score(
        scores: Sequence[float],
        summary: str = "",
        termination: Termination = Termination.NATURAL,
    ) -> Result:
        """Most points wins; every seat tied on the most shares the win."""
        best = max(scores)
        winners = tuple(i for i, s in enumerate(scores) if s == best)
        return Result(tuple(scores), winners, summary, termination)


@dataclass(frozen=True)
class Option:
    """A table option chosen when a game is created."""

    name: str
    default: JSON
    help: str
    choices: tuple[JSON, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    seat: bool = False
    """The value is a seat number (0 .. players-1)."""

    def validate(self, value: JSON, num_players: int) -> JSON:
        if self.choices is not None:
            if value not in self.choices or isinstance(value, bool) != isinstance(
                self.default, bool
            ):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOptions(f"Option '{self.name}' must be one of {allowed}.")
            return value
        expected = type(self.default)
        if isinstance(value, bool) != (expected is bool) or not isinstance(value, expected):
            raise InvalidOptions(
                f"Option '{self.name}' takes a {expected.__name__}, not {value!r}."
            )
        low = 0 if self.seat else self.minimum
        high = num_players - 1 if self.seat else self.maximum
        if low is not None and value < low or high is not None and value > high:
            raise InvalidOptions(f"Option '{self.name}' must be between {low} and {high}.")
        return value

    def to_json(self) -> dict[str, JSON]:
        data = {"name": self.name, "default": self.default, "help": self.help}
        for key in ("choices", "minimum", "maximum"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.seat:
            data["seat"] = True
        return data


@mypyc_attr(native_class=False)  # off the hot path; its class attributes stay Python's
class Game(ABC):
    """A game: its name, player range, options, and how to start and restore a state."""

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    _action_map: dict[str, type[Action]] | None = None

    # --- for machines (see core/index.py and core/machine.py) --------------------------
    simultaneous: ClassVar[bool] = False
    """Several seats in `actors()` choose at once, unseen by each other (Swip'Sheep's
    passes); otherwise several actors answer in the order `actors()` lists them."""
    out_of_turn: ClassVar[bool] = False
    """Seats outside `actors()` may act (Wypas's special cards); see `priority_seats`."""

    def information(self, num_players: int, options: Mapping[str, JSON]) -> Information:
        return Information.IMPERFECT

    def utility(self, num_players: int, options: Mapping[str, JSON]) -> Utility:
        return Utility.GENERAL_SUM

    def action_set(self, num_players: int, options: Mapping[str, JSON]) -> ActionSet:
        """Every player action and every chance outcome the game can ever offer at this
        table, in a fixed order (derived from the edition data, in `index.py`)."""
        raise NotImplementedError(f"{self.title} declares no action index.")

    def max_decisions(self, num_players: int, options: Mapping[str, JSON]) -> int:
        """An upper bound on the player decisions of one game in machine form (see
        `core.machine`); a game that reaches it ends with `Termination.SAFETY_CAP`."""
        raise NotImplementedError(f"{self.title} declares no maximum length.")

    def observation_shape(self, num_players: int, options: Mapping[str, JSON]) -> tuple[int, ...]:
        """The shape of `observe`'s output at this table (see the game's `observe.py`)."""
        raise NotImplementedError(f"{self.title} declares no observation.")

    def observe(self, state: State, seat: int) -> list[float]:
        """`seat`'s view as a flat list of numbers of `observation_shape` (layout in the
        game's `observe.py`)."""
        raise NotImplementedError(f"{self.title} declares no observation.")

    def observation_sections(
        self, num_players: int, options: Mapping[str, JSON]
    ) -> tuple[Section[Any], ...]:
        """`observe` in sections, each with a key of what its slots read, so that a kept
        observation is rewritten only where it changed (`core.encode`); by default one
        section without a key, the whole of `observe` at every update."""
        return (Section(self._observe_into),)

    def _observe_into(self, state: State, seat: int, out: list[float]) -> None:
        out += self.observe(state, seat)

    def priority_seats(self, state: State) -> tuple[int, ...]:
        """With `out_of_turn`: the seats offered a chance to act out of turn before the
        first actor decides, in order, chosen on public grounds only."""
        return ()

    def resolve_options(
        self, num_players: int, options: Mapping[str, JSON] | None = None
    ) -> dict[str, JSON]:
        """Check a player count and options; return every option with defaults filled in."""
        if not isinstance(num_players, int) or not (
            self.min_players <= num_players <= self.max_players
        ):
            raise InvalidOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players,"
                f" not {num_players}.",
                "invalid_players",
                {"min": self.min_players, "max": self.max_players, "players": num_players},
            )
        if not options:  # the common case, on every new state: the defaults
            return {o.name: o.default for o in self.options}
        given = dict(options)
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise InvalidOptions(
                f"{self.title} has no option(s) {', '.join(unknown)} (it has: {names})."
            )
        return {
            name: opt.validate(given[name], num_players) if name in given else opt.default
            for name, opt in known.items()
        }

    @abstractmethod
    def new_state(self, num_players: int, options: Mapping[str, JSON] | None = None) -> State:
        """The state before the first decision (often a chance decision: the deal)."""

    @abstractmethod
    def state_from_json(self, data: JSON) -> State:
        """Restore a state from `State.to_json()` exactly."""

    def parse_action(self, data: JSON) -> Action:
        """Build one of this game's actions from its JSON form."""
        if self._action_map is None:
            type(self)._action_map = {cls.kind: cls for cls in self.action_types}
        assert self._action_map is not None
        return parse_action(data, self._action_map)

    def describe(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_json() for o in self.options],
        }


def _state_from_json(name: str, data: JSON) -> State:
    from pasture.core.registry import get

    return get(name).state_from_json(data)


@mypyc_attr(allow_interpreted_subclasses=True)
class State(metaclass=ABCMeta):
    """One moment of a game. `apply` changes it in place; `clone` copies it cheaply.

    `copy.deepcopy` is `clone()` and `pickle` goes through the JSON form, so every copy
    serializes exactly as the original (no form depends on object identity)."""

    game: ClassVar[Game]
    num_players: int

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        """Compiled (mypyc) states are made by `Cls.__new__(Cls)` in `clone`, which then
        skips `__init__`, as `object.__new__(Cls)` does for interpreted ones."""
        return super().__new__(cls)

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        return self.clone()

    def __reduce__(self) -> tuple[Any, tuple[str, JSON]]:
        return (_state_from_json, (self.game.name, self.to_json()))

    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats the game waits for now (several for simultaneous choices)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """What `seat` may do now (empty if nothing). `CHANCE` lists chance outcomes."""

    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> Sequence[ChanceOutcome]:
        """The outcomes and their probabilities (the caller must not change them: a game
        may hand out its own cached, immutable sequence)."""
        return ()

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result: ...

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """Exactly what `seat` (None: a spectator) may know, JSON-ready."""

    @abstractmethod
    def to_json(self) -> dict[str, JSON]: ...

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A state that `seat` cannot tell from this one: everything it cannot see re-drawn
        at random, consistently with everything it can (its view stays the same)."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already known to be legal."""

    def timeout_action(self, seat: int) -> Action | None:
        """What is done for `seat` if it does not answer in time (e.g. a pass in a reaction
        window, the same for every seat); None: no automatic answer, a bot may stand in."""
        return None

    def check_invariants(self) -> None:  # noqa: B027 - optional hook
        """Raise AssertionError if the state is inconsistent (e.g. a card in two places)."""

    def apply(self, seat: SeatInput, action: ActionInput) -> list[Event]:
        """Carry out `action` for `seat`, or raise IllegalAction and change nothing."""
        self.check_legal(seat, action)
        return self._apply(seat, action)

    def check_legal(self, seat: SeatInput, action: ActionInput) -> None:
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action.", "malformed_action")
        if self.is_over():
            raise IllegalAction("The game is over.", "game_over")
        if seat == CHANCE:
            if not self.is_chance():
                raise IllegalAction("No chance decision is pending.", "illegal_action")
            if all(o.action != action for o in self.chance_outcomes()):
                raise IllegalAction(f"{action} is not a possible chance outcome.")
            return
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not (0 <= seat < self.num_players)
        ):
            raise IllegalAction(
                f"There is no seat {seat!r} (seat indexes are 0 to {self.num_players - 1}).",
                "unknown_seat",
            )
        if self.is_chance():
            raise IllegalAction("Chance must decide before anyone acts.", "chance_pending")
        legal = self.legal_actions(seat)
        if action in legal:
            return
        if not legal:
            raise IllegalAction(
                f"Seat {seat + 1} has nothing to do now.", "not_your_turn", {"seat": seat + 1}
            )
        raise IllegalAction(f"{action} is not allowed now.")
