"""A throwaway Redis server and helpers for tests of several server processes."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import redis

from tests.server.harness import free_port


class RedisServer:
    """Debian's redis-server on a free loopback port, no persistence, in a temp dir."""

    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="pasture-redis-"))
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary is not None
        args = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        args += ["--appendonly", "no", "--dir", str(self.dir)]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        client.close()

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def destroy(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
