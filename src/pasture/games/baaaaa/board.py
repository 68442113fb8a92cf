"""The mountain: 12 spaces, 3 floors (0 low, 2 high) by 4 faces (0-3).

A space is numbered `floor * 4 + face`. Faces are numbered clockwise seen from above
(B-1): *left* of face d is face d+1 (mod 4), *right* is face d-1 (mod 4), as seen by
someone facing that face from outside; *up* and *down* change floor on the same face.
"""

from __future__ import annotations

from typing import Final

FLOORS: Final = 3
FACES: Final = 4
SPACES: Final = FLOORS * FACES

# B-2: the setup.
SHEEP_START: Final = 0  # floor 0, face 0
WOLF_START: Final = 2  # floor 0, face 2: the bottom space opposite the sheep
HUT: Final = 10  # floor 2, face 2: two floors above the wolf (the shepherd starts here too)


def space(floor: int, face: int) -> int:
    return floor * FACES + face


def floor_of(s: int) -> int:
    return s // FACES


def face_of(s: int) -> int:
    return s % FACES


def _neighbour(s: int, direction: str) -> int:
    """The space one step `direction` from `s`, or -1 off the mountain."""
    f, d = divmod(s, FACES)
    if direction == "up":
        return s + FACES if f < FLOORS - 1 else -1
    if direction == "down":
        return s - FACES if f > 0 else -1
    if direction == "left":
        return f * FACES + (d + 1) % FACES
    if direction == "right":
        return f * FACES + (d - 1) % FACES
    raise ValueError(direction)


STEP: Final[dict[str, tuple[int, ...]]] = {
    d: tuple(_neighbour(s, d) for s in range(SPACES)) for d in ("up", "down", "left", "right")
}
"""STEP[direction][space]: the next space that way, or -1 off the mountain."""


def path(start: int, direction: str, steps: int) -> tuple[int, ...] | None:
    """The spaces a sheep enters moving `steps` from `start` (the last is where it stops),
    or None if the move would leave the mountain."""
    out: list[int] = []
    at = start
    for _ in range(steps):
        at = STEP[direction][at]
        if at < 0:
            return None
        out.append(at)
    return tuple(out)


def face_distance(a: int, b: int) -> int:
    """Steps around a floor between the faces of spaces a and b (0, 1 or 2)."""
    d = abs(face_of(a) - face_of(b))
    return min(d, FACES - d)


def name(s: int) -> str:
    if not 0 <= s < SPACES:  # an error message may name a space off the mountain
        return f"space {s}"
    return f"floor {floor_of(s)} face {face_of(s)}"
