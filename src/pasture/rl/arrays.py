"""Observations as numpy arrays, cheaply."""

from __future__ import annotations

import functools
import struct

import numpy as np


@functools.cache
def _packer(size: int) -> struct.Struct:
    return struct.Struct(f"={size}f")


def float32_array(values: list[float]) -> np.ndarray:
    """`values` as a float32 array. Packing the list with `struct` and viewing the bytes
    is several times cheaper than `np.array` or `np.fromiter`, which take the list one
    item at a time; a value beyond float32's range falls back to numpy (it becomes inf)."""
    try:
        packed = _packer(len(values)).pack(*values)
    except (OverflowError, struct.error):
        return np.array(values, np.float32)
    return np.frombuffer(packed, np.float32)
