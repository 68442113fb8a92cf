"""What the play handler needs of a websocket (`PlaySocket`), and the one it gets under an
ASGI server other than `pasture serve`'s, or a test client (`AsgiSocket`). Under `pasture
serve`, play sockets are pasture's own (server/websocket.py)."""

from __future__ import annotations

from typing import Protocol

from starlette.websockets import WebSocket, WebSocketDisconnect


class PlaySocket(Protocol):
    """One open websocket of play."""

    async def receive(self) -> str | bytes:
        """The next message (text, or a binary message's bytes); WebSocketDisconnect once
        the client is gone and what it sent before has been read."""
        ...

    async def send_text(self, text: str) -> None:
        """Send one text message once the socket takes more (nothing once it is closing)."""
        ...

    async def close(self, code: int) -> None:
        """Begin the close handshake with `code`."""
        ...

    def ready(self) -> bool:
        """Open, and taking more now: `write_frames` may be called."""
        ...

    def write_frames(self, frames: bytes) -> None:
        """Frames already made (`frames.text_frame`), written at once."""
        ...


class AsgiSocket:
    """A play socket through ASGI: every message the ordinary way, never written to
    directly (`ready` is always false)."""

    def __init__(self, websocket: WebSocket) -> None:
        self.websocket = websocket

    async def accept(self) -> None:
        await self.websocket.accept()

    async def receive(self) -> str | bytes:
        message = await self.websocket.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        text = message.get("text")
        return text if text is not None else bytes(message.get("bytes") or b"")

    async def send_text(self, text: str) -> None:
        await self.websocket.send_text(text)

    async def close(self, code: int) -> None:
        await self.websocket.close(code)

    def ready(self) -> bool:
        return False

    def write_frames(self, frames: bytes) -> None:
        raise RuntimeError("an ASGI websocket is written to through ASGI only")
