"""Tables in and out of memory: loaded when due or asked for, timers kept across a
restart, waiting tables expired; the lobby pages from stored columns; a new occupant's
catch-up; one stuck database statement fails only its own table (PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import psycopg
import websockets

from tests.server.fake_game import GAME
from tests.server.harness import Client, Server


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def _sqlite(tmp_path: Path) -> tuple[str, Path]:
    path = tmp_path / "pasture.sqlite"
    return f"sqlite:///{path}?synchronous=NORMAL", path


def _wait_for(predicate: Any, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "the server did not get there"
        time.sleep(0.1)


def test_bot_tables_resume_after_a_restart_without_anyone_asking(tmp_path: Path) -> None:
    url, path = _sqlite(tmp_path)
    args = ("--sweep-interval", "0.5")  # random bots: they think in a thread (bot_workers=0)
    server = Server(url, "--bot-delay", "0.05", *args, bot_workers=0).start()
    bots = {str(s): "random" for s in range(3)}
    tables = [server.create("swipsheep", 3, bots=bots)["id"] for _ in range(3)]
    server.kill()
    server = Server(url, *args, port=server.port, bot_workers=0).start()
    try:

        def finished() -> bool:
            with sqlite3.connect(path) as conn:
                rows = conn.execute(
                    f"select status from tables where id in ({','.join('?' * len(tables))})",
                    tables,
                ).fetchall()
            return all(r[0] == "over" for r in rows)

        _wait_for(finished)  # nobody connected or asked: the server played them itself
    finally:
        server.stop()


def test_a_restart_does_not_start_a_reaction_window_again(tmp_path: Path) -> None:
    url, path = _sqlite(tmp_path)
    args = ("--reaction-timeout", "600")  # a window started again would outlast the test
    server = Server(url, *args, with_test_game=True, bot_workers=0).start()
    tid, tokens = server.table_with_people(GAME.name, 2, options={"rounds": 1})

    def stored() -> dict[str, float]:
        with sqlite3.connect(path) as conn:
            row = conn.execute("select deadlines from tables where id=?", (tid,)).fetchone()
        return dict(json.loads(row[0] or "{}"))

    _wait_for(lambda: bool(stored()))  # the window opened with the last join
    assert set(stored()) == {"0:reaction", "1:reaction"}
    server.kill()
    due = time.time() - 1  # as if the restart took longer than the window: it was due
    with sqlite3.connect(path) as conn:
        deadlines = json.dumps({key: due for key in stored()})
        conn.execute("update tables set deadlines=?, wake_at=? where id=?", (deadlines, due, tid))
    server = Server(url, *args, port=server.port, with_test_game=True, bot_workers=0).start()

    async def scenario() -> list[dict[str, Any]]:
        c = await Client(server, tid, tokens[0]).connect(since=0)
        await c.until("end", timeout=60)
        await c.close()
        return [m["event"] for m in c.messages if m["type"] == "event"]

    try:
        events = run(scenario())
    finally:
        server.stop()
    # it closed by its stored deadline, with both seats' automatic answers
    assert sorted((e["type"], e["seat"]) for e in events) == [("pass", 0), ("pass", 1)]


def test_waiting_tables_expire(tmp_path: Path) -> None:
    url, _ = _sqlite(tmp_path)
    server = Server(url, "--waiting-ttl", "1", "--sweep-interval", "0.2", bot_workers=0).start()
    try:
        tid = server.create("swipsheep", 3)["id"]
        assert tid in [t["id"] for t in server.get("/api/tables").json()]
        _wait_for(lambda: server.get(f"/api/tables/{tid}").json()["status"] == "expired")
        response = server.post(f"/api/tables/{tid}/seats/0", {"name": "late"})
        assert response.status_code == 409 and response.json()["code"] == "expired"
        assert tid not in [t["id"] for t in server.get("/api/tables").json()]
    finally:
        server.stop()


def test_idle_tables_leave_memory_and_come_back_when_asked_for(tmp_path: Path) -> None:
    url, _ = _sqlite(tmp_path)
    server = Server(url, "--idle-after", "0.3", "--sweep-interval", "0.2", bot_workers=0).start()
    try:
        tid, tokens = server.table_with_people("swipsheep", 3)

        async def act_once(name: str) -> int:
            c = await Client(server, tid, tokens[0]).connect()
            view = await c.until("view")
            if view["legal"]:
                await c.act(view["legal"][0], view["version"], name)
                await c.until("ack")
            await c.close()
            return int(view["version"])

        first = run(act_once("one"))
        time.sleep(1.0)  # evicted meanwhile; the next connection loads it again
        assert run(act_once("two")) == first + 1
    finally:
        server.stop()


def test_the_lobby_pages_newest_first_without_repeats(tmp_path: Path) -> None:
    url, _ = _sqlite(tmp_path)
    server = Server(url).start()
    try:
        created = [server.create("swipsheep", 3)["id"] for _ in range(5)]
        full = server.create("swipsheep", 3, bots={str(s): "random" for s in range(3)})
        seen: list[str] = []
        after: str | None = None
        while True:
            query = "?limit=2" + (f"&after={after}" if after else "")
            page = server.get("/api/tables" + query).json()
            if not page:
                break
            assert len(page) <= 2
            seen += [t["id"] for t in page]
            after = page[-1]["id"]
        assert seen == created[::-1] and full["id"] not in seen
        assert server.get("/api/tables?game=wypas").json() == []
        bad = server.get("/api/tables?limit=100000")
        assert bad.status_code == 422 and bad.json()["code"] == "bad_request"
    finally:
        server.stop()


def test_a_new_occupant_does_not_see_the_previous_ones_private_events(server: Server) -> None:
    tid, tokens = server.table_with_people("swipsheep", 3)

    async def scenario() -> None:
        clients = [await Client(server, tid, t).connect() for t in tokens]
        for c in clients:
            view = await c.until("view")
            await c.act(view["legal"][0], view["version"], "first")
            await c.until("ack")
        assert server.delete(f"/api/tables/{tid}/seats/1", tokens[1]).status_code == 204
        newcomer_token = server.join(tid, 1, "newcomer")
        now = server.get(f"/api/tables/{tid}").json()["version"]
        newcomer = await Client(server, tid, newcomer_token).connect(since=0)
        spectator = await Client(server, tid).connect(since=0)
        await newcomer.until("view")
        await spectator.until("view")
        mine = [m for m in newcomer.messages if m["type"] == "event"]
        public = [m for m in spectator.messages if m["type"] == "event"]
        assert mine and mine == public  # nothing from before `now` beyond what anyone sees
        assert all(m["version"] <= now for m in mine)
        for c in (clients[0], clients[2], newcomer, spectator):
            await c.close()

    run(scenario())


def test_a_stuck_statement_fails_its_own_table_only(postgres_url: str) -> None:
    server = Server(postgres_url, "--statement-timeout", "1", bot_workers=0).start()
    try:
        stuck_id, stuck_tokens = server.table_with_people("swipsheep", 3)
        free_id, free_tokens = server.table_with_people("swipsheep", 3)
        with psycopg.connect(postgres_url) as blocker:
            # a row lock held by someone else: the action's insert waits on it
            blocker.execute("select id from tables where id = %s for update", (stuck_id,))

            async def scenario() -> list[str]:
                stuck = await Client(server, stuck_id, stuck_tokens[0]).connect()
                free = await Client(server, free_id, free_tokens[0]).connect()
                stuck_view = await stuck.until("view")
                free_view = await free.until("view")
                order: list[str] = []

                async def answer(client: Client, name: str) -> None:
                    while True:
                        try:
                            message = await client.recv(30)
                        except websockets.ConnectionClosed:
                            return
                        if message["type"] in ("ack", "error"):
                            order.append(f"{name}:{message.get('code', 'ack')}")
                            return

                await stuck.act(stuck_view["legal"][0], stuck_view["version"], "s")
                await asyncio.sleep(0.2)  # its commit now waits on the lock
                shown = server.get(f"/api/tables/{stuck_id}").json()["version"]
                assert shown == stuck_view["version"]  # REST shows what is committed
                await free.act(free_view["legal"][0], free_view["version"], "f")
                await asyncio.gather(answer(stuck, "stuck"), answer(free, "free"))
                await free.close()
                return order

            order = run(scenario())
            blocker.rollback()
        assert order == ["free:ack", "stuck:unavailable"]
        # the stuck table comes back from what was committed and plays on
        again = run(_act_once(server, stuck_id, stuck_tokens[0]))
        assert again["type"] == "ack"
    finally:
        server.stop()


async def _act_once(server: Server, table_id: str, token: str) -> dict[str, Any]:
    c = await Client(server, table_id, token).connect()
    view = await c.until("view")
    await c.act(view["legal"][0], view["version"], "again")
    while True:
        message = await c.recv()
        if message["type"] in ("ack", "error"):
            await c.close()
            return message


def test_an_older_database_gets_the_new_columns_and_its_bots_resume(tmp_path: Path) -> None:
    url, path = _sqlite(tmp_path)
    # The random bots wait: the match is unfinished. They think in a thread (bot_workers=0).
    server = Server(url, "--bot-delay", "30", bot_workers=0).start()
    bots = {str(s): "random" for s in range(3)}
    table_id = server.create("swipsheep", 3, bots=bots)["id"]
    waiting_id = server.create("swipsheep", 3)["id"]
    server.kill()
    with sqlite3.connect(path) as conn:  # as a database made before these columns existed
        for table, column in (("tables", "wake_at"), ("tables", "deadlines")):
            conn.execute(f"drop index if exists ix_{table}_{column}")
            conn.execute(f"alter table {table} drop column {column}")
        conn.execute("alter table seats drop column since_version")
    server = Server(url, "--sweep-interval", "0.5", port=server.port, bot_workers=0).start()
    try:

        def over() -> bool:
            with sqlite3.connect(path) as conn:
                row = conn.execute("select status from tables where id=?", (table_id,)).fetchone()
            return bool(row[0] == "over")

        _wait_for(over)  # loaded once after the upgrade, and played on
        assert server.get(f"/api/tables/{waiting_id}").json()["status"] == "waiting"
        server.join(waiting_id, 0, "after the upgrade")
    finally:
        server.stop()
