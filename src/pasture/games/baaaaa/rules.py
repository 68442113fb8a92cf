"""Baaaaa!'s rules: who acts, what is legal, and what each action does.

Rulings from `shared/rules/baaaaa.md` (B-1 to B-9) are named where they are
implemented; decisions of this project where the spec is silent are named P-1, P-2...
and listed in RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import getitem
from typing import TYPE_CHECKING, Final

from pasture.core.game import (
    CHANCE,
    COMPILED,
    JSON,
    Action,
    ActionInput,
    ChanceOutcome,
    Event,
    SeatInput,
)
from pasture.games.baaaaa.actions import PlaySheepCard, PlayWolfCard, TakeSheep, TurnWolfCard
from pasture.games.baaaaa.board import FACES, HUT, SPACES, STEP, face_distance, path
from pasture.games.baaaaa.edition import Edition

if TYPE_CHECKING:
    from pasture.games.baaaaa.state import BaaaaaState

SHEEP: Final = "sheep"
DRAW: Final = "draw"
CHOOSE: Final = "choose"
TIE: Final = "tie"
OVER: Final = "over"
"""Phases: a team member plays a sheep card; chance turns a wolf card; the wolf player
chooses which drawn card to play (variant); someone breaks a B-7 tie; the game is over."""

MOVE: Final = 0
TRIO: Final = 1
SHEPHERD: Final = 2
W_MOVE: Final = 0
DISGUISED: Final = 1
SATED: Final = 2
ESCAPED: Final = 3
LIGHTNING: Final = 4
EAGLE: Final = 5
_WOLF_EFFECT: Final = {
    "move": W_MOVE,
    "disguised": DISGUISED,
    "sated": SATED,
    "escaped": ESCAPED,
    "lightning": LIGHTNING,
    "eagle": EAGLE,
}
STOPPED: Final = 0
TAKEN: Final = 1
SAVED: Final = 2
"""What becomes of the sheep a card moves: they stop on a space, or are taken or saved."""


@dataclass(frozen=True)
class Tables:
    """Everything about an edition that the hot paths look up instead of rebuilding."""

    sheep_index: dict[str, int]
    wolf_index: dict[str, int]
    sheep_effect: tuple[int, ...]
    paths: tuple[tuple[tuple[int, ...] | None, ...] | None, ...]
    """paths[k][space]: the spaces a sheep from `space` enters with move card k."""
    play: tuple[tuple[tuple[PlaySheepCard | None, ...], ...], ...]
    """play[k][space][count]: the action object (one per distinct choice)."""
    no_effect: tuple[PlaySheepCard, ...]
    choices: tuple[tuple[tuple[tuple[int, Action], ...], ...], ...]
    """choices[k][pos]: (space, action) for each choice of card k needing a sheep on
    `space` (Trio: one per count, space holding at least count sheep); for the Shepherd,
    pos is the shepherd's space and the choices need no sheep (space -1)."""
    offers: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...]
    """offers[k][space][min(sheep there, 3)]: the choices of move or Trio card k on `space`."""
    move_plays: tuple[tuple[Action | None, ...] | None, ...]
    """move_plays[k][space]: move card k's play from `space` (None where it cannot move);
    None for the other cards."""
    wolf_effect: tuple[int, ...]
    wolf_step: tuple[tuple[int, ...] | None, ...]
    turn: tuple[TurnWolfCard, ...]
    pick: tuple[PlayWolfCard, ...]
    take: tuple[TakeSheep, ...]
    chance: dict[bytes, tuple[ChanceOutcome, ...]]
    """The next wolf card's outcomes by the deck's counts per kind; filled as met, at most
    CACHE_LIMIT * 4 (a few thousand decks are met in practice)."""
    outcome_rows: dict[int, tuple[tuple[ChanceOutcome | None, ...], ...]]
    """outcome_rows[cards in the deck][k][c]: the outcome of wolf card k with c copies in
    the deck (None for none), made once: a deck not met yet costs a tuple of these, not
    new outcomes."""
    wolf_events: dict[tuple[int, int, int, int | None, int, int, int], Event]
    """(card kind, by, wolf from, placed, wolf to, saved, taken) -> the event of a wolf card
    other than a move carried out without a tie; filled as met, at most CACHE_LIMIT."""
    offered: tuple[dict[bytes, tuple[Action, ...]], ...]
    """offered[k][key]: what move or Trio card k offers on a mountain of that key
    (`_others_on` says which key); filled as met, at most CACHE_LIMIT each."""
    alike: dict[bytes, tuple[tuple[Action, ...], ...]]
    """alike[sheep per space counted to 3]: what each sheep card but the Shepherd offers on
    that mountain, by kind (available or not; () for the Shepherd, whose offers depend on
    its space alone, `shepherd_moves`); filled as met, at most CACHE_LIMIT * 4."""
    moves_from: tuple[tuple[bool, ...], ...]
    """moves_from[k][space]: whether a sheep there can move with move or Trio card k."""
    shepherd_kinds: tuple[int, ...]
    """The Shepherd cards' kinds."""
    shepherd_moves: tuple[tuple[tuple[Action, ...], ...], ...]
    """shepherd_moves[k][pos]: what Shepherd card k offers with the shepherd on `pos`;
    () for the other cards."""
    plans: dict[int, Plan]
    """id(action) -> its plan, for every action object of these tables (kept alive here,
    so an id found is that very object)."""
    plan_of: dict[Action, Plan]
    """The same plans by value, for equal actions made elsewhere (parsed, or built by a bot)."""
    move_events: tuple[dict[int, Event], ...]
    """move_events[k][(by * SPACES + wolf_from) * 3 + taken]: wolf move card k's event."""
    endings: dict[tuple[int, int | None, int, int, bool], Event]
    """(players, wolf seat, saved, taken, every sheep placed) -> the game-over event: the
    result depends on nothing else, and games end in few ways."""


CACHE_LIMIT = 4096  # not Final: a test patches it
OCCUPIED: Final = bytes([0] + [1] * 255)
"""bytes(sheep).translate(OCCUPIED): which spaces hold a sheep (all a move card needs)."""
UP_TO_3: Final = bytes(min(n, 3) for n in range(256))
"""bytes(sheep).translate(UP_TO_3): sheep per space, counted to 3 (all a Trio needs)."""


_TABLES: Final[dict[int, tuple[Edition, Tables]]] = {}


def tables(e: Edition) -> Tables:
    """The edition's tables, built once (looked up by identity: hashing an edition on
    every step would cost more than the step)."""
    found = _TABLES.get(id(e))
    if found is not None and found[0] is e:
        return found[1]
    built = _build_tables(e)
    _TABLES[id(e)] = (e, built)
    return built


def _build_tables(e: Edition) -> Tables:
    effect = {"move": MOVE, "trio": TRIO, "shepherd": SHEPHERD}
    sheep_effect = tuple(effect[x] for x in e.sheep_effects)
    paths = tuple(
        None if mv is None else tuple(path(sp, mv[0], mv[1]) for sp in range(SPACES))
        for mv in e.sheep_moves
    )
    play = tuple(
        tuple(
            tuple(
                PlaySheepCard(kind, sp, c) if c == 1 or sheep_effect[k] == TRIO else None
                for c in range(4)
            )
            for sp in range(SPACES)
        )
        for k, kind in enumerate(e.sheep_kinds)
    )
    choices = []
    offers: list[tuple[tuple[tuple[Action, ...], ...], ...]] = []
    for k in range(len(e.sheep_kinds)):
        if sheep_effect[k] == SHEPHERD:
            per_pos = tuple(
                tuple((-1, play[k][sp][1]) for sp in range(SPACES) if sp != pos)
                for pos in range(SPACES)
            )
            choices.append(per_pos)
            offers.append(())
            continue
        if sheep_effect[k] == TRIO:
            row = tuple((sp, play[k][sp][c]) for sp in range(SPACES - FACES) for c in (1, 2, 3))
        else:
            moves = paths[k]
            assert moves is not None
            row = tuple((sp, play[k][sp][1]) for sp in range(SPACES) if moves[sp] is not None)
        choices.append((row,))
        offers.append(
            tuple(
                tuple(
                    tuple(a for at, a in row if a is not None and at == sp and held >= a.count)
                    for held in range(4)
                )
                for sp in range(SPACES)
            )
        )
    no_effect = tuple(PlaySheepCard(kind) for kind in e.sheep_kinds)
    turn = tuple(TurnWolfCard(kind) for kind in e.wolf_kinds)
    pick = tuple(PlayWolfCard(kind) for kind in e.wolf_kinds)
    take = tuple(TakeSheep(sp) for sp in range(SPACES))
    plans: list[Plan] = [
        SheepCardPlan(a, k, sheep_effect[k], None) for k, a in enumerate(no_effect)
    ]
    for k, per_card in enumerate(play):
        moves = paths[k]
        for sp, per_space in enumerate(per_card):
            route: tuple[int, ...] | None = (sp + FACES,) if sp < SPACES - FACES else None
            if moves is not None:
                route = moves[sp]
            plans += [SheepCardPlan(a, k, sheep_effect[k], route) for a in per_space if a]
    wolf_step = tuple(None if d is None else STEP[d] for d in e.wolf_moves)
    move_events: tuple[dict[int, Event], ...] = tuple({} for _ in e.wolf_kinds)
    plans += [WolfCardPlan(a, k, wolf_step[k], move_events[k]) for k, a in enumerate(turn)]
    plans += [WolfPickPlan(a, k) for k, a in enumerate(pick)]
    plans += [TakePlan(a) for a in take]
    return Tables(
        sheep_index=e.sheep_index,
        wolf_index=e.wolf_index,
        sheep_effect=sheep_effect,
        paths=paths,
        play=play,
        no_effect=no_effect,
        choices=tuple(choices),  # type: ignore[arg-type]
        offers=tuple(offers),
        move_plays=tuple(
            tuple(play[k][sp][1] if moves[sp] is not None else None for sp in range(SPACES))
            if effect == MOVE and moves is not None
            else None
            for k, (effect, moves) in enumerate(zip(sheep_effect, paths))  # noqa: B905 (compiled)
        ),
        wolf_effect=tuple(_WOLF_EFFECT[x] for x in e.wolf_effects),
        wolf_step=wolf_step,
        turn=turn,
        pick=pick,
        take=take,
        chance={},
        outcome_rows={},
        wolf_events={},
        offered=tuple({} for _ in e.sheep_kinds),
        alike={},
        moves_from=tuple(
            tuple(sp < SPACES - FACES for sp in range(SPACES))
            if effect == TRIO
            else tuple(moves is not None and moves[sp] is not None for sp in range(SPACES))
            for effect, moves in zip(sheep_effect, paths)  # noqa: B905 (compiled)
        ),
        shepherd_kinds=tuple(k for k, effect in enumerate(sheep_effect) if effect == SHEPHERD),
        shepherd_moves=tuple(
            tuple(tuple(a for _, a in per_pos if a is not None) for per_pos in choices[k])
            if sheep_effect[k] == SHEPHERD
            else ()
            for k in range(len(e.sheep_kinds))
        ),
        plans={id(plan.action): plan for plan in plans},
        plan_of={plan.action: plan for plan in plans},
        move_events=move_events,
        endings={},
    )


# --- plans: each action object's legality shortcut and effect, with what they look up ---


class SheepCardPlan:
    """A sheep card played: card kind `k`; `route` the spaces its sheep enter (the last
    is where they stop), None for the Shepherd, a card with no effect, or a play the
    mountain never allows (off the mountain, a Trio on the top floor)."""

    __slots__ = (
        "action",
        "k",
        "effect",
        "space",
        "count",
        "route",
        "hut_at",
        "meets",
        "saves",
        "stop",
        "possible",
        "events",
    )

    def __init__(
        self, action: PlaySheepCard, k: int, effect: int, route: tuple[int, ...] | None
    ) -> None:
        self.action = action
        self.k = k
        self.effect = effect
        self.space = action.space
        self.count = action.count
        self.route = route
        self.hut_at = route.index(HUT) if route is not None and HUT in route else len(route or ())
        """Where the route enters the hut's space (its length if it does not)."""
        self.saves = route is not None and self.hut_at < len(route)
        """Whether the route reaches the hut (B-6: the sheep are saved there)."""
        self.stop = route[-1] if route else -1
        """Where the sheep stop when the route does not reach the hut."""
        self.meets = frozenset(route[: self.hut_at + 1] if route is not None else ())
        """The spaces where a wolf meets these sheep: on the route up to the hut (P-1)."""
        if self.space is None or effect == SHEPHERD:
            self.possible = action.count == 1
        elif effect == TRIO:
            self.possible = route is not None and 1 <= action.count <= 3
        else:
            self.possible = route is not None and action.count == 1
        self.events: dict[int, Event] = {}
        """(seat * 3 + fate) -> the event: plays are few, so each event is made once."""

    def vouch(self, s: BaaaaaState, seat: SeatInput) -> bool:
        """True when this play is certainly legal for `seat` now (False: ask the full check)."""
        if not (
            self.possible
            and s.phase == SHEEP
            and seat == s.current
            and type(seat) is int
            and s.avail[self.k]
        ):
            return False
        sp = self.space
        if sp is None:
            return not _has_effect(s, self.k)
        effect = self.effect
        if effect == SHEPHERD:
            return sp != s.shepherd
        return s.sheep[sp] >= self.count

    def carry_out(self, s: BaaaaaState, seat: int) -> list[Event]:
        sp = self.space
        fate = STOPPED
        if sp is None:
            pass
        elif self.effect == SHEPHERD:
            s.shepherd = sp
        else:
            count = self.count
            sheep = s.sheep
            sheep[sp] = sheep[sp] - count
            wolf = s.wolf
            # B-5: passing through or stopping on the wolf's space is fatal, unless the
            # shepherd is there or a Sated Wolf is in force (B-8). P-1: a wolf standing
            # on the hut's space is met before the hut.
            if wolf in self.meets and not s.sated and s.shepherd != wolf:
                fate = TAKEN
                s.taken += count
            elif self.saves:  # B-6: saved at once, the move ends
                fate = SAVED
                s.saved += count
            else:
                sheep[self.stop] = sheep[self.stop] + count
        avail = s.avail
        k = self.k
        avail[k] = avail[k] - 1
        if not avail[k] and not any(avail):  # all set aside: all available again
            avail[:] = s.edition.sheep_counts
        key = seat * 3 + fate
        event = self.events.get(key)
        if event is None:
            event = self.events[key] = self._event(seat, fate)
        events = [event]
        s.last_sheep = event.public
        # Only sheep taken or saved can end the game (B-9's cap counts wolf cards).
        if fate != STOPPED and s.saved + s.taken == s.edition.sheep:
            _game_over(s, events)
            return events
        if not any(s.deck):
            _reshuffle(s, events)
        s.phase = DRAW
        return events

    def _event(self, seat: int, fate: int) -> Event:
        sp, count, route = self.space, self.count, self.route
        to = sp if self.effect == SHEPHERD else route[-1] if route and fate == STOPPED else None
        moved = count if sp is not None and self.effect != SHEPHERD else 0
        saved = moved if fate == SAVED else 0
        taken = moved if fate == TAKEN else 0
        public: dict[str, JSON] = {
            "seat": seat,
            "card": self.action.card,
            "space": sp,
            "count": count,
            "to": to,
            "saved": saved,
            "taken": taken,
        }
        return Event("sheep_card", public)


class WolfCardPlan:
    """Chance: the next wolf card turned is of kind `k`; `step` is where a wolf move card
    takes the wolf from each space (None for the other cards), `known` its events."""

    __slots__ = ("action", "k", "step", "known")

    def __init__(
        self, action: TurnWolfCard, k: int, step: tuple[int, ...] | None, known: dict[int, Event]
    ) -> None:
        self.action = action
        self.k = k
        self.step = step
        self.known = known

    def vouch(self, s: BaaaaaState, seat: SeatInput) -> bool:
        return seat == CHANCE and s.phase == DRAW and s.deck[self.k] > 0

    def carry_out(self, s: BaaaaaState, seat: int) -> list[Event]:
        events: list[Event] = []
        k = self.k
        s.deck[k] = s.deck[k] - 1
        s.sated = False  # B-8: a Sated Wolf lasts until the next wolf card is turned
        if s.wolf_seat is not None:  # the variant: the wolf player draws it
            _wolf_draws(s, k, events)
        elif self.step is not None:  # the commonest card, carried out at once
            s.in_play = k
            _move_wolf(s, k, self.step, self.known, s.current, events)
        else:  # the cooperative game: the card is carried out at once
            s.in_play = k
            _carry_out(s, k, s.current, events)
        return events


class WolfPickPlan:
    """Wolf-player variant: the wolf plays its drawn card of kind `k`."""

    __slots__ = ("action", "k")

    def __init__(self, action: PlayWolfCard, k: int) -> None:
        self.action = action
        self.k = k

    def vouch(self, s: BaaaaaState, seat: SeatInput) -> bool:
        return s.phase == CHOOSE and type(seat) is int and seat == s.wolf_seat and self.k in s.held

    def carry_out(self, s: BaaaaaState, seat: int) -> list[Event]:
        events: list[Event] = []
        _play_wolf_card(s, self.k, events)
        return events


class TakePlan:
    """B-7: a tie broken by taking the sheep on `space`."""

    __slots__ = ("action", "space")

    def __init__(self, action: TakeSheep) -> None:
        self.action = action
        self.space = action.space

    def vouch(self, s: BaaaaaState, seat: SeatInput) -> bool:
        return (
            s.phase == TIE and type(seat) is int and seat == tie_chooser(s) and self.space in s.tie
        )

    def carry_out(self, s: BaaaaaState, seat: int) -> list[Event]:
        _take_at(s, self.space)
        s.tie = []
        events = [Event("wolf_takes", {"by": seat, "space": self.space})]
        _finish_wolf_card(s, events)
        return events


Plan = SheepCardPlan | WolfCardPlan | WolfPickPlan | TakePlan


# --- who acts and what is legal --------------------------------------------------------


def tie_chooser(s: BaaaaaState) -> int:
    """B-7: the current player breaks ties; in the wolf-player variant the wolf player,
    who is carrying out the card (P-3)."""
    return s.current if s.wolf_seat is None else s.wolf_seat


def actors(s: BaaaaaState) -> tuple[int, ...]:
    phase = s.phase
    if phase == SHEEP:
        return (s.current,)
    if phase == CHOOSE:
        assert s.wolf_seat is not None
        return (s.wolf_seat,)
    if phase == TIE:
        return (tie_chooser(s),)
    return ()


def legal_actions(s: BaaaaaState, seat: int) -> list[Action]:
    phase = s.phase
    if phase == SHEEP:  # the commonest question: answered here, without a call more
        if seat != s.current:
            return []
        # One action per distinct effect of each available card; a card that can have no
        # effect is offered once, with no effect (B-4), and only then (P-5).
        t = s.tables
        up_to_3 = bytes(s.sheep).translate(UP_TO_3)
        offers = t.alike.get(up_to_3)
        if offers is None:
            offers = _others_on(t, up_to_3)
        avail = s.avail
        out: list[Action] = []
        for offer in compress(offers, avail):  # faster than list(chain(...)) for a few
            out += offer
        for k in t.shepherd_kinds:  # after the other cards: its offers hang on its space
            if avail[k]:
                out += t.shepherd_moves[k][s.shepherd]
        return out
    if phase == CHOOSE:
        if seat != s.wolf_seat:
            return []
        pick = s.tables.pick
        a, b = s.held
        return [pick[a]] if a == b else [pick[min(a, b)], pick[max(a, b)]]
    if phase == TIE:
        if seat != tie_chooser(s):
            return []
        take = s.tables.take
        return [take[sp] for sp in s.tie]
    if seat == CHANCE:
        return [o.action for o in chance_outcomes(s)]
    return []


def sheep_choices(s: BaaaaaState) -> list[Action]:
    """The current player's sheep cards to play (in phase SHEEP): one action per distinct
    effect of each available card (`legal_actions`)."""
    return legal_actions(s, s.current)


def _others_on(t: Tables, up_to_3: bytes) -> tuple[tuple[Action, ...], ...]:
    """What each sheep card but the Shepherd offers on a mountain with `up_to_3[space]`
    sheep on each space (counted to 3); () for the Shepherd. Kept in `Tables.alike`."""
    occupied = up_to_3.translate(OCCUPIED)
    out: list[tuple[Action, ...]] = []
    for k, effect in enumerate(t.sheep_effect):
        if effect == SHEPHERD:
            out.append(())
            continue
        # A Trio goes up from the two lower floors: only their sheep count for it.
        key = up_to_3[: SPACES - FACES] if effect == TRIO else occupied
        found = t.offered[k].get(key)
        out.append(found if found is not None else _offered(t, k, key))
    if len(t.alike) >= CACHE_LIMIT * 4:
        t.alike.clear()
    offers = t.alike[up_to_3] = tuple(out)
    return offers


def _offered(t: Tables, k: int, key: bytes) -> tuple[Action, ...]:
    """What card k offers on a mountain with `key[space]` sheep on each space (counted to
    3; to 1 for a move card), made once and kept."""
    plays = t.move_plays[k]
    found: tuple[Action, ...]
    if COMPILED:
        found = _offered_by_loops(plays, t.offers[k], key)
    elif plays is not None:  # a move card: its play from each occupied space it leaves
        found = tuple(filter(None, compress(plays, key)))
    else:  # offers[space][key[space]] for each space the key covers, joined (adding the
        # small tuples costs less than chaining them)
        found = sum(map(getitem, t.offers[k], key), ())
    if not found:
        found = (t.no_effect[k],)
    table = t.offered[k]
    if len(table) >= CACHE_LIMIT:
        table.clear()
    table[key] = found
    return found


def _offered_by_loops(
    plays: tuple[Action | None, ...] | None,
    offers: tuple[tuple[tuple[Action, ...], ...], ...],
    key: bytes,
) -> tuple[Action, ...]:
    """`_offered`'s choices by native loops, for the compiled build, where `compress`,
    `filter` and `map` are generic calls (a compiled step is 5% cheaper so): the same
    choices in the same order."""
    if plays is not None:
        return tuple(
            [play for play, count in zip(plays, key) if count and play is not None]  # noqa: B905 (compiled)
        )
    joined: list[Action] = []
    for offers_here, count in zip(offers, key):  # noqa: B905 (compiled)
        joined += offers_here[count]
    return tuple(joined)


def _has_effect(s: BaaaaaState, k: int) -> bool:
    """Whether sheep card k can have an effect now (the Shepherd always can)."""
    t = s.tables
    return t.sheep_effect[k] == SHEPHERD or any(compress(s.sheep, t.moves_from[k]))


def plan_of(t: Tables, action: Action) -> Plan | None:
    """The plan of `action`: by identity for the tables' own objects, else by value (None
    for an action these tables never offer)."""
    plan = t.plans.get(id(action))
    if plan is None:
        try:
            plan = t.plan_of.get(action)
        except TypeError:  # an unhashable field: no such action here
            return None
    return plan


def fast_legal(s: BaaaaaState, seat: SeatInput, action: ActionInput) -> bool:
    """True when `action` is certainly legal; False sends it to the full check (which
    then names the reason). Only the tables' own action objects are vouched for."""
    plan = s.tables.plans.get(id(action))
    return plan is not None and plan.vouch(s, seat)


def chance_outcomes(s: BaaaaaState) -> tuple[ChanceOutcome, ...]:
    """The next wolf card turned: any card left in the deck, by its count there. The
    cached tuple itself: immutable, so no caller can change the cache."""
    if s.phase != DRAW:
        return ()
    t = s.tables
    key = bytes(s.deck)  # cheaper to make, hash and compare than a tuple
    outcomes = t.chance.get(key)
    if outcomes is None:
        total = sum(key)
        rows = t.outcome_rows.get(total)
        if rows is None:  # one per deck size: at most the edition's wolf cards
            counts = s.edition.wolf_counts
            rows = t.outcome_rows[total] = tuple(
                (None, *(ChanceOutcome(action, c / total) for c in range(1, counts[k] + 1)))
                for k, action in enumerate(t.turn)
            )
        # Each kind's outcome by its count, in C: a kind not in the deck gives None.
        outcomes = tuple(filter(None, map(getitem, rows, key)))
        if len(t.chance) < CACHE_LIMIT * 4:
            t.chance[key] = outcomes
    return outcomes


# --- effects ----------------------------------------------------------------------------


def apply(s: BaaaaaState, seat: int, action: Action) -> list[Event]:
    """Carry out a legal action; return the events it caused."""
    plan = plan_of(s.tables, action)
    if plan is None:  # pragma: no cover - check_legal lets no other action through
        raise TypeError(action)
    return plan.carry_out(s, seat)


def _reshuffle(s: BaaaaaState, events: list[Event]) -> None:
    """The deck is empty: every wolf card not in the wolf player's hand is shuffled into
    a new deck (the order is drawn card by card as chance outcomes)."""
    deck = list(s.edition.wolf_counts)
    for k in s.held:
        deck[k] = deck[k] - 1
    s.deck = deck
    s.aside = [0] * len(deck)
    s.reshuffles += 1
    events.append(Event("reshuffle", {"deck": sum(deck)}))


def _wolf_draws(s: BaaaaaState, k: int, events: list[Event]) -> None:
    """The wolf-player variant: two cards, private to the wolf until played or discarded."""
    s.held.append(k)
    kind = s.edition.wolf_kinds[k]
    wolf = s.wolf_seat
    assert wolf is not None
    events.append(Event("wolf_draw", {"seat": wolf, "drawn": len(s.held)}, {"card": kind}, (wolf,)))
    if len(s.held) == 2:
        s.phase = CHOOSE
    elif not any(s.deck):
        # The first card was the last of the deck, whose make-up everyone knew: it is
        # no secret (P-4). The second comes from a fresh deck.
        s.held_known = 1
        _reshuffle(s, events)


def _play_wolf_card(s: BaaaaaState, k: int, events: list[Event]) -> None:
    i = s.held.index(k)
    del s.held[i]
    if i < s.held_known:
        s.held_known -= 1
    s.in_play = k
    assert s.wolf_seat is not None
    _carry_out(s, k, s.wolf_seat, events)


def _nearest_first(wolf: int) -> tuple[tuple[int, ...], ...]:
    """The spaces of the wolf's floor grouped by their distance from it, nearest first
    (its own space, then the two beside it, then the opposite one), each in space order."""
    base = wolf - wolf % FACES
    floor = range(base, base + FACES)
    return tuple(
        tuple(sp for sp in floor if face_distance(sp, wolf) == d) for d in range(FACES // 2 + 1)
    )


NEAREST_FIRST: Final = tuple(_nearest_first(wolf) for wolf in range(SPACES))
"""NEAREST_FIRST[wolf's space]: `_nearest_first` of it."""


HIGHEST_FIRST: Final = tuple(
    tuple(range(base, base + FACES)) for base in range(SPACES - FACES, -1, -FACES)
)
"""The mountain's floors, top floor first, each as its spaces in order."""


def _first_group_with_sheep(s: BaaaaaState, groups: tuple[tuple[int, ...], ...]) -> list[int]:
    """The spaces holding sheep in the first of `groups` that has any; in the wolf-player
    variant the shepherd's space is skipped. Plain loops: a comprehension per group would
    cost more than the few spaces it looks at."""
    skip = s.shepherd if s.wolf_seat is not None else -1
    sheep = s.sheep
    for group in groups:
        out = []
        for sp in group:
            if sheep[sp] and sp != skip:
                out.append(sp)
        if out:
            return out
    return []


def _disguised_candidates(s: BaaaaaState) -> list[int]:
    """B-7: the nearest sheep on the wolf's floor (its own space is nearest). In the
    wolf-player variant the shepherd's space is skipped."""
    return _first_group_with_sheep(s, NEAREST_FIRST[s.wolf])


def _lightning_candidates(s: BaaaaaState) -> list[int]:
    """B-7: the highest sheep on the mountain (the variant skips the shepherd's space)."""
    return _first_group_with_sheep(s, HIGHEST_FIRST)


def _take_at(s: BaaaaaState, sp: int) -> None:
    """Disguised Wolf and Lightning: exactly one sheep to the larder, the wolf onto its space."""
    s.sheep[sp] = s.sheep[sp] - 1
    s.taken += 1
    s.wolf = sp


def _place_on_shepherd(s: BaaaaaState) -> None:
    """Escaped Sheep and Eagle: a sheep appears on the shepherd's space (B-6 on the hut)."""
    if s.shepherd == HUT:
        s.saved += 1
    else:
        s.sheep[s.shepherd] = s.sheep[s.shepherd] + 1


def _carry_out(s: BaaaaaState, k: int, by: int, events: list[Event]) -> None:
    t = s.tables
    effect = t.wolf_effect[k]
    wolf_from, saved, taken = s.wolf, s.saved, s.taken
    placed: int | None = None
    candidates: list[int] = []
    if effect == W_MOVE:
        step = t.wolf_step[k]
        assert step is not None
        _move_wolf(s, k, step, t.move_events[k], by, events)
        return
    elif effect in (DISGUISED, LIGHTNING):
        candidates = (_disguised_candidates if effect == DISGUISED else _lightning_candidates)(s)
        if len(candidates) == 1:
            _take_at(s, candidates[0])
    elif effect == SATED:
        s.sated = True
    elif effect == ESCAPED and s.taken:  # else: an empty larder, nothing happens
        s.taken -= 1
        _place_on_shepherd(s)
        placed = s.shepherd
    elif effect == EAGLE and s.saved:  # else: empty pastures, nothing happens
        s.saved -= 1
        _place_on_shepherd(s)
        placed = s.shepherd
    card = s.edition.wolf_kinds[k]
    if len(candidates) > 1:  # B-7: a tie, chosen by a player
        s.tie = candidates
        s.phase = TIE
        public = _wolf_card_public(
            card, by, wolf_from, placed, s.wolf, s.saved - saved, s.taken - taken
        )
        public["choose_from"] = candidates[:]
        public["chooser"] = tie_chooser(s)
        event = Event("wolf_card", public)
    else:
        wolf_to, saved, taken = s.wolf, s.saved - saved, s.taken - taken
        key = (k, by, wolf_from, placed, wolf_to, saved, taken)
        found = t.wolf_events.get(key)  # a dict: cheaper than the lru_cache's call
        if found is None:
            if len(t.wolf_events) >= CACHE_LIMIT:
                t.wolf_events.clear()
            found = _wolf_card_event(card, by, wolf_from, placed, wolf_to, saved, taken)
            t.wolf_events[key] = found
        event = found
    events.append(event)
    s.last_wolf = event.public
    if s.phase != TIE:
        _finish_wolf_card(s, events)


def _move_wolf(
    s: BaaaaaState,
    k: int,
    step: tuple[int, ...],
    known: dict[int, Event],
    by: int,
    events: list[Event],
) -> None:
    """Wolf move card `k` (the commonest card; `step`: where it takes the wolf from each
    space) carried out by `by`; its event is looked up in `known`, not rebuilt."""
    wolf_from = s.wolf
    dest = step[wolf_from]
    n = 0
    if dest >= 0:  # else: it cannot go that way, and nothing happens
        s.wolf = dest
        if s.shepherd != dest:
            # Two sheep if two or more stand there; one in the wolf-player variant.
            n = s.sheep[dest]
            if n:
                if n > 1:
                    n = 2 if s.wolf_seat is None else 1
                s.sheep[dest] = s.sheep[dest] - n
                s.taken += n
    key = (by * SPACES + wolf_from) * 3 + n
    event = known.get(key)
    if event is None:
        card = s.edition.wolf_kinds[k]
        event = known[key] = _wolf_card_event(card, by, wolf_from, None, s.wolf, 0, n)
    events.append(event)
    s.last_wolf = event.public
    _finish_wolf_card(s, events)


def _wolf_card_public(
    card: str, by: int, wolf_from: int, placed: int | None, wolf_to: int, saved: int, taken: int
) -> dict[str, JSON]:
    public: dict[str, JSON] = {"card": card, "by": by, "wolf_from": wolf_from}
    if placed is not None:  # a sheep came back onto the shepherd's space
        public["placed"] = placed
    public |= {"wolf_to": wolf_to, "saved": saved, "taken": taken}
    return public


@lru_cache(maxsize=4096)
def _wolf_card_event(
    card: str, by: int, wolf_from: int, placed: int | None, wolf_to: int, saved: int, taken: int
) -> Event:
    """A wolf card carried out without a tie, made once per distinct content."""
    return Event("wolf_card", _wolf_card_public(card, by, wolf_from, placed, wolf_to, saved, taken))


def _finish_wolf_card(s: BaaaaaState, events: list[Event]) -> None:
    """The card played (and, in the variant, the one not played) is set aside; then the
    end of the game is checked and the next team member's turn begins."""
    s.aside[s.in_play] = s.aside[s.in_play] + 1
    s.in_play = -1
    if s.held:
        for k in s.held:
            s.aside[k] = s.aside[k] + 1
            events.append(Event("wolf_discard", {"card": s.edition.wolf_kinds[k]}))
        s.held = []
        s.held_known = 0
    s.turn += 1
    if s.saved + s.taken == s.edition.sheep or s.turn >= s.max_turns:  # B-9: the cap
        _game_over(s, events)
        return
    n = s.num_players
    seat = (s.current + 1) % n  # next_team_member, written out: once a turn
    if seat == s.wolf_seat:
        seat = (seat + 1) % n
    s.current = seat
    s.phase = SHEEP


def next_team_member(s: BaaaaaState, seat: int) -> int:
    n = s.num_players
    seat = (seat + 1) % n
    if seat == s.wolf_seat:
        seat = (seat + 1) % n
    return seat


def _game_over(s: BaaaaaState, events: list[Event]) -> None:
    s.phase = OVER
    s.tie = []
    # The result hangs on the turn cap only through whether every sheep is placed.
    placed = s.saved + s.taken == s.edition.sheep
    key = (s.num_players, s.wolf_seat, s.saved, s.taken, placed)
    endings = s.tables.endings
    event = endings.get(key)
    if event is None:
        event = endings[key] = Event("game_over", s.result().to_json())
    events.append(event)


def check_invariants(s: BaaaaaState) -> None:
    e = s.edition
    assert len(s.sheep) == SPACES and all(n >= 0 for n in s.sheep)
    assert sum(s.sheep) + s.saved + s.taken == e.sheep, "every sheep is somewhere once"
    assert s.saved >= 0 and s.taken >= 0
    assert s.sheep[HUT] == 0, "a sheep on the hut's space is saved at once"
    assert 0 <= s.wolf < SPACES and 0 <= s.shepherd < SPACES
    for k, total in enumerate(e.wolf_counts):
        where = s.deck[k] + s.aside[k] + s.held.count(k) + (s.in_play == k)
        assert where == total, f"{e.wolf_kinds[k]}: {where} cards, the edition has {total}"
        assert s.deck[k] >= 0 and s.aside[k] >= 0
    assert len(s.avail) == len(e.sheep_counts)  # (the zip below stops at the shorter)
    assert all(0 <= a <= c for a, c in zip(s.avail, e.sheep_counts))  # noqa: B905 (compiled)
    assert any(s.avail), "all sheep cards set aside come back at once"
    assert 0 <= s.held_known <= len(s.held)
    if s.wolf_seat is None:
        assert not s.held
    else:
        assert s.current != s.wolf_seat
    expected_held = {SHEEP: (0,), DRAW: (0, 1), CHOOSE: (2,), TIE: (0, 1), OVER: (0,)}
    assert len(s.held) in expected_held[s.phase]
    assert (s.in_play >= 0) == (s.phase == TIE), "a card is in play only during a tie"
    assert bool(s.tie) == (s.phase == TIE)
    if s.phase == DRAW:
        assert any(s.deck), "an empty deck is reshuffled before a card is turned"
    assert 0 <= s.turn <= s.max_turns
    if s.phase != OVER:
        assert s.saved + s.taken < e.sheep and s.turn < s.max_turns
