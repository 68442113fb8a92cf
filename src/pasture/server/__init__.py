"""pasture's online play server: `create_app(db_url)` builds the FastAPI application.

The application is imported on first use, not with the package: a bot worker process
(server/bot_pool.py) imports the package for its bots and needs none of the web stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pasture.server.app import DEFAULT_DB, create_app
    from pasture.server.settings import Settings

__all__ = ["DEFAULT_DB", "Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in ("DEFAULT_DB", "create_app"):
        from pasture.server import app

        return getattr(app, name)
    if name == "Settings":
        from pasture.server.settings import Settings

        return Settings
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
