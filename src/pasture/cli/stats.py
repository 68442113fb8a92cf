"""Summaries of many simulated matches: win rates with confidence intervals, scores."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import sqrt
from statistics import fmean, pstdev

from pasture.core.game import Result

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Results of many matches with the same seating."""

    players: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    """Wins per seat; a shared win counts 1/k for each of the k winners."""
    outright: list[int] = field(default_factory=list)
    scores: list[list[float]] = field(default_factory=list)
    steps: int = 0
    capped: int = 0
    """Matches ended by a safety cap (Termination.SAFETY_CAP) rather than by the rules."""

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.outright = [0] * self.players
        self.scores = [[] for _ in range(self.players)]

    def add(self, result: Result, steps: int = 0) -> None:
        self.games += 1
        self.steps += steps
        self.capped += result.capped
        for seat in result.winners:
            self.wins[seat] += 1 / len(result.winners)
            if len(result.winners) == 1:
                self.outright[seat] += 1
        for seat, score in enumerate(result.scores):
            self.scores[seat].append(score)

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.capped += other.capped
        for seat in range(self.players):
            self.wins[seat] += other.wins[seat]
            self.outright[seat] += other.outright[seat]
            self.scores[seat].extend(other.scores[seat])

    def seat_summary(self, seat: int) -> dict[str, float]:
        scores = self.scores[seat]
        low, high = wilson_interval(self.wins[seat], self.games)
        return {
            "win_rate": self.wins[seat] / self.games if self.games else 0.0,
            "win_rate_low": low,
            "win_rate_high": high,
            "outright_wins": self.outright[seat],
            "score_mean": fmean(scores) if scores else 0.0,
            "score_sd": pstdev(scores) if len(scores) > 1 else 0.0,
            "score_min": min(scores, default=0.0),
            "score_max": max(scores, default=0.0),
        }
