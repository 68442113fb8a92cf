"""Server processes forked from one that has already imported the server.

A server's start is mostly imports (FastAPI, SQLAlchemy, uvicorn, the games and bots:
about a second of CPU), and the suite starts dozens of servers. Each test process runs
one launcher (`python -m tests.server.launcher`, started on first use) that imports all
that once and then forks a server for each request. A forked server is a whole server
process, the same as `python -m pasture.server ARGS`: it parses the same arguments and
runs `serve`, with its output in its own log; the test signals it and waits for it by
its pid, as it would a subprocess. The launcher holds no thread and no open socket
when it forks.

Requests and answers are JSON lines on the launcher's stdin and stdout:
    {"start": [args...], "log": path, "test_game": bool, "env": {...}} -> {"pid": n}
    {"reap": pid} -> {"returncode": n, "cpu": seconds}   (waits for the pid to exit)
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import select
import signal
import subprocess
import sys
import threading
import traceback
import weakref
from typing import IO, Any, ClassVar

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


LAZY_IMPORTS = (
    "pasture.server.app",  # the package imports its application on first use
    "pydantic.v1",  # FastAPI looks for it as it makes the routes
    "concurrent.futures.process",  # the bot pool
    "multiprocessing.queues",
    "sqlalchemy.dialects.sqlite.pysqlite",  # each database's driver, once it is named
    "sqlite3",
    "encodings.idna",  # the loopback address's name
    "pasture.web",  # the web client's files
    "fastapi.telemetry._runtime",
    "uvicorn.lifespan.on",  # what uvicorn picks as it starts
    "uvicorn.loops.auto",
    "uvicorn.protocols.websockets.websockets_sansio_impl",
    "websockets.server",
    "websockets.extensions.permessage_deflate",
)
"""Modules a server imports only as it starts serving: imported here, a forked server
finds them imported (the server package imports its application lazily, and FastAPI,
SQLAlchemy and uvicorn pick some of theirs at run time): a start then costs ~0.15 s of
CPU instead of ~0.6 s."""

OPTIONAL_IMPORTS = (
    "typer._adapters",  # typer's option converters, in the versions that have them
    "typer._click.decorators",
    "uvloop",  # uvicorn's event loop where installed
    "uvicorn.loops.uvloop",
    "psycopg",  # PostgreSQL
    "sqlalchemy.dialects.postgresql.psycopg",
    "redis.asyncio",  # several processes
    "pasture.server.cluster",
    "pasture.server.forward",
)


def _preimport() -> None:
    """What every server imports as it starts (imported here, not at the top: a bot
    worker of a forked server imports this module again, as its main module)."""
    import importlib

    import pasture.cli.serve  # noqa: F401
    import pasture.server.client_address  # noqa: F401
    import pasture.server.http_guard  # noqa: F401
    import pasture.store.database  # noqa: F401
    from pasture import games

    games.all_games()
    for name in LAZY_IMPORTS:
        importlib.import_module(name)
    for optional in OPTIONAL_IMPORTS:
        with contextlib.suppress(ImportError):
            importlib.import_module(optional)


def _serve(request: dict[str, Any]) -> int:
    """In the forked child: the server's own command line, its output to its log."""
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)  # the launcher's pipes are not the server's
    log = os.open(request["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(log, 1)
    os.dup2(log, 2)
    os.close(null)
    os.close(log)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    path = os.environ["PYTHONPATH"]  # the launcher's: its bot workers import this module
    os.environ.clear()
    os.environ.update({**request["env"], "PYTHONPATH": path})  # the test's, as it is now
    sys.argv = ["pasture.server", *request["start"]]
    try:
        import typer

        from pasture.cli.serve import serve

        if request["test_game"]:
            from pasture.core import registry
            from tests.server.fake_game import GAME

            registry._games()[GAME.name] = GAME  # a test-only game next to the real ones
        typer.run(serve)
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    except BaseException:
        traceback.print_exc()
        return 1
    return 0


def main() -> None:
    _preimport()
    gc.collect()
    gc.freeze()  # what a server freezes as it starts (app.settle_garbage_collector), less to walk
    answers = sys.stdout
    for line in sys.stdin:
        request = json.loads(line)
        if "start" in request:
            answers.flush()
            pid = os.fork()
            if pid == 0:
                code = 1
                try:
                    code = _serve(request)
                finally:
                    sys.stdout.flush()
                    sys.stderr.flush()
                    os._exit(code)
            answer: dict[str, Any] = {"pid": pid}
        else:
            try:
                _, status, usage = os.wait4(int(request["reap"]), 0)
            except ChildProcessError:  # reaped already
                answer = {"returncode": -signal.SIGKILL, "cpu": 0.0}
            else:
                cpu = usage.ru_utime + usage.ru_stime
                answer = {"returncode": os.waitstatus_to_exitcode(status), "cpu": cpu}
        answers.write(json.dumps(answer) + "\n")
        answers.flush()


class Launcher:
    """This test process's launcher, started on first use."""

    current: ClassVar[Launcher | None] = None
    _lock: ClassVar[threading.Lock] = threading.Lock()
    reaped_cpu: ClassVar[float] = 0.0
    """CPU seconds of the servers reaped so far (and of the processes they reaped)."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.path.join(ROOT, "src"), ROOT])}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.server.launcher"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            cwd=ROOT,
        )

    @classmethod
    def ask(cls, request: dict[str, Any]) -> dict[str, Any]:
        with cls._lock:
            if cls.current is None or cls.current.proc.poll() is not None:
                cls.current = Launcher()
            proc = cls.current.proc
            stdin: IO[bytes] = proc.stdin  # type: ignore[assignment]
            stdout: IO[bytes] = proc.stdout  # type: ignore[assignment]
            stdin.write(json.dumps(request).encode() + b"\n")
            stdin.flush()
            line = stdout.readline()
        if not line:
            raise RuntimeError("the server launcher exited")
        return dict(json.loads(line))

    @classmethod
    def stop(cls) -> None:
        with cls._lock:
            if cls.current is not None:
                launcher, cls.current = cls.current, None
                assert launcher.proc.stdin is not None
                launcher.proc.stdin.close()  # it leaves at the end of its input
                launcher.proc.wait(10)


class ForkedServer:
    """A forked server process, handled as a `subprocess.Popen` is: pid, poll, wait,
    send_signal, terminate, kill."""

    def __init__(self, args: list[str], log_path: str, test_game: bool) -> None:
        request = {"start": args, "log": log_path, "test_game": test_game, "env": dict(os.environ)}
        self.pid = int(Launcher.ask(request)["pid"])
        # Not reaped until `_reap`: the pid stays this process's, and the fd tells its exit.
        self._exited = os.pidfd_open(self.pid)
        weakref.finalize(self, os.close, self._exited)
        self._reaping = threading.Lock()  # several threads may poll one server
        self.returncode: int | None = None

    def _reap(self) -> None:
        with self._reaping:
            if self.returncode is not None:
                return
            answer = Launcher.ask({"reap": self.pid})
            Launcher.reaped_cpu += float(answer["cpu"])
            self.returncode = int(answer["returncode"])

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._exited], [], [], 0)[0]:
            self._reap()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        if self.returncode is None:
            if not select.select([self._exited], [], [], timeout)[0]:
                raise subprocess.TimeoutExpired(f"server {self.pid}", timeout or 0)
            self._reap()
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.returncode is None:
            os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


if __name__ == "__main__":
    main()
