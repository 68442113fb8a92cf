"""Swip'Sheep's rules: who acts, what is legal, and what each action does.

Rulings from `shared/rules/swipsheep.md` are named where they are implemented.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import repeat
from operator import add, getitem, mul, sub
from typing import TYPE_CHECKING, Final, NamedTuple, TypeVar

from pasture.core.game import CHANCE, JSON, Action, ActionInput, ChanceOutcome, Event, SeatInput
from pasture.games.swipsheep.actions import Attack, Deal, Draw, PassCards
from pasture.games.swipsheep.edition import Edition, default_edition

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState

DEAL: Final = "deal"
PASS: Final = "pass"
ATTACK: Final = "attack"
OVER: Final = "over"
HAND_SIZE: Final = 3
Pass = tuple[int | None, int | None]
"""A pass as card kinds: (to the left, to the right); None: nothing."""
K = TypeVar("K")
V = TypeVar("V")
CACHE_LIMIT: Final = 8192
"""Entries a lookup table keeps before it starts over (hands and decks are few in play)."""
CHANCE_CACHE_LIMIT: Final = 1 << 15
"""The same for the deal's outcomes by deck: about 9,000 decks are met in 6,000 games,
more than CACHE_LIMIT, and starting over would rebuild them all."""
MAX_SEATS: Final = 5
"""The most seats at a table (the game's `max_players`)."""


class HandScored(NamedTuple):
    """A hand revealed as a round is scored, by its make-up (the same for every hand of
    that make-up, so made once): what it shows, the sheep it scores, and its counts split
    into the sheep scored and the other cards, which go back into the deck."""

    shown: dict[str, JSON]
    sheep: int
    kept: tuple[int, ...]
    back: tuple[int, ...]


class Tables:
    """What an edition's steps build again and again, made once: the action objects,
    chance outcomes and legal lists by pile make-up, and the common events. Actions and
    events are immutable values, so states share them."""

    def __init__(self, edition: Edition) -> None:
        self.kinds = edition.kinds
        self.position = edition.position
        self.is_sheep = tuple(edition.is_sheep(k) for k in range(len(edition.kinds)))
        self.sheep_mask = tuple(map(int, self.is_sheep))
        """1 for each sheep kind, 0 for the Wolf and the Dog: what a scored pile keeps."""
        self.other_mask = tuple(1 - keep for keep in self.sheep_mask)
        self.no_cards = (0,) * len(edition.kinds)
        """A pile without cards (counts by kind)."""
        self.deals = tuple(Deal(kind) for kind in edition.kinds)
        self.draws = tuple(Draw(kind) for kind in edition.kinds)
        self.deal_kind = {id(action): k for k, action in enumerate(self.deals)}
        """id(deal) -> its card kind, for the deal objects above (kept alive here, so an id
        found is that very object): the commonest step skips the generic check."""
        self.draw_kind = {id(action): k for k, action in enumerate(self.draws)}
        self.deal_steps = tuple((CHANCE, action) for action in self.deals)
        """By kind, the history entry of that card dealt (chance's step, shared)."""
        self.draw_steps = tuple((CHANCE, action) for action in self.draws)
        """By kind, the history entry of that card drawn."""
        self.dealt_events = tuple(
            tuple(dealt(to, kind) for kind in edition.kinds) for to in range(MAX_SEATS)
        )
        """`dealt_events[seat][kind]`: the event of that card dealt to that seat."""
        seats = range(MAX_SEATS)
        self.passed_events = tuple(
            tuple(tuple(passed(p, to, kind) for kind in edition.kinds) for to in seats)
            for p in seats
        )
        """`passed_events[giver][receiver][kind]`: the event of that card passed."""
        self.drew_events = tuple(
            tuple(tuple(drew(p, victim, kind) for kind in edition.kinds) for victim in seats)
            for p in seats
        )
        """`drew_events[drawer][victim][kind]`: the event of that card drawn."""
        self.chose_events = tuple(chose(p) for p in seats)
        self.pass_grid: list[PassCards | None] = [None] * (len(edition.kinds) + 1) ** 2
        """The pass actions made so far, each once, by their two sides' kinds (no card:
        after the last kind). A list: compiled, indexed natively, where a dict keyed by the
        pair hashed a tuple."""
        self.pass_kinds: dict[int, Pass] = {}
        """id(pass action) -> its (left kind, right kind), for the pass objects above (kept
        alive there): a pass is carried out without reading its card names again."""
        self.attack_target: dict[int, int] = {}
        """id(attack action) -> its target, for the attack objects below (kept alive there)."""
        self.dealing: dict[tuple[int, int, int], tuple[int, ...]] = {}
        """(players, first player, cards) -> who receives each card of the deal."""
        self.outcomes: dict[tuple[bool, int], tuple[tuple[ChanceOutcome | None, ...], ...]] = {}
        """(draw?, pile size) -> per kind, the outcome of that kind with c copies in the pile
        (None for none)."""
        self.dealt_from: dict[tuple[int, ...], tuple[ChanceOutcome, ...]] = {}
        self.drawn_from: dict[tuple[int, ...], tuple[ChanceOutcome, ...]] = {}
        self.pass_choices: dict[tuple[int, ...], tuple[Action, ...]] = {}
        self.attacks: dict[tuple[int, int], tuple[Action, ...]] = {}
        self.values = edition.sheep
        self.scored_hands: dict[tuple[int, ...], HandScored] = {}
        """A hand's counts -> the hand scored: the hands met at the end of a round are few."""

    def chance(self, pile: tuple[int, ...], draw: bool) -> tuple[ChanceOutcome, ...]:
        """One card drawn at random from `pile` (counts by kind). Decks and hands met in
        play are few (a few thousand), so the outcomes are kept by make-up (immutable
        tuples: every caller may share them)."""
        by_pile = self.drawn_from if draw else self.dealt_from
        found = by_pile.get(pile)
        if found is None:
            total = sum(pile)
            rows = self.outcomes.get((draw, total))
            if rows is None:  # at most 2 x the edition's size of these
                make = self.draws if draw else self.deals
                rows = self.outcomes[draw, total] = tuple(
                    (None, *(ChanceOutcome(action, c / total) for c in range(1, total + 1)))
                    for action in make
                )
            # Each kind's outcome by its count, in C: a kind not in the pile gives None.
            found = tuple(filter(None, map(getitem, rows, pile)))
            _store(by_pile, pile, found, CHANCE_CACHE_LIMIT)
        return found

    def passes(self, hand: list[int]) -> tuple[Action, ...]:
        key = tuple(hand)
        found = self.pass_choices.get(key)
        if found is None:
            found = tuple(_pass_choices(self, hand))
            _store(self.pass_choices, key, found)
        return found

    def hand_scored(self, hand: tuple[int, ...]) -> HandScored:
        """The hand of counts `hand` scored (and kept in `scored_hands`)."""
        found = HandScored(
            {self.kinds[k]: c for k, c in enumerate(hand) if c},
            sum(map(mul, hand, self.values)),
            tuple(map(mul, hand, self.sheep_mask)),
            tuple(map(mul, hand, self.other_mask)),
        )
        _store(self.scored_hands, hand, found)
        return found

    def pass_action(self, left: int | None, right: int | None) -> PassCards:
        """The pass of kind `left` to the left and `right` to the right (None: nothing)."""
        nothing = len(self.kinds)  # the place of None (no card) on either side
        place = (nothing if left is None else left) * (nothing + 1) + (
            nothing if right is None else right
        )
        found = self.pass_grid[place]
        if found is None:
            kinds = self.kinds
            found = self.pass_grid[place] = PassCards(
                None if left is None else kinds[left], None if right is None else kinds[right]
            )
            self.pass_kinds[id(found)] = (left, right)
        return found

    def attacks_from(self, players: int, seat: int) -> tuple[Action, ...]:
        found = self.attacks.get((players, seat))
        if found is None:
            attacks = tuple(Attack(t) for t in range(players) if t != seat)
            for attack in attacks:
                self.attack_target[id(attack)] = attack.target
            found = self.attacks[players, seat] = attacks
        return found

    def dealing_order(self, players: int, first: int, cards: int) -> tuple[int, ...]:
        """Who receives each of `cards` dealt one at a time from the first player's left."""
        key = (players, first, cards)
        found = self.dealing.get(key)
        if found is None:
            found = self.dealing[key] = tuple([(first + 1 + i) % players for i in range(cards)])
        return found


def _store(table: dict[K, V], key: K, value: V, limit: int = CACHE_LIMIT) -> None:
    if len(table) >= limit:
        table.clear()
    table[key] = value


def tables(edition: Edition) -> Tables:
    """The edition's tables, built once. The default edition's are found without hashing
    the edition (which would cost more than the rest of making a new state)."""
    if edition is default_edition():
        return _default_tables()
    return _tables(edition)


@cache
def _default_tables() -> Tables:
    return Tables(default_edition())


@cache
def _tables(edition: Edition) -> Tables:
    return Tables(edition)


# The events, made once per distinct content (events are immutable values): those of a
# card dealt, passed or drawn and of a pass chosen are all made with the `Tables`; an
# attack, the pass phase and the wolves laid behind an `lru_cache`.
def dealt(to: int, card: str) -> Event:
    return Event("dealt", None, {"to": to, "card": card}, (to,))


def chose(seat: int) -> Event:
    return Event("chose", {"seat": seat})


def passed(giver: int, to: int, card: str) -> Event:
    return Event("passed", {"from": giver, "to": to}, {"card": card}, (giver, to))


@lru_cache(maxsize=CACHE_LIMIT)
def attacked(
    attacker: int, target: int, defended: bool, drawer: int, victim: int, empty: bool
) -> Event:
    public: dict[str, JSON] = {
        "attacker": attacker,
        "target": target,
        "defended": defended,
        "drawer": drawer,
        "victim": victim,
        "empty_hand": empty,
    }
    return Event("attack", public)


def drew(drawer: int, victim: int, card: str) -> Event:
    return Event("drew", {"drawer": drawer, "victim": victim}, {"card": card}, (drawer, victim))


@lru_cache(maxsize=CACHE_LIMIT)
def pass_phase(round_number: int, hand_sizes: tuple[int, ...]) -> Event:
    return Event("pass_phase", {"round": round_number, "hand_sizes": list(hand_sizes)})


@lru_cache(maxsize=CACHE_LIMIT)
def wolves_tonight(laid: tuple[int, ...]) -> Event:
    return Event("wolves_tonight", {"laid": list(laid)})


def start_round(s: SwipSheepState) -> None:
    """Queue the deal of a round whose deck holds every unscored card (`round_deck`)."""
    n = s.num_players
    kinds = len(s.edition.kinds)
    s.round_deck = tuple(s.deck)
    s.hands = list(map(list, repeat(s.tables.no_cards, n)))
    s.laid = [0] * n
    s.aside = [0] * kinds
    s.passes = [None] * n
    s.waiting = ()
    s.attacker = None
    s.pending_draw = None
    s.history = []
    s.log_start = len(s.events)
    # One card at a time from the first player's left; a short deck is dealt out as
    # evenly as possible in the same order (S-2).
    s.dealing = dealing_order(s)
    s.deal_queue = list(s.dealing)
    s.phase = DEAL
    if not s.deal_queue:
        _start_passing(s)


def round_deck(s: SwipSheepState) -> list[int]:
    """The deck at the start of the round: every card not scored yet."""
    return list(map(sub, s.edition.counts, map(sum, zip(*s.scored))))  # noqa: B905 (compiled)


def dealing_order(s: SwipSheepState) -> tuple[int, ...]:
    """Who receives each card of this round's deal (from a deck of `s.round_deck`)."""
    n = s.num_players
    return s.tables.dealing_order(n, s.first, min(sum(s.round_deck), HAND_SIZE * n))


def waiting(s: SwipSheepState) -> tuple[int, ...]:
    """In the pass phase: the seats holding cards that have not chosen their pass yet."""
    hands = s.hands
    return tuple([p for p, choice in enumerate(s.passes) if choice is None and any(hands[p])])


def _emit(s: SwipSheepState, event: Event) -> None:
    s.events.append(event)


def actors(s: SwipSheepState) -> tuple[int, ...]:
    phase = s.phase
    if phase == PASS:
        return s.waiting
    if phase == ATTACK and s.pending_draw is None and s.attacker is not None:
        return (s.attacker,)
    return ()


def legal_actions(s: SwipSheepState, seat: int) -> list[Action]:
    if s.phase == PASS and 0 <= seat < s.num_players and s.passes[seat] is None:
        return list(s.tables.passes(s.hands[seat]))
    if s.phase == ATTACK and s.pending_draw is None and seat == s.attacker:
        return list(s.tables.attacks_from(s.num_players, seat))
    if seat == CHANCE:
        return [o.action for o in chance_outcomes(s)]
    return []


def _pass_choices(t: Tables, hand: list[int]) -> list[Action]:
    held = [k for k, c in enumerate(hand) if c]
    if sum(hand) == 1:  # fewer than 3 cards: pass what you can, left first
        return [t.pass_action(held[0], None)]
    return [t.pass_action(a, b) for a in held for b in held if a != b or hand[a] >= 2]


def chance_outcomes(s: SwipSheepState) -> tuple[ChanceOutcome, ...]:
    """The outcomes of the pending chance step: a shared immutable tuple."""
    if s.phase == DEAL:  # the commonest step: looked up here, without a call more
        t = s.tables
        key = tuple(s.deck)
        found = t.dealt_from.get(key)
        return found if found is not None else t.chance(key, False)
    if s.pending_draw is not None:
        return s.tables.chance(tuple(s.hands[s.pending_draw[1]]), True)
    return ()


def fast_legal(s: SwipSheepState, seat: SeatInput, action: ActionInput) -> bool:
    """True when `action` is certainly legal; False sends it to the full check."""
    if type(seat) is not int:  # True == 1 and 1.0 == 1: leave odd seats to the full check
        return False
    index = s.tables.position
    if isinstance(action, Deal):  # the most common step: over half of a game
        k = index.get(action.card)
        return seat == CHANCE and s.phase == DEAL and k is not None and s.deck[k] > 0
    if isinstance(action, PassCards):
        if action.right is not None and action.right not in index:
            return False
        return may_pass(s, seat, index.get(action.left), index.get(action.right))
    if isinstance(action, Attack):
        target = action.target
        return type(target) is int and may_attack(s, seat, target)
    if isinstance(action, Draw):
        k = index.get(action.card)
        pending = s.pending_draw
        if seat != CHANCE or pending is None or k is None:
            return False
        return s.hands[pending[1]][k] > 0
    return False


def may_pass(s: SwipSheepState, seat: int, left: int | None, right: int | None) -> bool:
    """Whether `seat` (an int) may pass `left` and `right` (card kinds; None: nothing)."""
    if s.phase != PASS or not 0 <= seat < s.num_players or s.passes[seat] is not None:
        return False
    hand = s.hands[seat]
    if left is None or not hand[left]:
        return False
    if sum(hand) == 1:
        return right is None
    return right is not None and hand[right] >= (2 if right == left else 1)


def may_attack(s: SwipSheepState, seat: int, target: int) -> bool:
    """Whether `seat` (an int) may send a wolf against `target` (an int) now."""
    return (
        s.phase == ATTACK
        and s.pending_draw is None
        and seat == s.attacker
        and 0 <= target < s.num_players
        and target != seat
    )


def apply(s: SwipSheepState, seat: int, action: Action) -> list[Event]:
    """Carry out a legal action; return the events it caused (also kept in `s.events`)."""
    first_new = len(s.events)
    index = s.tables.position
    if isinstance(action, Deal):
        deal_kind(s, index[action.card])
    elif isinstance(action, PassCards):
        choose_pass(s, seat, (index.get(action.left), index.get(action.right)))
    elif isinstance(action, Attack):
        _attack(s, seat, action.target)
    elif isinstance(action, Draw):
        draw_kind(s, index[action.card])
    else:  # pragma: no cover - check_legal lets no other action through
        raise TypeError(action)
    return s.events[first_new:]


def deal_kind(s: SwipSheepState, k: int) -> list[Event]:
    """The next card dealt is of kind `k`; the events (the first is the deal's)."""
    to = s.deal_queue.pop(0)
    s.deck[k] = s.deck[k] - 1
    s.hands[to][k] = s.hands[to][k] + 1
    event = s.tables.dealt_events[to][k]
    s.events.append(event)
    if s.deal_queue:
        return [event]
    first_new = len(s.events) - 1
    _start_passing(s)
    return s.events[first_new:]


def _start_passing(s: SwipSheepState) -> None:
    s.phase = PASS
    _emit(s, pass_phase(s.round + 1, tuple(map(sum, s.hands))))
    s.waiting = waiting(s)  # the holders: hands do not change until the passes move
    if not s.waiting:
        _resolve_passes(s)


def choose_pass(s: SwipSheepState, seat: int, choice: Pass) -> list[Event]:
    """`seat` chooses to pass `choice` (card kinds); the events it caused."""
    s.passes[seat] = choice
    event = s.tables.chose_events[seat]
    s.events.append(event)
    still = s.waiting
    i = still.index(seat)
    still = s.waiting = still[:i] + still[i + 1 :]  # replaced, not changed: copies share it
    if still:
        return [event]
    first_new = len(s.events) - 1
    _resolve_passes(s)
    return s.events[first_new:]


def _resolve_passes(s: SwipSheepState) -> None:
    """All have chosen: the cards move at once, then every Wolf held is laid face up."""
    n = s.num_players
    hands = s.hands
    passes = s.passes
    for p, choice in enumerate(passes):  # every card leaves its hand before any arrives
        if choice is not None:
            left, right = choice
            hand = hands[p]
            if left is not None:
                hand[left] = hand[left] - 1
            if right is not None:
                hand[right] = hand[right] - 1
    events = s.events
    passed_events = s.tables.passed_events
    for p, choice in enumerate(passes):  # then arrives, each with its event, in this order
        if choice is not None:
            left, right = choice
            if left is not None:
                to = (p + 1) % n
                hands[to][left] = hands[to][left] + 1
                events.append(passed_events[p][to][left])
            if right is not None:
                to = (p - 1) % n
                hands[to][right] = hands[to][right] + 1
                events.append(passed_events[p][to][right])
    wolf = s.edition.wolf
    laid = s.laid
    for p, hand in enumerate(hands):
        laid[p] = hand[wolf]
        hand[wolf] = 0
    s.phase = ATTACK
    s.redraws = {}  # the deal and passes are now fixed for this state and its copies
    _emit(s, wolves_tonight(tuple(laid)))
    _next_attacker(s, 0)


def _next_attacker(s: SwipSheepState, offset: int) -> None:
    """Attacks go clockwise from the first player; each uses all their laid wolves."""
    n = s.num_players
    for off in range(offset, n):
        seat = (s.first + off) % n
        if s.laid[seat]:
            s.attacker = seat
            return
    s.attacker = None
    _score_round(s)


def attack(s: SwipSheepState, attacker: int, target: int) -> list[Event]:
    """`attacker` sends a laid wolf against `target`; the events it caused."""
    first_new = len(s.events)
    _attack(s, attacker, target)
    return s.events[first_new:]


def _attack(s: SwipSheepState, attacker: int, target: int) -> None:
    e = s.edition
    s.laid[attacker] = s.laid[attacker] - 1
    s.aside[e.wolf] = s.aside[e.wolf] + 1
    defended = s.hands[target][e.dog] > 0
    if defended:  # S-4: the defence is automatic
        s.hands[target][e.dog] = s.hands[target][e.dog] - 1
        s.aside[e.dog] = s.aside[e.dog] + 1
        drawer, victim = target, attacker
    else:
        drawer, victim = attacker, target
    empty = not any(s.hands[victim])
    s.events.append(attacked(attacker, target, defended, drawer, victim, empty))
    if empty:  # nothing to draw: nothing is taken
        _after_attack(s)
    else:
        s.pending_draw = (drawer, victim)


def draw_kind(s: SwipSheepState, k: int) -> list[Event]:
    """The card drawn from the victim's hand is of kind `k`; the events it caused."""
    assert s.pending_draw is not None
    drawer, victim = s.pending_draw
    s.hands[victim][k] = s.hands[victim][k] - 1
    s.hands[drawer][k] = (
        s.hands[drawer][k] + 1
    )  # S-3: a Wolf drawn now stays in hand and never attacks
    s.pending_draw = None
    first_new = len(s.events)
    s.events.append(s.tables.drew_events[drawer][victim][k])
    _after_attack(s)
    return s.events[first_new:]


def _after_attack(s: SwipSheepState) -> None:
    assert s.attacker is not None
    if not s.laid[s.attacker]:
        _next_attacker(s, (s.attacker - s.first) % s.num_players + 1)


def _score_round(s: SwipSheepState) -> None:
    """Hands are revealed; sheep are scored; Wolves and Dogs go back into the deck."""
    t = s.tables
    hands = s.hands
    known = t.scored_hands
    revealed: list[JSON] = []
    sheep: list[JSON] = []
    deck, scored = s.deck, s.scored[:]
    for p, hand in enumerate(hands):  # (a zip with strict=True costs more)
        key = tuple(hand)
        found = known.get(key)
        if found is None:
            found = t.hand_scored(key)
        revealed.append(found.shown)
        sheep.append(found.sheep)
        scored[p] = list(map(add, scored[p], found.kept))
        deck[:] = map(add, deck, found.back)  # Wolves and Dogs, in hand or used,
    deck[:] = map(add, deck, s.aside)  # go back into the deck: it is `round_deck(s)` again
    s.scored = scored  # replaced, never changed in place: copies of the state share it
    s.last_round = {"round": s.round + 1, "hands": revealed, "sheep": sheep}
    _emit(s, Event("round_scored", {**s.last_round, "scores": s.scores()}))
    s.round += 1
    if s.round == s.rounds:
        s.hands = list(map(list, repeat(t.no_cards, len(hands))))
        s.aside = [0] * len(t.kinds)
        s.phase = OVER
        _emit(s, Event("game_over", s.result().to_json()))
    else:
        s.first = (s.first + 1) % s.num_players
        start_round(s)  # empty hands and nothing set aside


def check_invariants(s: SwipSheepState) -> None:
    e = s.edition
    for k, total in enumerate(e.counts):
        where = (
            s.deck[k]
            + sum(h[k] for h in s.hands)
            + sum(p[k] for p in s.scored)
            + s.aside[k]
            + (sum(s.laid) if k == e.wolf else 0)
        )
        assert where == total, f"{e.kinds[k]}: {where} cards in play, edition has {total}"
        assert s.deck[k] >= 0 and s.aside[k] >= 0
        assert all(h[k] >= 0 for h in s.hands)
        assert all(p[k] == 0 for p in s.scored) or e.is_sheep(k), "only sheep are scored"
    assert all(n >= 0 for n in s.laid)
    if s.phase == PASS:
        assert all(sum(h) <= HAND_SIZE for h in s.hands)
        assert s.waiting == waiting(s), "the seats still to choose are kept up to date"
    if s.phase == ATTACK:
        assert s.attacker is not None and (s.laid[s.attacker] > 0 or s.pending_draw is not None)
    assert 0 <= s.round <= s.rounds
