"""`pasture serve`: run the online play server (FastAPI + uvicorn): one process, or one
of several sharing PostgreSQL and Redis."""

from __future__ import annotations

from typing import Annotated

import typer

DB_HELP = (
    "Database URL: a SQLite file (sqlite:///path, or just a path) or PostgreSQL"
    " (postgresql://user:password@host/dbname)."
)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(help=DB_HELP)] = "sqlite:///pasture.sqlite",
    bot_delay: Annotated[
        float, typer.Option(help="Seconds a bot waits before each move.", min=0)
    ] = 0.5,
    reaction_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds every player gets to answer a reaction window before it passes.",
            min=0,
        ),
    ] = 20.0,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0): run this process as one of several serving"
            " the same tables, with a shared PostgreSQL --db. See docs/deploy.md.",
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug, info, warning or error.")] = "info",
) -> None:
    """Serve every pasture game online: tables, seats, bots and a websocket per player.

    One process by default (SQLite, nothing else to set up). With --redis and a
    PostgreSQL --db, run as many processes as you like, on one machine or several,
    behind any reverse proxy: together they serve every table (docs/deploy.md).

    Create a table, share its link, players take seats (a secret seat token proves the
    seat; no accounts), empty seats can be bots, spectators watch. Every move is saved
    before it is acknowledged, so a restart loses nothing. API docs: http://HOST:PORT/docs;
    the websocket protocol: docs/server.md.
    """
    import uvicorn

    from pasture.server import Settings, create_app
    from pasture.store.database import safe_url

    if redis is not None:
        try:
            import redis as _redis_client  # noqa: F401 - the [scale] extra
        except ImportError:
            raise typer.BadParameter(
                "--redis needs the Redis client: pip install 'pasture[scale]'."
            ) from None
    settings = Settings(bot_delay=bot_delay, reaction_timeout=reaction_timeout)
    app = create_app(db, settings, redis_url=redis)
    shown = f"[{host}]" if ":" in host else host
    also = f", Redis: {safe_url(redis)}" if redis else ""
    typer.echo(
        f"pasture serving on http://{shown}:{port}  (database: {safe_url(db)}{also})", err=False
    )
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level.lower(),
        # Larger frames are read and refused with an error; far larger ones close the socket.
        ws_max_size=4 * settings.max_message,
        # Views are small and sent often: compressing them costs more CPU than it saves.
        ws_per_message_deflate=False,
        access_log=log_level.lower() == "debug",
    )
