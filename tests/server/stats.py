"""The two-sample Kolmogorov–Smirnov test, small enough to read (no SciPy needed)."""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import NamedTuple


class KSResult(NamedTuple):
    statistic: float
    """The largest gap between the two empirical distribution functions."""
    p_value: float
    """How likely a gap this large is when both samples come from one distribution."""


def ks_two_sample(a: Sequence[float], b: Sequence[float]) -> KSResult:
    """D = sup |F_a - F_b| and its asymptotic p-value (Kolmogorov's distribution with
    Stephens' small-sample correction)."""
    xs, ys = sorted(a), sorted(b)
    n, m = len(xs), len(ys)
    if not n or not m:
        raise ValueError("both samples need at least one value")
    d = max(abs(bisect_right(xs, v) / n - bisect_right(ys, v) / m) for v in (*xs, *ys))
    en = math.sqrt(n * m / (n + m))
    lam = (en + 0.12 + 0.11 / en) * d
    if lam < 1e-3:
        return KSResult(d, 1.0)
    p = 2 * sum((-1) ** (k - 1) * math.exp(-2 * k * k * lam * lam) for k in range(1, 101))
    return KSResult(d, min(max(p, 0.0), 1.0))
