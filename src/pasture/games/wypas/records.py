"""`@record`: a small record that is never changed in place (a change makes a new one).

Type checkers treat it as a frozen dataclass (assigning a field is an error); at run
time it is a plain slotted dataclass, because a frozen one's constructor costs about
seven times as much and the engine makes these records on its hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True)
def record(cls: type[T]) -> type[T]:
    return dataclass(slots=True, unsafe_hash=True)(cls)
