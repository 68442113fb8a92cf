"""Re-drawing what one seat cannot see of a Swip'Sheep round (`determinize`).

Earlier rounds stay as they were: their hands were revealed at scoring. In the current
round a seat knows its own deal and pass, the cards passed to it, the cards drawn from
or by it, and everything public (hand sizes, who chose, the wolves each player laid,
every attack with its defence and whether the hand attacked was empty). The re-draw
makes new hidden choices for the round and follows them on card counts:

1. the deal: each card dealt to another seat comes from the cards this seat has not
   seen. Once the passes are done it is built backwards from the passes, because the
   wolves each hand held after passing are public: every dealt card gets a destination
   (kept, or passed left or right), the known ones are placed, then the public wolves,
   then the rest at random;
2. the passes of the others: any legal choice for their re-drawn hands (during the
   pass), or the one the deal above implies (after it);
3. the attacks, replayed on counts: a defence must be there exactly when it was, an
   empty hand empty exactly when it was, a card this seat saw drawn must be there;
   the cards it did not see are drawn afresh from the hand they were taken from.

A draw breaking a public fact is started again (a few tries on average, only once
attacks have begun). The state is then assembled once: new hands and deck, the round's
steps with the re-drawn actions, and its events with the re-drawn private cards; the
public part is unchanged, so the seat's view is too, and replaying the steps from the
round's start rebuilds the state exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from itertools import permutations, repeat
from math import floor
from operator import attrgetter, itemgetter, sub
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

from pasture.core.game import COMPILED, Record
from pasture.games.swipsheep import rules
from pasture.games.swipsheep.actions import Draw, PassCards

if TYPE_CHECKING:
    from pasture.games.swipsheep.state import SwipSheepState

MAX_TRIES: Final = 20_000
_ACTION: Final = itemgetter(1)
"""The action of a (seat, action) step."""
_CARD: Final = attrgetter("card")

Pass = rules.Pass
Steps: TypeAlias = tuple[Any, ...]
"""The tables' shared steps (`Tables.deal_steps`, `draw_steps`), read as objects: compiled,
a `tuple[int, Deal]` read from a table is unpacked into a C struct and boxed again (a new
tuple) where it is stored."""
ROLES: Final = {3: (0, 1, 2), 2: (1, 2), 1: (1,), 0: ()}
"""What becomes of the cards dealt to a hand of that size: 0 kept, 1 passed left, 2 right."""


# The re-draw makes many small random picks: one `rng.random()` each (a C call), scaled
# as `floor(random() * n)`, is much cheaper than `randrange`, `sample` or `shuffle`, with
# the same uniform choice (and `floor` than `int`, a type whose call costs more, with the
# same value on these non-negative numbers); the shuffles and samples are written out
# where they are made (once a try or more). A tuple's bound `__getitem__` is a slow
# wrapper, unlike a list's or a dict's: tables held in tuples are indexed in
# comprehensions or through `getitem`.


class Layout(NamedTuple):
    """Where the cards of a round's deal went once passed, as one seat sees it: the same
    for every re-draw at a table of that size, for that seat and dealing order."""

    roles: tuple[tuple[int, ...], ...]
    """By giver, the roles of its slots (0 kept, 1 passed left, 2 passed right)."""
    dealt_to_seat: tuple[int, ...]
    """Which cards of the deal (their places in it) the seat received."""
    passed_by_seat: tuple[tuple[int, int], ...]
    """(role, receiving hand) of each card the seat itself passed."""
    passed_to_seat: tuple[tuple[int, int], ...]
    """(giver, role) of each card passed to the seat."""
    unknown: tuple[tuple[int, ...], ...]
    """By receiving hand, the slots whose card the seat cannot know (before it learns of
    any card passed to it)."""
    ranks: tuple[int, ...]
    """By card of the deal, how many cards its receiver was dealt before it."""
    # A re-draw's cards are one list (`Round.opening`): the cards of the others' unknown
    # slots, hand by hand in seat order, then what the seat knows: the cards passed to it
    # (in the order of `passed_to_seat`), None (a slot nobody filled), its own deal and
    # its own pass (left, right). A card is looked up by its place in that list, in C
    # (`map`), rather than slot by slot in Python.
    giver_places: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]
    """(giver, for every order in which its deal may have filled its slots, the places of
    its cards in that order) of each giver but the seat, in seat order: one order drawn
    at random is a random order."""
    own_order: tuple[tuple[int, ...], ...]
    """By giver, the places of the seat's own deal in the order dealt (the others' are
    drawn: `giver_places`)."""
    pass_places: tuple[tuple[int, int, int], ...]
    """(seat, places of the cards it passed left and right) of each seat that held cards,
    so chose a pass, in seat order."""
    passed_places: tuple[int, ...]
    """The place of each card passed, in the order the rules move them."""
    slot_places: tuple[int, ...]
    """By slot, the place of its card."""


@lru_cache(maxsize=1024)
def _layout(n: int, seat: int | None, queue: tuple[int, ...]) -> Layout:
    """The layout of a round dealt to `queue` (who received each card), seen by `seat`."""
    roles = tuple(ROLES[queue.count(p)] for p in range(n))
    passed_by_seat: list[tuple[int, int]] = []
    passed_to_seat: list[tuple[int, int]] = []
    unknown: list[list[int]] = [[] for _ in range(n)]
    for p, giver_roles in enumerate(roles):
        for role in giver_roles:
            dest = p if role == 0 else (p + 1) % n if role == 1 else (p - 1) % n
            if p == seat:  # kept: counted as its deal less its pass
                if role:
                    passed_by_seat.append((role, dest))
            elif dest == seat:
                passed_to_seat.append((p, role))
            else:
                unknown[dest].append(3 * p + role)
    counted = [0] * n
    ranks = []
    for p in queue:
        ranks.append(counted[p])
        counted[p] = counted[p] + 1
    dealt_to_seat = tuple(i for i, to in enumerate(queue) if to == seat)
    nothing = sum(map(len, unknown)) + len(passed_to_seat)
    """The place of None: the other slots (the seat's own, and those never filled)."""
    place = [nothing] * (3 * n)
    at = 0
    for slots in unknown:
        for slot in slots:
            place[slot] = at
            at += 1
    for p, role in passed_to_seat:
        place[3 * p + role] = at
        at += 1
    own = tuple(range(nothing + 1, nothing + 1 + len(dealt_to_seat)))
    if seat is not None:  # its own pass, after its deal
        place[3 * seat + 1] = nothing + 1 + len(own)
        place[3 * seat + 2] = nothing + 2 + len(own)
    holders = [p for p in range(n) if roles[p]]  # dealt a card: it chose a pass
    return Layout(
        roles,
        dealt_to_seat,
        tuple(passed_by_seat),
        tuple(passed_to_seat),
        tuple(map(tuple, unknown)),
        tuple(ranks),
        tuple(
            (p, tuple(permutations([place[3 * p + role] for role in giver_roles])))
            for p, giver_roles in enumerate(roles)
            if p != seat
        ),
        tuple(own if p == seat else () for p in range(n)),
        tuple((p, place[3 * p + 1], place[3 * p + 2]) for p in holders),
        tuple(place[3 * p + role] for p in holders for role in (1, 2) if role in roles[p]),
        tuple(place),
    )


def _cards(pile: list[int]) -> list[int]:
    """The cards of `pile` (counts by kind), one entry per card: its kind (a new list).
    An edition has few kinds: a run per kind costs less than a cache look-up."""
    cards: list[int] = []
    for k, count in enumerate(pile):
        if count:
            cards += [k] * count
    return cards


# The records a re-draw builds and reads on every call are native classes (`Record`):
# compiled, a NamedTuple is made through Python's generic `type(...)` call and each field
# read by name is a generic look-up, where these are a native constructor and slot reads.


class DrawPlan(Record):
    """The order in which a re-draw after the passes draws the cards for the others'
    unknown slots (`Round.draw_plan`)."""

    _names = ("target", "defended", "to_target", "checked", "after", "fills")
    __slots__ = _names

    def __init__(
        self,
        target: int,
        defended: bool,
        to_target: list[int],
        checked: list[int],
        after: list[int],
        fills: list[tuple[int, int, int]],
    ) -> None:
        self.target: Final = target
        """The first attack's target (-1: no attack yet): its hand is drawn first, and a
        draw giving it a Dog exactly when it had none, or none when it had one, is given up
        at once (the commonest reason a draw fails)."""
        self.defended: Final = defended
        """Whether that target had a Dog."""
        self.to_target: Final = to_target
        """The hand (the target) of each card drawn for it."""
        self.checked: Final = checked
        """The hand of each card drawn next, before the attacks are replayed: the other
        hands they look into (a target's Dog, a victim's cards)."""
        self.after: Final = after
        """The hand of each card drawn once they hold."""
        self.fills: Final = fills
        """(public wolves, start, end in the cards drawn) of each hand with unknown slots,
        in seat order: what `opening` fills."""

    def _fields(self) -> tuple[Any, ...]:
        return (self.target, self.defended, self.to_target, self.checked, self.after, self.fills)


class Fight(Record):
    """One attack of the round as everybody saw it, with the card drawn after it."""

    _names = ("target", "defended", "drawer", "victim", "empty", "drawn", "seen")
    __slots__ = _names

    def __init__(
        self,
        target: int,
        defended: bool,
        drawer: int,
        victim: int,
        empty: bool,
        drawn: int,
        seen: bool,
    ) -> None:
        self.target: Final = target
        self.defended: Final = defended
        self.drawer: Final = drawer
        self.victim: Final = victim
        self.empty: Final = empty
        """Whether the victim's hand was empty (nothing taken)."""
        self.drawn: Final = drawn
        """The kind of the card drawn (as the real round drew it); -1 when nothing was
        taken or the draw is still to come."""
        self.seen: Final = seen
        """Whether the seat re-drawing is the drawer or the victim (it saw the card)."""

    def _fields(self) -> tuple[int, bool, int, int, bool, int, bool]:
        return (
            self.target,
            self.defended,
            self.drawer,
            self.victim,
            self.empty,
            self.drawn,
            self.seen,
        )


class AttackLog(Record):
    """The current round's attacks so far, read afresh for each re-draw."""

    _names = ("fights", "draw_steps", "drew_at")
    __slots__ = _names

    def __init__(self) -> None:
        self.fights: Final[list[Fight]] = []
        self.draw_steps: Final[list[int]] = []
        """Index in the history of each card drawn."""
        self.drew_at: Final[list[tuple[int, int, int]]] = []
        """(index in the events, drawer, victim) of each card drawn."""

    def _fields(self) -> tuple[Any, ...]:
        return (self.fights, self.draw_steps, self.drew_at)


class Round:
    """What every re-draw of a passed round for one seat shares: the round's deal and
    passes (fixed once they have moved) and this seat's knowledge of them, read once.

    A state keeps these by seat (`SwipSheepState.redraws`) from the moment the passes
    move, shared with its copies, which have the same deal and passes; a re-drawn state
    starts afresh. Before the passes move, `_before_the_passes` re-draws the round."""

    def __init__(self, s: SwipSheepState, seat: int | None) -> None:
        e = s.edition
        n = s.num_players
        self.n = n
        self.seat = seat
        self.wolf = e.wolf
        self.dog = e.dog
        position = s.tables.position
        self.start_deck = s.round_deck
        self.queue = s.dealing
        # The round's steps: its deals, then the passes, then attacks and draws.
        history = s.history
        dealt = len(self.queue)
        # The kind of each card dealt: position[action.card] of each step, in C.
        self.deals = list(map(position.__getitem__, map(_CARD, map(_ACTION, history[:dealt]))))
        self.chosen: list[int] = []
        """Seats in the order they chose their pass."""
        self.passes: dict[int, Pass] = {}
        self.laid: list[int] = []
        self.dealt = dealt
        self.pass_steps: list[tuple[int, int]] = []
        """(index in the history, seat) of each pass chosen: re-drawn for the others."""
        i = dealt
        while i < len(history):
            actor, action = history[i]
            if not isinstance(action, PassCards):
                break
            self.chosen.append(actor)
            self.passes[actor] = (position.get(action.left), position.get(action.right))
            self.pass_steps.append((i, actor))
            i += 1
        self.history_from = i
        """Where the attacks begin in the history."""
        self.passed_at: list[int] = []
        """Index in the events of each card passed (in the order the rules move them)."""
        events = s.events
        i = s.log_start + dealt
        while i < len(events):
            event = events[i]
            i += 1
            kind = event.type
            if kind == "passed":
                self.passed_at.append(i - 1)
            elif kind == "wolves_tonight":
                assert event.public is not None
                self.laid = event.public["laid"]
                break
        self.events_from = i
        """Where the attacks begin in the events."""
        tables = s.tables
        self.dealt_rows = tuple([tables.dealt_events[to] for to in self.queue])
        """By card of the deal, its receiver's row of `Tables.dealt_events`."""
        self.pass_moves = [
            (i, tables.passed_events[p][to], p, side)
            for i, (p, to, side) in zip(self.passed_at, _pass_sides(n, self.passes))  # noqa: B905 (compiled)
        ]
        """(index in the events, the giver's row of `Tables.passed_events` for its
        receiver, giver, side of its pass) of each card passed: a re-draw changes the card."""

    def attack_log(self, s: SwipSheepState) -> AttackLog:
        """The attacks of `s` (a state of this round) so far."""
        position = s.tables.position
        seat = self.seat
        log = AttackLog()
        draws: list[int] = []
        history = s.history
        for i in range(self.history_from, len(history)):
            action = history[i][1]
            if isinstance(action, Draw):
                draws.append(position[action.card])
                log.draw_steps.append(i)
        draws.reverse()  # taken from the end below, in the order drawn
        events = s.events
        for i in range(self.events_from, len(events)):
            event = events[i]
            kind = event.type
            if kind == "attack":
                public = event.public
                assert public is not None
                drawer, victim, empty = public["drawer"], public["victim"], public["empty_hand"]
                log.fights.append(
                    Fight(
                        public["target"],
                        public["defended"],
                        drawer,
                        victim,
                        empty,
                        draws.pop() if draws and not empty else -1,
                        seat in (drawer, victim),
                    )
                )
            elif kind == "drew":
                public = event.public
                assert public is not None
                log.drew_at.append((i, public["drawer"], public["victim"]))
        return log

    def plan_after_passes(self) -> None:
        """What every re-draw of a passed round shares: where each dealt card went (kept,
        or passed left or right), which of those `seat` knows, and how many public
        wolves each other hand must have received.

        A dealt card is a *slot* `3 * giver + role` (role 0 kept, 1 passed left, 2 right)."""
        n, seat, wolf = self.n, self.seat, self.wolf
        kinds = len(self.start_deck)
        pool = list(self.start_deck)
        layout = _layout(n, seat, self.queue)
        self.roles = layout.roles
        """The slots each giver filled, by role."""
        self.own = list(map(self.deals.__getitem__, layout.dealt_to_seat))
        for k in self.own:
            pool[k] = pool[k] - 1
        self.slot_card: list[int | None] = [None] * (3 * n)
        """The cards `seat` knows went through other givers' slots (None: unknown)."""
        self.unknown: list[list[int]] = list(map(list, layout.unknown))
        """By receiving hand, the slots whose card `seat` does not know."""
        self.base = list(map(list.copy, repeat([0] * kinds, n)))
        """The cards each hand holds after passing that `seat` knows of, wolves laid."""
        wolves_in = [0] * n
        self.feasible = True
        known: list[tuple[int, int]] = []
        """(receiving hand, card) of each card `seat` knows was passed."""
        choice = None if seat is None else self.passes.get(seat)
        if choice is not None:  # its own cards passed to a neighbour, as chosen
            for role, dest in layout.passed_by_seat:
                card = choice[role - 1]
                if card is not None:
                    known.append((dest, card))
        for p, role in layout.passed_to_seat:  # the cards passed to `seat`
            assert seat is not None  # only a seat is passed cards
            choice = self.passes.get(p)
            if choice is None:  # pragma: no cover - after the passes every holder chose
                self.unknown[seat].append(3 * p + role)
                continue
            card = choice[role - 1]
            if card is None or pool[card] <= 0:
                self.feasible = False
                return
            pool[card] = pool[card] - 1
            self.slot_card[3 * p + role] = card
            known.append((seat, card))
        for dest, card in known:
            wolves_in[dest] = wolves_in[dest] + (card == wolf)
            if card != wolf:
                self.base[dest][card] = self.base[dest][card] + 1
        if seat is not None:  # what `seat` kept: its deal less what it passed
            kept = self.base[seat]
            for k in self.own:
                kept[k] = kept[k] + (k != wolf)
            for given in self.passes.get(seat, (None, None)):
                if given is not None and given != wolf:
                    kept[given] = kept[given] - 1
        self.need = [0] * n
        for q in range(n):
            if q == seat:
                continue
            self.need[q] = self.laid[q] - wolves_in[q]
            if not 0 <= self.need[q] <= min(len(self.unknown[q]), pool[wolf]):
                self.feasible = False
                return
            pool[wolf] = pool[wolf] - self.need[q]
        pool[wolf] = 0  # every wolf left is placed above
        self.rest = _cards(pool)
        self.open = list(map(sub, map(len, self.unknown), self.need))
        self.to_draw = sum(self.open)
        """How many cards `sample` draws from `rest`."""
        self.ranks = layout.ranks
        self.draw_plans: dict[tuple[int, int, bool], DrawPlan] = {}
        """`draw_plan` by the hands the attacks look into (a bit set of seats), the first
        attack's target and whether it had a Dog."""
        self.feasible = len(self.rest) >= self.to_draw
        seen: list[int | None] = [self.slot_card[3 * p + role] for p, role in layout.passed_to_seat]
        seen.append(None)
        seen += self.own
        if seat is not None:
            seen += self.passes.get(seat, (None, None))
        self.seen = seen
        """What `seat` knows of the cards that `opening` lays out (`Layout.giver_places`)."""
        self.giver_places = layout.giver_places
        self.own_order = layout.own_order
        self.pass_places = layout.pass_places
        place = layout.slot_places
        self.pass_step_places = [
            (i, p, place[3 * p + 1], place[3 * p + 2]) for i, p in self.pass_steps
        ]
        """(index in the history, seat, places of its cards) of each pass chosen."""
        self.passed_places = layout.passed_places
        self.pass_event_at = [i for i, _, _, _ in self.pass_moves]
        self.pass_event_rows = [row for _, row, _, _ in self.pass_moves]

    def draw_plan(self, log: AttackLog) -> DrawPlan:
        """In which order the cards for the others' unknown slots are drawn for `log`:
        first for the first attack's target, then for the other hands the attacks look
        into (a target's Dog, a victim's cards), then the rest, so that a draw the attacks
        refute is given up before the rest is drawn."""
        looked_into = 0
        for fight in log.fights:
            looked_into |= 1 << fight.target | 1 << fight.victim
        target, defended = (
            (log.fights[0].target, log.fights[0].defended) if log.fights else (-1, False)
        )
        key = (looked_into, target, defended)
        plan = self.draw_plans.get(key)
        if plan is None:
            seats = range(self.n)
            order = [q for q in seats if q == target]
            order += [q for q in seats if looked_into >> q & 1 and q != target]
            order += [q for q in seats if not looked_into >> q & 1]
            hands = [q for q in order for _ in range(self.open[q])]
            starts = [0] * self.n  # where each hand's cards start among those drawn
            start = 0
            for q in order:
                starts[q] = start
                start += self.open[q]
            fills = [
                (self.need[q], starts[q], starts[q] + self.open[q])
                for q in seats
                if self.unknown[q]
            ]
            first = self.open[target] if target >= 0 else 0
            checked = sum(self.open[q] for q in seats if looked_into >> q & 1)
            plan = self.draw_plans[key] = DrawPlan(
                target, defended, hands[:first], hands[first:checked], hands[checked:], fills
            )
        return plan

    def sample(
        self, log: AttackLog, plan: DrawPlan, rng: random.Random
    ) -> tuple[list[list[int]], list[int], list[int]]:
        """A random make-up of the hands after passing (wolves laid), the attacks replayed
        on it: (the hands now, the cards drawn for the others' unknown slots in the order
        of `plan`, the kinds of the cards the attacks drew). Tried again until the public
        facts hold: the first attack's target holds a Dog exactly when it had one (tested
        as soon as its cards are drawn, the commonest refutation), then every attack (a
        defence there or not, an empty hand, a card `seat` saw drawn must be there); the
        cards `seat` did not see drawn are drawn afresh from the victim's hand.

        The draws are a partial Fisher-Yates shuffle of `rest`, one card for each hand of
        `plan.to_target`, `plan.checked`, then (once the attacks hold) `plan.after`."""
        random = rng.random
        rest, base, dog = self.rest, self.base, self.dog
        size = len(rest)
        target, defended, checked, after = plan.target, plan.defended, plan.checked, plan.after
        first = len(plan.to_target)
        fights = log.fights
        target_dogs = base[target][dog] if target >= 0 else 0
        for _ in range(MAX_TRIES):
            drawn = rest[:]
            dogs = target_dogs
            for i in range(first):  # the target's cards
                j = i + floor(random() * (size - i))
                k = drawn[j]
                drawn[j] = drawn[i]
                drawn[i] = k
                if k == dog:
                    dogs += 1
            if target >= 0 and (dogs > 0) != defended:
                continue
            hands = [hand[:] for hand in base]
            if first:
                hand = hands[target]
                for i in range(first):
                    k = drawn[i]
                    hand[k] = hand[k] + 1
            # the other hands the attacks look into
            after_checked = _deal_to(hands, drawn, first, checked, random)
            draws: list[int] = []
            for fight in fights:
                hand = hands[fight.target]
                if (hand[dog] > 0) != fight.defended:
                    break
                if fight.defended:
                    hand[dog] = hand[dog] - 1
                pile = hands[fight.victim]
                total = _total(pile) if COMPILED else sum(pile)
                if (total == 0) != fight.empty:
                    break
                k = fight.drawn
                if k < 0:  # nothing taken, or the draw is pending
                    continue
                if fight.seen:
                    if pile[k] <= 0:
                        break
                else:  # one card of the victim's at random, by its counts
                    k = _nth_card(pile, floor(random() * total))
                pile[k] = pile[k] - 1
                taker = hands[fight.drawer]
                taker[k] = taker[k] + 1
                draws.append(k)
            else:  # every attack holds: the other hands
                _deal_to(hands, drawn, after_checked, after, random)
                return hands, drawn[: self.to_draw], draws
        raise RuntimeError(f"no consistent re-draw found for seat {self.seat} in {MAX_TRIES} tries")

    def opening(
        self, drawn: list[int], plan: DrawPlan, rng: random.Random
    ) -> tuple[list[int | None], list[tuple[int, ...]]]:
        """Deals and passes that put the `drawn` cards (and the public wolves) where
        `sample` said: each hand's unknown slots in a random order. Returned as the
        re-draw's cards (laid out as `Layout` says) and, by giver, the places of its deal's
        cards in the order dealt."""
        wolf = self.wolf
        random = rng.random
        cards: list[int | None] = []
        for need, start, end in plan.fills:
            # The cards drawn come in a random order already: the public wolves go in at
            # random places (one after another, each place equally likely).
            hand: list[int | None] = drawn[start:end]  # type: ignore[assignment]
            for _ in range(need):
                hand.insert(floor(random() * (len(hand) + 1)), wolf)
            cards += hand
        cards += self.seen
        # every slot of another giver is filled: in one of its orders, at random
        orders = list(self.own_order)
        for p, options in self.giver_places:
            count = len(options)  # (an int: compiled, `random() * len(...)` is generic)
            orders[p] = options[floor(random() * count)]
        return cards, orders


def determinize(s: SwipSheepState, seat: int | None, rng: random.Random) -> SwipSheepState:
    phase = s.phase
    if phase == rules.ATTACK:
        if seat is not None and not 0 <= seat < s.num_players:
            seat = None  # a seat that does not play sees what a spectator sees
        r = s.redraws.get(seat)  # the passes have moved: attacks, draws
        if r is None:
            r = s.redraws[seat] = Round(s, seat)
            r.plan_after_passes()
        length = len(s.history)
        read = s.attacks_read  # the same state re-drawn again (a search's root): read once
        if read is not None and read[0] is r and read[1] == length:
            log, plan = read[2], read[3]
        else:
            log = r.attack_log(s)
            plan = r.draw_plan(log) if r.feasible else None
            s.attacks_read = (r, length, log, plan)
        if plan is None:
            raise RuntimeError(f"no consistent re-draw found for seat {seat} in {MAX_TRIES} tries")
        hands, drawn, draws = r.sample(log, plan, rng)
        cards, orders = r.opening(drawn, plan, rng)
        return _assemble(s, r, log, cards, orders, draws, hands)
    if phase == rules.OVER:
        return s.clone()  # every hand has been revealed
    if seat is not None and not 0 <= seat < s.num_players:
        seat = None
    return _before_the_passes(s, seat, rng)


def _before_the_passes(s: SwipSheepState, seat: int | None, rng: random.Random) -> SwipSheepState:
    """Before the passes move (the deal, then the choices): the cards dealt so far to the
    others, drawn afresh in dealing order from those `seat` has not seen (its own hand),
    then any legal pass for each other seat that has chosen, in the order they chose:
    without reading the whole round (`Round`): hands hold what was dealt until the passes
    move. The seat's own cards keep their steps and events; what is left of the cards not
    seen is the deck."""
    t = s.tables
    queue = s.dealing
    history = s.history
    pool = list(s.round_deck)  # the cards not seen, by kind
    no_cards = [0] * len(pool)
    hands = [no_cards[:] for _ in range(s.num_players)]  # (compiled, a copy costs the least)
    me = -1  # `seat` as an int (-1: none): compiled, comparing with `int | None` is generic
    if seat is not None:
        me = seat
        own = s.hands[seat]
        hands[seat] = own[:]
        for k in range(len(pool)):
            pool[k] = pool[k] - own[k]
    total = _total(pool) if COMPILED else sum(pool)
    steps = history[:]
    events = s.events[:]
    start = s.log_start
    deal_steps: Steps = t.deal_steps
    dealt_events = t.dealt_events
    random = rng.random
    dealt = min(len(history), len(queue))
    for i in range(dealt):
        to = queue[i]
        if to != me:  # one of the cards not seen, at random
            k = _nth_card(pool, floor(random() * total))
            total -= 1
            pool[k] = pool[k] - 1
            hand = hands[to]
            hand[k] = hand[k] + 1
            steps[i] = deal_steps[k]
            events[start + i] = dealt_events[to][k]
    new = s.clone_with_round(hands)
    new.deck = pool  # what is left of the cards not seen (counting them costs more)
    new.history = steps
    new.events = events
    passes = new.passes
    for i in range(dealt, len(history)):  # the passes chosen (phase PASS)
        actor = history[i][0]
        if actor != me:  # any legal pass: one of the tables' own, known by identity
            options = t.passes(hands[actor])
            count = len(options)  # (an int: compiled, `random() * len(...)` is generic)
            action = options[floor(random() * count)]
            passes[actor] = t.pass_kinds[id(action)]
            steps[i] = (actor, action)
            continue
        choice = passes[actor] = s.passes[actor]
        assert choice is not None  # it has chosen
        steps[i] = (actor, t.pass_action(*choice))
    return new


def _nth_card(pile: list[int], x: int) -> int:
    """The kind of card `x` (from 0) of `pile` (counts by kind) laid out kind by kind, as
    in `_cards(pile)[x]`: a walk over the few kinds costs less than spelling the cards out
    (a list of them, then one taken out of it)."""
    for k, count in enumerate(pile):
        if x < count:
            return k
        x -= count
    raise IndexError(f"card {x} past the end of the pile")


def _deal_to(
    hands: list[list[int]], drawn: list[int], at: int, to: list[int], random: Callable[[], float]
) -> int:
    """One card for each hand of `to`, in turn, from `drawn[at:]` at random: a step of a
    partial Fisher-Yates shuffle each (the card drawn swapped to its place), added to its
    hand. Returns the place after the last card drawn."""
    size = len(drawn)
    for q in to:
        j = at + floor(random() * (size - at))
        k = drawn[j]
        drawn[j] = drawn[at]
        drawn[at] = k
        hands[q][k] = hands[q][k] + 1
        at += 1
    return at


def _total(pile: list[int]) -> int:
    """How many cards `pile` (counts by kind) holds: `sum(pile)`, written out for the
    compiled build, where `sum` is a builtin looked up by name and called generically."""
    total = 0
    for count in pile:
        total += count
    return total


def _pass_sides(n: int, passes: dict[int, Pass]) -> list[tuple[int, int, int]]:
    """(giver, receiver, side of its pass: 0 left, 1 right) of every card passed, in the
    order the rules move them."""
    out = []
    for p in range(n):
        choice = passes.get(p)
        if choice is not None:
            if choice[0] is not None:
                out.append((p, (p + 1) % n, 0))
            if choice[1] is not None:
                out.append((p, (p - 1) % n, 1))
    return out


def _assemble(
    s: SwipSheepState,
    r: Round,
    log: AttackLog,
    cards: list[int | None],
    orders: list[tuple[int, ...]],
    draws: list[int],
    hands: list[list[int]],
) -> SwipSheepState:
    """The real state with the round's hidden choices replaced by the re-drawn ones:
    `cards` and each giver's `orders` as `Round.opening` gave them."""
    t = s.clone_with_round(hands)
    tables = s.tables
    history = t.history = s.history[:]
    events = s.events[:]
    # The deals: each hand's cards in the order dealt to it (deal i is its giver's card of
    # rank i), their steps and events; the deck holds what was not dealt, until the round
    # ends. One loop, each card's kind an int: compiled, all native.
    deck = list(r.start_deck)
    deal_steps: Steps = tables.deal_steps
    rows, queue, ranks = r.dealt_rows, r.queue, r.ranks
    start = s.log_start
    for i in range(r.dealt):
        k = cards[orders[queue[i]][ranks[i]]]
        assert k is not None  # each deal fills a slot
        deck[k] = deck[k] - 1
        history[i] = deal_steps[k]
        events[start + i] = rows[i][k]
    t.deck = deck
    passes: list[Pass | None] = [None] * r.n
    for p, left, right in r.pass_places:
        passes[p] = (cards[left], cards[right])
    t.passes = passes
    # The passes and the cards drawn: the other hidden choices and private cards replaced;
    # the public part of the round's steps and events stays.
    for i, actor, left, right in r.pass_step_places:
        history[i] = (actor, tables.pass_action(cards[left], cards[right]))
    for i, row, place in zip(r.pass_event_at, r.pass_event_rows, r.passed_places):  # noqa: B905 (compiled)
        k = cards[place]
        assert k is not None  # a card passed: a kind
        events[i] = row[k]
    draw_steps: Steps = tables.draw_steps
    drew_events = tables.drew_events
    steps_at, drew_at = log.draw_steps, log.drew_at
    for m, k in enumerate(draws):  # one step and one event for each card drawn
        history[steps_at[m]] = draw_steps[k]
        i, drawer, victim = drew_at[m]
        events[i] = drew_events[drawer][victim][k]
    t.events = events
    return t
