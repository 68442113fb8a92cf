"""Text from clients (names, ids, every string in a message), checked the same way on
every database: control characters (NUL included) and lone surrogates are refused,
lengths and nesting are bounded. PostgreSQL refuses NUL in text, SQLite keeps it: were
it not checked here, the same message would work on one and break a table on the other.
"""

from __future__ import annotations

import re
from typing import Any

from pasture.server.errors import ServerError

MAX_DEPTH = 8
"""Deepest nesting of objects and arrays in a client message (actions need 3)."""
MAX_ITEMS = 2_000
"""Most values (strings, numbers, keys, ...) in one client message."""

_BAD = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def check_text(value: str, what: str, max_length: int) -> str:
    """`value` if it is printable text of at most `max_length` characters."""
    if len(value) > max_length:
        raise ServerError(
            422,
            "text_too_long",
            f"{what} is limited to {max_length} characters.",
            {"limit": max_length},
        )
    found = _BAD.search(value)
    if found is not None:
        raise ServerError(
            422,
            "bad_text",
            f"{what} contains the control character U+{ord(found.group()):04X}; send"
            " printable text.",
        )
    return value


PLAIN_LENGTH = 2_000
"""A message's text up to this long holds fewer than MAX_ITEMS values (each takes a
character at least), and no string longer than `check_message` allows."""


def is_plain(text: str) -> bool:
    """Is the JSON `text` of a message bounded as `check_message` bounds it, seen from
    its text alone? Short, printable (so no control character, surrogate or
    non-character, in strings or out), without a backslash (so its strings hold just
    what the text shows) and with at most MAX_DEPTH brackets in all. Every message a
    client sends in play is; one that is not is walked by `check_message`."""
    return (
        len(text) <= PLAIN_LENGTH
        and text.isprintable()
        and "\\" not in text
        and text.count("{") + text.count("[") <= MAX_DEPTH
    )


def check_message(data: Any) -> None:
    """Bound a parsed client message: nesting, size, and printable strings throughout."""
    count = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        count += 1
        if count > MAX_ITEMS:
            raise ServerError(
                400, "malformed_message", f"A message holds at most {MAX_ITEMS} values."
            )
        if isinstance(value, str):
            check_text(value, "A string in the message", 10_000)
        elif isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise ServerError(
                    400, "malformed_message", f"A message nests at most {MAX_DEPTH} levels."
                )
            if isinstance(value, dict):
                for key, item in value.items():
                    stack.append((key, depth + 1))
                    stack.append((item, depth + 1))
            else:
                stack.extend((item, depth + 1) for item in value)
