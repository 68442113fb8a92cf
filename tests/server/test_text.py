"""A message whose text `is_plain` vouches for is one `check_message` accepts: the
shortcut the play path takes (ws.parse_message) never lets through what the walk over
the parsed message would refuse (a control character, a lone surrogate, a string too
long, too many values, too deep a nesting)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pasture.server.errors import ServerError
from pasture.server.text import MAX_DEPTH, check_message, is_plain

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=40,
)


def accepted(data: Any) -> bool:
    try:
        check_message(data)
    except ServerError:
        return False
    return True


@settings(max_examples=100, deadline=None)  # drawing the examples is what costs
@given(JSON_VALUES, st.booleans())
def test_what_is_plain_check_message_accepts(data: Any, ascii_only: bool) -> None:
    text = json.dumps({"type": "act", "action": data}, ensure_ascii=ascii_only)
    if is_plain(text):
        assert accepted(json.loads(text)), text


def test_a_plain_act_is_plain_and_each_way_out_of_it_is_not() -> None:
    act = '{"type":"act","action":{"kind":"pass","left":"wolf"},"version":3,"id":"7"}'
    assert is_plain(act)
    assert not is_plain(act.replace("wolf", "wo\\u0000lf"))  # an escape: walked
    assert not is_plain(act.replace("wolf", "wo\x85lf"))  # a C1 control character
    assert not is_plain(act.replace('"wolf"', "[" * MAX_DEPTH + "]" * MAX_DEPTH))
    assert not is_plain(act.replace("wolf", "w" * 2_000))
    assert not accepted(json.loads(act.replace("wolf", "wo\\u0000lf")))
