"""The list-to-float32 conversion the adapters hand observations out with."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")

from pasture.rl.arrays import float32_array  # noqa: E402


def test_packed_arrays_equal_numpys_own() -> None:
    rng = random.Random(1)
    for size in (0, 1, 88, 1129):
        values = [rng.choice((0.0, 1.0, rng.random() * 100, 3, True)) for _ in range(size)]
        got = float32_array(values)
        assert got.dtype == np.float32 and got.shape == (size,)
        assert np.array_equal(got, np.array(values, np.float32))


def test_a_value_beyond_float32_becomes_infinite_as_in_numpy() -> None:
    with np.errstate(over="ignore"):
        got = float32_array([1.0, 1e300])
    assert got[0] == 1.0 and np.isinf(got[1])
