"""Tournaments among bots: lineups, seat rotation, timed decisions, openskill ratings.

A tournament plays every lineup of the chosen bots at a table of `players` seats
(`mixed`: every mix of them, or `one-vs-rest`: one copy of the first bot against copies
of each other one), each in every rotation of its seats, game after game with seeds `seed`,
`seed+1`, ... . Each match is rated with openskill's Plackett-Luce model: every seat is
a team of one, ranked by the match's winners (a shared win is a tie). Where a team plays
against the game itself (Baaaaa!'s cooperative game, or any solo game) the game is one
more entrant: ranked above the team when the team loses, level on a draw.
"""

from __future__ import annotations

import importlib
import itertools
import math
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce, PlackettLuceRating

from pasture import games
from pasture.bots import make
from pasture.cli.stats import wilson_interval
from pasture.core.bot import Turn
from pasture.core.game import JSON, Game
from pasture.core.match import Match

THE_GAME = "(the game)"
"""The pseudo-entrant that a team plays against in a cooperative game."""
MODES = ("mixed", "one-vs-rest")


@dataclass(frozen=True, slots=True)
class Table:
    """One match to play: which bot sits in each seat, and the seed."""

    index: int
    seed: int
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """A match's outcome and each seat's decision times (seconds)."""

    index: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    against_game: bool
    """A team played against the game itself (the game wins when nobody does)."""
    draw: bool
    think: tuple[tuple[float, ...], ...]


def lineups(bots: Sequence[str], players: int, mode: str) -> list[tuple[str, ...]]:
    """The seatings to play, before rotation."""
    if mode not in MODES:
        raise ValueError(f"Unknown mode {mode!r}; choose from {', '.join(MODES)}.")
    if len(set(bots)) != len(bots):
        raise ValueError("Name each bot once.")
    if len(bots) == 1 or players == 1:
        return [(b,) * players for b in bots]
    if mode == "one-vs-rest":
        return [(bots[0],) + (b,) * (players - 1) for b in bots[1:]]
    mixes = itertools.combinations_with_replacement(bots, players)
    return [m for m in mixes if len(set(m)) > 1]


def rotations(seats: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct rotation of a seating, so no bot keeps a seat's advantage."""
    seen: dict[tuple[str, ...], None] = {}
    for k in range(len(seats)):
        seen.setdefault(seats[k:] + seats[:k], None)
    return list(seen)


def schedule(
    bots: Sequence[str], players: int, count: int, seed: int, mode: str = "mixed"
) -> list[Table]:
    """`count` matches cycling through every rotation of every lineup."""
    seatings = [r for lineup in lineups(bots, players, mode) for r in rotations(lineup)]
    return [Table(i, seed + i, seatings[i % len(seatings)]) for i in range(count)]


def against_the_game(game: Game, players: int, options: dict[str, JSON]) -> bool:
    """Whether the seats form one team playing the game itself (no seat can win alone)."""
    if players == 1:
        return True
    module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".bots")
    cooperative = getattr(module, "cooperative", None)
    return bool(cooperative(options)) if cooperative is not None else False


def play_table(game_name: str, table: Table, options: dict[str, JSON] | None = None) -> Played:
    """Play one match, timing every decision of every seat."""
    game = games.get(game_name)
    bots = [make(game, name) for name in table.seats]
    match = Match(game, len(bots), options, table.seed)
    resolved = game.resolve_options(len(bots), options)
    rngs = [random.Random(f"{table.seed}:{seat}") for seat in range(len(bots))]
    think: list[list[float]] = [[] for _ in bots]
    state = match.state
    while not state.is_over():
        seat = state.actors()[0]
        turn = Turn(state, seat, rngs[seat])
        start = time.process_time()  # CPU time: what one core spends, whatever the load
        action = bots[seat].choose(turn)
        if len(turn.legal) > 1:
            think[seat].append(time.process_time() - start)
        match.act(seat, action)
    result = state.result()
    return Played(
        table.index,
        table.seats,
        result.winners,
        against_the_game(game, len(bots), resolved),
        draw=not result.winners and len(set(result.scores)) == 1 and result.scores[0] == 0,
        think=tuple(tuple(t) for t in think),
    )


def play_many(
    game_name: str, tables: Sequence[Table], options: dict[str, JSON] | None
) -> list[Played]:
    return [play_table(game_name, t, options) for t in tables]


@dataclass
class Standing:
    """One entrant's record over a tournament."""

    name: str
    mu: float = 25.0
    sigma: float = 25.0 / 3
    games: int = 0
    wins: float = 0.0
    """Wins, a shared win counting 1/k."""
    fair: float = 0.0
    """The wins a bot would expect from an even share of each match it sat in."""
    think: list[float] = field(default_factory=list)

    @property
    def low(self) -> float:
        return self.mu - 1.96 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + 1.96 * self.sigma

    def to_json(self) -> dict[str, JSON]:
        low, high = wilson_interval(self.wins, self.games)
        think = sorted(self.think)
        return {
            "bot": self.name,
            "rating": round(self.mu, 2),
            "rating_low": round(self.low, 2),
            "rating_high": round(self.high, 2),
            "sigma": round(self.sigma, 3),
            "games": self.games,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_low": low,
            "win_rate_high": high,
            "fair_share": self.fair / self.games if self.games else 0.0,
            "decisions": len(think),
            "think_median_s": statistics.median(think) if think else 0.0,
            "think_p95_s": think[min(len(think) - 1, math.ceil(0.95 * len(think)) - 1)]
            if think
            else 0.0,
        }


class Ratings:
    """Openskill ratings of the entrants, updated match by match in schedule order."""

    def __init__(self, names: Sequence[str]) -> None:
        self.model = PlackettLuce()
        self.standings = {n: Standing(n) for n in names}

    def add(self, played: Played) -> None:
        seats = played.seats
        n = len(seats)
        for seat, name in enumerate(seats):
            s = self.standings[name]
            s.games += 1
            s.think.extend(played.think[seat])
            if played.against_game:
                s.fair += 0.5  # a team against the game: even odds are the fair share
                s.wins += seat in played.winners
            else:
                s.fair += 1 / n
                s.wins += (seat in played.winners) / max(len(played.winners), 1)
        teams = [[self._rating(name)] for name in seats]
        if played.against_game:
            team_won = bool(played.winners)
            ranks: list[float] = [0 if team_won or played.draw else 1] * n
            teams.append([self._rating(THE_GAME)])
            ranks.append(1 if team_won else 0)
        else:
            ranks = [0 if seat in played.winners or not played.winners else 1 for seat in range(n)]
        new = self.model.rate(teams, ranks=ranks)
        self._merge([t[0].name or "" for t in teams], [t[0] for t in new])

    def _rating(self, name: str) -> PlackettLuceRating:
        s = self.standings.setdefault(name, Standing(name))
        return self.model.rating(mu=s.mu, sigma=s.sigma, name=name)

    def _merge(self, names: list[str], new: list[PlackettLuceRating]) -> None:
        """A bot seated twice gets the sum of its seats' changes (its sigma: the least)."""
        deltas: dict[str, list[tuple[float, float]]] = {}
        for name, rating in zip(names, new, strict=True):
            deltas.setdefault(name, []).append((rating.mu, rating.sigma))
        for name, changes in deltas.items():
            s = self.standings[name]
            s.mu += sum(mu - s.mu for mu, _ in changes)
            s.sigma = min(sigma for _, sigma in changes)

    def leaderboard(self) -> list[Standing]:
        board = [s for s in self.standings.values() if s.name != THE_GAME or s.games == 0]
        return sorted(board, key=lambda s: -s.mu)
