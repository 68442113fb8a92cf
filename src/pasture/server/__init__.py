"""pasture's online play server: `create_app(db_url)` builds the FastAPI application."""

from pasture.server.app import DEFAULT_DB, create_app
from pasture.server.settings import Settings

__all__ = ["DEFAULT_DB", "Settings", "create_app"]
