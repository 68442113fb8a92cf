"""Wilson & Shep's rules: who acts, what is legal, and what each action does.

Rulings from `shared/rules/wilson_shep.md` (WS-1 to WS-5) are named where they are
implemented.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from pasture.core.game import CHANCE, Action, ActionInput, ChanceOutcome, Event, SeatInput
from pasture.games.wilson_shep.actions import Hide, Move, Place, Reveal, Swap
from pasture.games.wilson_shep.grid import CELLS, NEIGHBOURS, PAIRS_CLEAR_OF

if TYPE_CHECKING:
    from pasture.games.wilson_shep.state import WilsonShepState

HIDE: Final = "hide"
PLACE: Final = "place"
SWAP: Final = "swap"
MOVE: Final = "move"
REVEAL: Final = "reveal"
OVER: Final = "over"
FACE_DOWN: Final = -1
"""A grid cell holding a face-down tile (a sheep or Wilson: WS-2, they look alike)."""
FLIP_LIMIT: Final = 8
"""The 8th sheep turned up without finding Wilson ends the round for Wilson."""

# History entries of a round, as (code, x, y): what the Shep team saw happen.
PLACED: Final = 0
SWAPPED: Final = 1
MOVED: Final = 2
"""(PLACED, at, 0), (SWAPPED, a, b), (MOVED, to, 1 if a tile was turned up else 0)."""

# Every action object is made once: legal_actions hands out copies of these lists.
HIDES: Final[list[Action]] = [Hide(p) for p in range(CELLS)]
PLACES: Final[list[Action]] = [Place(p) for p in range(CELLS)]
MOVES: Final[tuple[list[Action], ...]] = tuple(
    [Move(q) for q in NEIGHBOURS[p]] for p in range(CELLS)
)
SWAPS: Final[tuple[list[Action], ...]] = tuple(
    [Swap(a, b) for a, b in pairs] for pairs in PAIRS_CLEAR_OF
)
"""The swaps Wilson may make while Shep stands on each position (never Shep's tile)."""
SWAP_PAIRS: Final[tuple[frozenset[tuple[int, int]], ...]] = tuple(map(frozenset, PAIRS_CLEAR_OF))
REVEALS: Final[list[Reveal]] = [Reveal(p) for p in range(CELLS)]
OUTCOMES: Final[tuple[tuple[ChanceOutcome, ...], ...]] = tuple(
    tuple(ChanceOutcome(REVEALS[p], 1 / unseen) for unseen in range(1, CELLS + 1))
    for p in range(CELLS)
)
"""OUTCOMES[picture][unseen - 1]: `picture` turned up, one of `unseen` equally likely."""


_OUTCOMES_FOR: Final[dict[int, tuple[ChanceOutcome, ...]]] = {}
"""The reveal outcomes by the bit set of pictures face up (`outcomes_for`)."""
OUTCOMES_LIMIT: Final = 1 << 15
"""A round turns up at most FLIP_LIMIT - 1 pictures before one is drawn: about 26,000
sets, all kept."""


def outcomes_for(shown: int) -> tuple[ChanceOutcome, ...]:
    """The reveal outcomes once the pictures in the bit set `shown` are face up, made once
    (a dict lookup costs less than an `lru_cache`'s call)."""
    found = _OUTCOMES_FOR.get(shown)
    if found is None:
        unseen = [p for p in range(CELLS) if not shown >> p & 1]
        found = tuple(OUTCOMES[p][len(unseen) - 1] for p in unseen)
        if len(_OUTCOMES_FOR) >= OUTCOMES_LIMIT:
            _OUTCOMES_FOR.clear()
        _OUTCOMES_FOR[shown] = found
    return found


# Events are immutable values, so the common ones are made once and shared.
@cache
def _swapped(a: int, b: int) -> Event:
    return Event("swapped", {"a": a, "b": b})


@cache
def _moved(seat: int, to: int, turned: bool) -> Event:
    return Event("moved", {"seat": seat, "to": to, "turns_up": turned})


@cache
def _turned_up(at: int, picture: int, flips: int) -> Event:
    return Event("turned_up", {"at": at, "picture": picture, "flips": flips})


def rounds_for(num_players: int) -> int:
    """With 2-3 players each is Wilson twice; with 4-5 players, once."""
    return 2 * num_players if num_players <= 3 else num_players


def wilson_of_round(s: WilsonShepState, round_index: int) -> int:
    """The first Wilson is the table's choice; then the player left of the last one."""
    return (s.first_wilson + round_index) % s.num_players


def next_on_team(s: WilsonShepState, seat: int) -> int:
    """WS-3: goes pass clockwise (to the left) around the Shep team, skipping Wilson."""
    nxt = (seat + 1) % s.num_players
    return (nxt + 1) % s.num_players if nxt == s.wilson else nxt


def start_round(s: WilsonShepState) -> None:
    s.wilson = wilson_of_round(s, s.round)
    s.phase = HIDE
    s.grid = [FACE_DOWN] * CELLS
    s.shown = 0
    s.hidden_at = s.wilson_at = s.shep = s.pending = None
    s.flips = s.moves = 0
    s.history = []
    s.go = next_on_team(s, s.wilson)  # WS-3: the first go is the player left of Wilson


def actors(s: WilsonShepState) -> tuple[int, ...]:
    phase = s.phase
    if phase in (HIDE, SWAP):
        return (s.wilson,)
    if phase in (PLACE, MOVE):
        return (s.go,)
    return ()


def legal_actions(s: WilsonShepState, seat: int) -> list[Action]:
    phase = s.phase
    if seat == s.wilson:
        if phase == SWAP:
            assert s.shep is not None
            return SWAPS[s.shep][:]
        if phase == HIDE:
            return HIDES[:]
    elif seat == s.go:
        if phase == MOVE:
            assert s.shep is not None
            return MOVES[s.shep][:]
        if phase == PLACE:
            return PLACES[:]
    if seat == CHANCE:
        return [o.action for o in chance_outcomes(s)]
    return []


def shown_pictures(grid: list[int]) -> int:
    """The pictures face up on `grid`, as a bit set (bit p: picture p)."""
    shown = 0
    for picture in grid:
        if picture != FACE_DOWN:
            shown |= 1 << picture
    return shown


def chance_outcomes(s: WilsonShepState) -> tuple[ChanceOutcome, ...]:
    """The pictures not face up, equally likely: a shared immutable tuple."""
    if s.phase != REVEAL:
        return ()
    found = _OUTCOMES_FOR.get(s.shown)
    return found if found is not None else outcomes_for(s.shown)


def fast_legal(s: WilsonShepState, seat: SeatInput, action: ActionInput) -> bool:
    """True when `action` is certainly legal; False sends it to the full check."""
    if type(seat) is not int:
        return False
    # By exact type, commonest first: another type (a subclass) gets the full check.
    phase = s.phase
    if type(action) is Move:
        return (
            phase == MOVE
            and seat == s.go
            and s.shep is not None
            and type(action.to) is int
            and action.to in NEIGHBOURS[s.shep]
        )
    if type(action) is Reveal:
        picture = action.picture
        return (
            phase == REVEAL
            and seat == CHANCE
            and type(picture) is int
            and 0 <= picture < CELLS
            and not s.shown >> picture & 1
        )
    if type(action) is Swap:
        shep = s.shep
        a, b = action.a, action.b
        return (
            phase == SWAP
            and seat == s.wilson
            and shep is not None
            and type(a) is int
            and type(b) is int
            and (a, b) in SWAP_PAIRS[shep]
        )
    return False


def apply(s: WilsonShepState, seat: int, action: Action) -> list[Event]:
    """Carry out a legal action; return the events it caused."""
    if isinstance(action, Move):  # the commonest first
        return _move(s, seat, action.to)
    if isinstance(action, Reveal):
        return _reveal(s, action.picture)
    if isinstance(action, Swap):
        return _swap(s, action.a, action.b)
    if isinstance(action, Hide):
        return _hide(s, action.at)
    if isinstance(action, Place):
        return _place(s, seat, action.at)
    raise TypeError(action)  # pragma: no cover - check_legal lets no other action through


def _hide(s: WilsonShepState, at: int) -> list[Event]:
    # The sheep tile at `at` leaves the round; which picture it had is never decided.
    s.hidden_at = s.wilson_at = at
    s.phase = PLACE
    public = {"wilson": s.wilson, "round": s.round + 1}
    return [Event("hidden", public, {"at": at}, (s.wilson,))]


def _place(s: WilsonShepState, seat: int, at: int) -> list[Event]:
    # Placing is not a move: the player left of Wilson places Shep and also makes the
    # first move (WS-3, as the rulebook's "Shep's first turn").
    s.shep = at
    s.history.append((PLACED, at, 0))
    s.phase = SWAP
    return [Event("placed", {"seat": seat, "at": at})]


def _swap(s: WilsonShepState, a: int, b: int) -> list[Event]:
    grid = s.grid
    grid[a], grid[b] = grid[b], grid[a]  # face up stays face up, face down stays face down
    if s.wilson_at == a:
        s.wilson_at = b
    elif s.wilson_at == b:
        s.wilson_at = a
    s.history.append((SWAPPED, a, b))
    s.phase = MOVE
    return [_swapped(a, b)]


def _move(s: WilsonShepState, seat: int, to: int) -> list[Event]:
    s.shep = to
    s.moves += 1
    s.go = next_on_team(s, seat)
    turned = s.grid[to] == FACE_DOWN
    s.history.append((MOVED, to, int(turned)))
    events = [_moved(seat, to, turned)]
    if not turned:  # an already face-up tile: nothing happens, no attempt used
        _after_move(s, events)
        return events
    if to == s.wilson_at:
        return events + _end_round(s, shep_won=True, reason="found")
    s.pending = to
    s.phase = REVEAL
    return events


def _reveal(s: WilsonShepState, picture: int) -> list[Event]:
    at = s.pending
    assert at is not None
    s.grid[at] = picture
    s.shown |= 1 << picture
    s.pending = None
    s.flips += 1
    events = [_turned_up(at, picture, s.flips)]
    if s.flips >= FLIP_LIMIT:
        return events + _end_round(s, shep_won=False, reason="eight_sheep")
    _after_move(s, events)
    return events


def _after_move(s: WilsonShepState, events: list[Event]) -> None:
    if s.moves >= s.max_moves:  # WS-4: the safety cap goes to Wilson
        events += _end_round(s, shep_won=False, reason="move_cap")
    else:
        s.phase = SWAP


def _end_round(s: WilsonShepState, shep_won: bool, reason: str) -> list[Event]:
    n = s.num_players
    winners = [p for p in range(n) if p != s.wilson] if shep_won else [s.wilson]
    for p in winners:  # WS-1: tokens never run out
        s.tokens[p] = s.tokens[p] + 1
    s.last_round = {
        "round": s.round + 1,
        "wilson": s.wilson,
        "winner": "shep" if shep_won else "wilson",
        "reason": reason,
        "wilson_at": s.wilson_at,  # shown once the round is over
        "rewarded": winners,
    }
    events = [Event("round_over", {**s.last_round, "tokens": s.tokens[:]})]
    s.round += 1
    if s.round == s.rounds:
        s.phase = OVER
        s.pending = None
        events.append(Event("game_over", s.result().to_json()))
    else:
        start_round(s)
    return events


def check_invariants(s: WilsonShepState) -> None:
    grid = s.grid
    assert len(grid) == CELLS
    up = [p for p in grid if p != FACE_DOWN]
    assert len(up) == len(set(up)) and all(0 <= p < CELLS for p in up), "a picture twice"
    assert s.shown == shown_pictures(grid), "the face-up set is out of date"
    assert len(up) == s.flips <= FLIP_LIMIT
    assert 0 <= s.round <= s.rounds and 0 <= s.moves <= s.max_moves
    assert all(t >= 0 for t in s.tokens) and len(s.tokens) == s.num_players
    if s.phase == OVER:
        return
    assert s.go != s.wilson and 0 <= s.go < s.num_players
    if s.phase == HIDE:
        assert s.wilson_at is None and s.shep is None and not s.history
        return
    assert s.wilson_at is not None and s.hidden_at is not None
    assert grid[s.wilson_at] == FACE_DOWN, "the Wilson tile is always face down"
    assert (s.phase == REVEAL) == (s.pending is not None)
    if s.pending is not None:
        assert s.pending == s.shep and s.pending != s.wilson_at and grid[s.pending] == FACE_DOWN
    elif s.phase != PLACE:
        assert s.shep is not None
