"""Table chat over real websockets: two channels (players never read the spectators'),
bounded and validated text, a rate limit, emotes by name, and the history on connecting."""

from __future__ import annotations

import asyncio

from tests.server.harness import Client, Server


def test_chat_channels_limits_and_history(server: Server) -> None:
    table_id, tokens = server.table_with_people("swipsheep", 3)

    async def scenario() -> None:
        ann = await Client(server, table_id, tokens[0]).connect()
        ben = await Client(server, table_id, tokens[1]).connect()
        watcher = await Client(server, table_id).connect()
        for c in (ann, ben, watcher):
            await c.until("view")
        await ann.send({"type": "chat", "text": "  <b>hi</b> & bye  "})
        said = await ben.until("chat")
        assert said == {
            "type": "chat",
            "channel": "players",
            "seat": 0,
            "name": said["name"],
            "text": "<b>hi</b> & bye",  # as typed (trimmed): the page shows it as text
        }
        assert (await watcher.until("chat"))["text"] == "<b>hi</b> & bye"
        await watcher.send({"type": "chat", "text": "psst, seat 2 holds a wolf"})
        heard = await watcher.until("chat")
        assert heard["channel"] == "spectators" and heard["seat"] is None
        await ben.send({"type": "chat", "emote": "good_game"})
        assert (await ann.until("chat", emote="good_game"))["seat"] == 1
        refused: list[tuple[dict[str, object], str]] = [
            ({"text": "nul\x00here"}, "bad_text"),  # as anywhere in a message
            ({"text": "bell\x07"}, "bad_text"),
            ({"text": "   "}, "bad_chat"),
            ({"text": 5}, "bad_chat"),
            ({"text": "x" * 201}, "chat_too_long"),
            ({"emote": "<script>"}, "bad_chat"),
        ]
        for bad, code in refused:
            await ann.send({"type": "chat", **bad})
            error = await ann.until("error")
            assert error["code"] == code
            if code == "chat_too_long":  # the limit is a param: each language words it
                assert error["params"] == {"limit": 200}
        for i in range(5):  # with the emote, the 6th message of these 10 s is refused
            await ben.send({"type": "chat", "text": f"line {i}"})
        too_fast = await ben.until("error")
        assert too_fast["code"] == "chat_too_fast"
        assert too_fast["params"]["count"] == 5 and too_fast["params"]["seconds"] == 10
        assert 1 <= too_fast["params"]["retry_after"] <= 10
        # A newcomer gets the history it may read: a player never the spectators' channel.
        late = await Client(server, table_id, tokens[2]).connect()
        history = await late.until("chat_history")
        channels = {m["channel"] for m in history["messages"]}
        assert channels == {"players"}
        late_watcher = await Client(server, table_id).connect()
        seen = await late_watcher.until("chat_history")
        assert {m["channel"] for m in seen["messages"]} == {"players", "spectators"}
        await asyncio.sleep(0.2)
        assert not [m for m in ann.messages + ben.messages if m.get("channel") == "spectators"]
        for c in (ann, ben, watcher, late, late_watcher):
            await c.close()

    asyncio.run(scenario())
