"""Frames the server writes straight to the transport (server/frames.py) are the frames
the websockets library itself would write, at every length encoding (RFC 6455 5.2)."""

from __future__ import annotations

from collections.abc import Generator

import pytest
from websockets.frames import Frame, Opcode

from pasture.server.frames import text_frame


def parse(data: bytes) -> Frame:
    """Read one frame from `data` with the websockets library's own parser, as a
    client reads it (server frames are not masked); nothing may be left over."""
    position = 0

    def read_exact(n: int) -> Generator[None, None, bytes]:
        nonlocal position
        chunk = data[position : position + n]
        position += n
        assert len(chunk) == n, "the frame is shorter than its header says"
        return chunk
        yield  # a generator, as the parser expects

    parser = Frame.parse(read_exact, mask=False)
    try:
        while True:
            next(parser)
    except StopIteration as done:
        frame: Frame = done.value
    assert position == len(data), "bytes after the frame"
    return frame


@pytest.mark.parametrize("size", [0, 1, 125, 126, 1000, 65535, 65536, 300_000])
def test_text_frame_is_one_final_unmasked_text_frame(size: int) -> None:
    payload = ("é" * size).encode()[:size]
    frame = parse(text_frame(payload))
    assert frame.opcode == Opcode.TEXT
    assert frame.fin
    assert frame.data == payload


@pytest.mark.parametrize("size", [0, 125, 126, 65536])
def test_text_frame_equals_what_websockets_serializes(size: int) -> None:
    payload = b"x" * size
    expected = Frame(Opcode.TEXT, payload).serialize(mask=False)
    assert text_frame(payload) == expected
