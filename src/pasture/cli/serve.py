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
    bot_reaction_time: Annotated[
        float,
        typer.Option(
            help="Seconds after a reaction window opens at which every bot answers it,"
            " whatever it holds; a bot still thinking then passes.",
            min=0,
        ),
    ] = 2.0,
    bot_workers: Annotated[
        int,
        typer.Option(
            help="Worker processes bots think in, at low priority (a cap on the cores bots"
            " use; 0: a thread of the server).",
            min=0,
        ),
    ] = 1,
    bot_cpu: Annotated[
        float,
        typer.Option(
            help="CPU seconds one bot decision may use; then a plain choice is played.",
            min=0.01,
        ),
    ] = 10.0,
    statement_timeout: Annotated[
        float,
        typer.Option(
            help="Seconds one database statement may take; then that table's change fails"
            " (the others go on).",
            min=0.1,
        ),
    ] = 5.0,
    create_rate: Annotated[
        float,
        typer.Option(
            help="Tables one client address may open (rematches included) per second.",
            min=0.001,
        ),
    ] = 2.0,
    write_rate: Annotated[
        float,
        typer.Option(help="Seats one client address may take or leave per second.", min=0.001),
    ] = 10.0,
    replay_rate: Annotated[
        float,
        typer.Option(help="Replays one client address may ask for per second.", min=0.001),
    ] = 1.0,
    socket_rate: Annotated[
        float, typer.Option(help="Messages per second one websocket may send.", min=0.001)
    ] = 20.0,
    trusted_proxy: Annotated[
        list[str] | None,  # noqa: UP007 - Typer needs Optional here
        typer.Option(
            "--trusted-proxy",
            metavar="IP/CIDR",
            help="The address or network of a reverse proxy in front of this server, e.g."
            " 127.0.0.1 or 10.0.0.0/8 (repeat the option for several). For a request from"
            " one, the client is the right-most address"
            " in X-Forwarded-For that is not a trusted proxy, so the per-client limits"
            " apply to each client rather than to the proxy. Without it the header is"
            " ignored: anyone can write it. See docs/deploy.md.",
        ),
    ] = None,
    idle_after: Annotated[
        float,
        typer.Option(
            help="Seconds unused after which a table leaves memory (reloaded on use).", min=0
        ),
    ] = 300.0,
    waiting_ttl: Annotated[
        float,
        typer.Option(help="Seconds a table may wait for players before it is closed.", min=1),
    ] = 86_400.0,
    sweep_interval: Annotated[
        float,
        typer.Option(
            help="Seconds between sweeps that load tables due and evict idle ones.", min=0.1
        ),
    ] = 5.0,
    header_timeout: Annotated[
        float,
        typer.Option(help="Seconds a client has to send a request's headers.", min=0.1),
    ] = 10.0,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0): run this process as one of several serving"
            " the same tables, with a shared PostgreSQL --db. See docs/deploy.md.",
        ),
    ] = None,
    lease_ttl: Annotated[
        float,
        typer.Option(
            help="With --redis: seconds a table's lease lasts unless renewed; a dead"
            " process's tables are taken over after at most this long.",
            min=0.3,
        ),
    ] = 3.0,
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
    from pasture.server.client_address import TrustedProxies
    from pasture.server.http_guard import GuardedHttpToolsProtocol
    from pasture.store.database import safe_url

    if redis is not None:
        try:
            import redis as _redis_client  # noqa: F401 - the [scale] extra
        except ImportError:
            raise typer.BadParameter(
                "--redis needs the Redis client: pip install 'pasture[scale]'."
            ) from None
    try:
        proxies = TrustedProxies.parse(trusted_proxy or ())
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--trusted-proxy") from None
    settings = Settings(
        bot_delay=bot_delay,
        reaction_timeout=reaction_timeout,
        bot_reaction_time=bot_reaction_time,
        statement_timeout=statement_timeout,
        bot_workers=bot_workers,
        bot_cpu_budget=bot_cpu,
        create_rate=create_rate,
        create_burst=max(10.0, 10 * create_rate),
        write_rate=write_rate,
        write_burst=max(30.0, 3 * write_rate),
        replay_rate=replay_rate,
        replay_burst=max(10.0, 10 * replay_rate),
        trusted_proxies=proxies,
        socket_rate=socket_rate,
        socket_burst=max(60.0, 3 * socket_rate),
        idle_after=idle_after,
        waiting_ttl=waiting_ttl,
        sweep_interval=sweep_interval,
        header_timeout=header_timeout,
        lease_ttl=lease_ttl,
    )
    app = create_app(db, settings, redis_url=redis)
    shown = f"[{host}]" if ":" in host else host
    also = f", Redis: {safe_url(redis)}" if redis else ""
    typer.echo(
        f"pasture serving on http://{shown}:{port}  (database: {safe_url(db)}{also})", err=False
    )
    GuardedHttpToolsProtocol.header_timeout = settings.header_timeout
    uvicorn.run(
        app,
        http=GuardedHttpToolsProtocol,  # bounds a request's headers in time and size
        limit_concurrency=4096,
        timeout_keep_alive=5,
        host=host,
        port=port,
        log_level=log_level.lower(),
        # Play sockets are pasture's own (server/websocket.py), bound by these: a larger
        # message closes the socket (smaller ones over max_message are refused with an
        # error), and a client that answers no ping within 20 s of it is closed.
        ws_max_size=4 * settings.max_message,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,
        # X-Forwarded-For is read by the limits, and only from --trusted-proxy peers
        # (uvicorn would otherwise believe it from 127.0.0.1).
        proxy_headers=False,
        access_log=log_level.lower() == "debug",
    )
