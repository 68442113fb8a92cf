"""Baaaaa!'s rules: who acts, what is legal, and what each action does.

Rulings from `shared/rules/baaaaa.md` (B-1 to B-9) are named where they are
implemented; decisions of this project where the spec is silent are named P-1, P-2...
and listed in RULES.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from pasture.core.game import CHANCE, JSON, Action, ChanceOutcome, Event
from pasture.games.baaaaa.actions import PlaySheepCard, PlayWolfCard, TakeSheep, TurnWolfCard
from pasture.games.baaaaa.board import FACES, HUT, SPACES, STEP, face_distance, path
from pasture.games.baaaaa.edition import Edition

if TYPE_CHECKING:
    from pasture.games.baaaaa.state import BaaaaaState

SHEEP, DRAW, CHOOSE, TIE, OVER = "sheep", "draw", "choose", "tie", "over"
"""Phases: a team member plays a sheep card; chance turns a wolf card; the wolf player
chooses which drawn card to play (variant); someone breaks a B-7 tie; the game is over."""

MOVE, TRIO, SHEPHERD = 0, 1, 2
W_MOVE, DISGUISED, SATED, ESCAPED, LIGHTNING, EAGLE = 0, 1, 2, 3, 4, 5
_WOLF_EFFECT = {
    "move": W_MOVE,
    "disguised": DISGUISED,
    "sated": SATED,
    "escaped": ESCAPED,
    "lightning": LIGHTNING,
    "eagle": EAGLE,
}
TAKEN, SAVED = -1, -2
"""What `move_sheep` returns when the sheep does not stop on a space."""


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
    wolf_effect: tuple[int, ...]
    wolf_step: tuple[tuple[int, ...] | None, ...]
    turn: tuple[TurnWolfCard, ...]
    pick: tuple[PlayWolfCard, ...]
    take: tuple[TakeSheep, ...]
    chance: dict[tuple[int, ...], list[ChanceOutcome]]
    offered: tuple[dict[bytes, tuple[Action, ...]], ...]
    """offered[k][key]: what move or Trio card k offers on a mountain of that key
    (`sheep_choices` says which key); filled as met, at most CACHE_LIMIT each."""


CACHE_LIMIT = 4096
OCCUPIED = bytes([0] + [1] * 255)
"""bytes(sheep).translate(OCCUPIED): which spaces hold a sheep (all a move card needs)."""
UP_TO_3 = bytes(min(n, 3) for n in range(256))
"""bytes(sheep).translate(UP_TO_3): sheep per space, counted to 3 (all a Trio needs)."""


_TABLES: dict[int, tuple[Edition, Tables]] = {}


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
    return Tables(
        sheep_index=e.sheep_index,
        wolf_index=e.wolf_index,
        sheep_effect=sheep_effect,
        paths=paths,
        play=play,
        no_effect=tuple(PlaySheepCard(kind) for kind in e.sheep_kinds),
        choices=tuple(choices),  # type: ignore[arg-type]
        offers=tuple(offers),
        wolf_effect=tuple(_WOLF_EFFECT[x] for x in e.wolf_effects),
        wolf_step=tuple(None if d is None else STEP[d] for d in e.wolf_moves),
        turn=tuple(TurnWolfCard(kind) for kind in e.wolf_kinds),
        pick=tuple(PlayWolfCard(kind) for kind in e.wolf_kinds),
        take=tuple(TakeSheep(sp) for sp in range(SPACES)),
        chance={},
        offered=tuple({} for _ in e.sheep_kinds),
    )


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
    if phase == SHEEP:
        return sheep_choices(s) if seat == s.current else []
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
    """One action per distinct effect of each available card; a card that can have no
    effect is offered once, with no effect (B-4), and only then (P-5)."""
    t = s.tables
    mountain = bytes(s.sheep)
    occupied = mountain.translate(OCCUPIED)
    up_to_3 = mountain.translate(UP_TO_3)
    out: list[Action] = []
    for k, n in enumerate(s.avail):
        if not n:
            continue
        effect = t.sheep_effect[k]
        if effect == SHEPHERD:
            out += [a for _, a in t.choices[k][s.shepherd]]
            continue
        key = up_to_3 if effect == TRIO else occupied
        found = t.offered[k].get(key)
        if found is None:
            found = _offered(t, k, key)
        out += found
    return out


def _offered(t: Tables, k: int, key: bytes) -> tuple[Action, ...]:
    """What card k offers on a mountain with `key[space]` sheep on each space (counted to
    3; to 1 for a move card), made once and kept."""
    offers = t.offers[k]
    found: tuple[Action, ...] = tuple(a for sp, held in enumerate(key) for a in offers[sp][held])
    if not found:
        found = (t.no_effect[k],)
    table = t.offered[k]
    if len(table) >= CACHE_LIMIT:
        table.clear()
    table[key] = found
    return found


def _has_effect(s: BaaaaaState, k: int) -> bool:
    t = s.tables
    effect = t.sheep_effect[k]
    if effect == SHEPHERD:
        return True
    sheep = s.sheep
    if effect == TRIO:
        return any(sheep[sp] for sp in range(SPACES - FACES))
    paths = t.paths[k]
    assert paths is not None
    return any(sheep[sp] and paths[sp] is not None for sp in range(SPACES))


def fast_legal(s: BaaaaaState, seat: int, action: Action) -> bool:
    """True when `action` is certainly legal; False sends it to the full check (which
    then names the reason)."""
    t = s.tables
    if isinstance(action, PlaySheepCard):
        if s.phase != SHEEP or seat != s.current or type(seat) is not int:
            return False
        k = t.sheep_index.get(action.card)
        if k is None or not s.avail[k] or type(action.count) is not int:
            return False
        sp, count = action.space, action.count
        if sp is None:
            return count == 1 and not _has_effect(s, k)
        if type(sp) is not int or not 0 <= sp < SPACES:
            return False
        effect = t.sheep_effect[k]
        if effect == SHEPHERD:
            return count == 1 and sp != s.shepherd
        if effect == TRIO:
            return sp < SPACES - FACES and 1 <= count <= min(3, s.sheep[sp])
        paths = t.paths[k]
        assert paths is not None
        return count == 1 and s.sheep[sp] > 0 and paths[sp] is not None
    if isinstance(action, TurnWolfCard):
        k = t.wolf_index.get(action.card)
        return seat == CHANCE and s.phase == DRAW and k is not None and s.deck[k] > 0
    if isinstance(action, PlayWolfCard):
        k = t.wolf_index.get(action.card)
        return (
            s.phase == CHOOSE
            and type(seat) is int
            and seat == s.wolf_seat
            and k is not None
            and k in s.held
        )
    if isinstance(action, TakeSheep):
        return (
            s.phase == TIE
            and type(seat) is int
            and seat == tie_chooser(s)
            and type(action.space) is int
            and action.space in s.tie
        )
    return False


def chance_outcomes(s: BaaaaaState) -> list[ChanceOutcome]:
    """The next wolf card turned: any card left in the deck, by its count there."""
    if s.phase != DRAW:
        return []
    t = s.tables
    key = tuple(s.deck)
    outcomes = t.chance.get(key)
    if outcomes is None:
        total = sum(key)
        turn = t.turn
        outcomes = t.chance[key] = [
            ChanceOutcome(turn[k], c / total) for k, c in enumerate(key) if c
        ]
    return outcomes


# --- effects ----------------------------------------------------------------------------


def apply(s: BaaaaaState, seat: int, action: Action) -> list[Event]:
    """Carry out a legal action; return the events it caused."""
    events: list[Event] = []
    if isinstance(action, TurnWolfCard):
        _turn_wolf_card(s, s.tables.wolf_index[action.card], events)
    elif isinstance(action, PlaySheepCard):
        _play_sheep_card(s, seat, action, events)
    elif isinstance(action, PlayWolfCard):
        _play_wolf_card(s, s.tables.wolf_index[action.card], events)
    elif isinstance(action, TakeSheep):
        _take_at(s, action.space)
        s.tie = []
        events.append(Event("wolf_takes", {"by": seat, "space": action.space}))
        _finish_wolf_card(s, events)
    else:  # pragma: no cover - check_legal lets no other action through
        raise TypeError(action)
    return events


def move_sheep(s: BaaaaaState, start: int, spaces: tuple[int, ...]) -> int:
    """Move one sheep from `start` through `spaces`; return where it stops, or TAKEN or
    SAVED."""
    s.sheep[start] -= 1
    wolf = s.wolf
    for sp in spaces:
        # B-5: passing through or stopping on the wolf's space is fatal, unless the
        # shepherd is there or a Sated Wolf is in force (B-8). P-1: a wolf standing on
        # the hut's space is met before the hut.
        if sp == wolf and not s.sated and s.shepherd != sp:
            s.taken += 1
            return TAKEN
        if sp == HUT:  # B-6: saved at once, the move ends
            s.saved += 1
            return SAVED
    end = spaces[-1]
    s.sheep[end] += 1
    return end


def _play_sheep_card(s: BaaaaaState, seat: int, action: PlaySheepCard, events: list[Event]) -> None:
    t = s.tables
    k = t.sheep_index[action.card]
    sp = action.space
    saved, taken = s.saved, s.taken
    to: int | None = None
    if sp is not None:
        effect = t.sheep_effect[k]
        if effect == SHEPHERD:
            s.shepherd = to = sp
        elif effect == TRIO:
            up = (sp + FACES,)
            for _ in range(action.count):
                end = move_sheep(s, sp, up)
            to = end if end >= 0 else None
        else:
            paths = t.paths[k]
            assert paths is not None
            route = paths[sp]
            assert route is not None
            end = move_sheep(s, sp, route)
            to = end if end >= 0 else None
    s.avail[k] -= 1
    if not any(s.avail):  # all set aside: all available again
        s.avail[:] = s.edition.sheep_counts
    event = _sheep_card_event(
        seat, action.card, sp, action.count, to, s.saved - saved, s.taken - taken
    )
    events.append(event)
    s.last_sheep = event.public
    if s.saved + s.taken == s.edition.sheep:
        _game_over(s, events)
        return
    if not any(s.deck):
        _reshuffle(s, events)
    s.phase = DRAW


@lru_cache(maxsize=4096)
def _sheep_card_event(
    seat: int, card: str, sp: int | None, count: int, to: int | None, saved: int, taken: int
) -> Event:
    """Made once per distinct content: events are immutable values (so is `last_sheep`)."""
    public: dict[str, JSON] = {
        "seat": seat,
        "card": card,
        "space": sp,
        "count": count,
        "to": to,
        "saved": saved,
        "taken": taken,
    }
    return Event("sheep_card", public)


def _reshuffle(s: BaaaaaState, events: list[Event]) -> None:
    """The deck is empty: every wolf card not in the wolf player's hand is shuffled into
    a new deck (the order is drawn card by card as chance outcomes)."""
    deck = list(s.edition.wolf_counts)
    for k in s.held:
        deck[k] -= 1
    s.deck = deck
    s.aside = [0] * len(deck)
    s.reshuffles += 1
    events.append(Event("reshuffle", {"deck": sum(deck)}))


def _turn_wolf_card(s: BaaaaaState, k: int, events: list[Event]) -> None:
    s.deck[k] -= 1
    s.sated = False  # B-8: a Sated Wolf lasts until the next wolf card is turned
    if s.wolf_seat is None:
        s.in_play = k
        _carry_out(s, k, s.current, events)
        return
    # The wolf-player variant: two cards, private to the wolf until played or discarded.
    s.held.append(k)
    kind = s.edition.wolf_kinds[k]
    wolf = s.wolf_seat
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


def _disguised_candidates(s: BaaaaaState) -> list[int]:
    """B-7: the nearest sheep on the wolf's floor (its own space is nearest). In the
    wolf-player variant the shepherd's space is skipped."""
    wolf = s.wolf
    base = wolf - wolf % FACES
    skip = s.shepherd if s.wolf_seat is not None else -1
    best = 3
    out: list[int] = []
    for sp in range(base, base + FACES):
        if s.sheep[sp] and sp != skip:
            d = face_distance(sp, wolf)
            if d < best:
                best, out = d, [sp]
            elif d == best:
                out.append(sp)
    return out


def _lightning_candidates(s: BaaaaaState) -> list[int]:
    """B-7: the highest sheep on the mountain (the variant skips the shepherd's space)."""
    skip = s.shepherd if s.wolf_seat is not None else -1
    for base in range(SPACES - FACES, -1, -FACES):
        out = [sp for sp in range(base, base + FACES) if s.sheep[sp] and sp != skip]
        if out:
            return out
    return []


def _take_at(s: BaaaaaState, sp: int) -> None:
    """Disguised Wolf and Lightning: exactly one sheep to the larder, the wolf onto its space."""
    s.sheep[sp] -= 1
    s.taken += 1
    s.wolf = sp


def _place_on_shepherd(s: BaaaaaState) -> None:
    """Escaped Sheep and Eagle: a sheep appears on the shepherd's space (B-6 on the hut)."""
    if s.shepherd == HUT:
        s.saved += 1
    else:
        s.sheep[s.shepherd] += 1


def _carry_out(s: BaaaaaState, k: int, by: int, events: list[Event]) -> None:
    t = s.tables
    effect = t.wolf_effect[k]
    wolf_from, saved, taken = s.wolf, s.saved, s.taken
    placed: int | None = None
    candidates: list[int] = []
    if effect == W_MOVE:
        step = t.wolf_step[k]
        assert step is not None
        dest = step[s.wolf]
        if dest >= 0:  # else: it cannot go that way, and nothing happens
            s.wolf = dest
            if s.shepherd != dest:
                # Two sheep if two or more stand there; one in the wolf-player variant.
                n = min(s.sheep[dest], 2 if s.wolf_seat is None else 1)
                s.sheep[dest] -= n
                s.taken += n
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
        event = _wolf_card_event(
            card, by, wolf_from, placed, s.wolf, s.saved - saved, s.taken - taken
        )
    events.append(event)
    s.last_wolf = event.public
    if s.phase != TIE:
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
    s.aside[s.in_play] += 1
    s.in_play = -1
    if s.held:
        for k in s.held:
            s.aside[k] += 1
            events.append(Event("wolf_discard", {"card": s.edition.wolf_kinds[k]}))
        s.held = []
        s.held_known = 0
    s.turn += 1
    if s.saved + s.taken == s.edition.sheep or s.turn >= s.max_turns:  # B-9: the cap
        _game_over(s, events)
        return
    s.current = next_team_member(s, s.current)
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
    events.append(Event("game_over", s.result().to_json()))


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
    assert all(0 <= a <= c for a, c in zip(s.avail, e.sheep_counts, strict=True))
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
