"""`concierge serve`: every function, MCP, the chat page and the console on one local server, in one
process of worker threads or, with `--workers N`, in N processes sharing the port."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from concierge.bootstrap import (
    build_chat_agent,
    build_context,
    build_console_config,
    build_conversations,
    build_operator_gate,
    build_plan_service,
    build_store,
    start_cleanup,
)
from concierge.cli.venues import import_venues
from concierge.settings import Settings

if TYPE_CHECKING:
    from flask import Flask

    from concierge.adapters.store import Store
    from concierge.plans.service import PlanService


def local_app(
    settings: Settings, store: Store, actions_base_url: str, mcp_loopback_only: bool = True
) -> tuple[Flask, PlanService]:
    """The app `concierge serve` serves (every function, MCP, the chat page and the console) and its plan
    service, wired from the settings on `store`."""
    from concierge.http.app import create_app

    ctx = build_context(settings, store)
    plans = build_plan_service(settings, ctx, store, actions_base_url)
    operators = build_operator_gate(settings, store)
    agent = build_chat_agent(settings, ctx.tracer)
    conversations = build_conversations(settings, ctx, store, lambda venue: agent, operators)
    app = create_app(
        ctx,
        settings.access,
        plans,
        operators,
        mcp_loopback_only=mcp_loopback_only,
        conversations=conversations,
        console=build_console_config(settings),
    )
    return app, plans


def serve_command(args: argparse.Namespace) -> int:
    from concierge.http.server import serve_until_stopped

    settings = Settings.from_env(data_dir=args.data)
    if settings.log_json:  # else the local server keeps readable logs
        from concierge.logs import configure_logging

        configure_logging(settings.log_level, settings.log_project)
    worker = args.listen_fd is not None  # one of `--workers N`: its supervisor imported the venues
    if args.workers > 1 and not worker:
        return _serve_workers(args, settings)
    names = [] if worker else import_venues(settings, args.venues)
    store = build_store(settings)
    loopback = args.host in ("127.0.0.1", "localhost", "::1")
    base_url = settings.actions_base_url or f"http://{args.host}:{args.port}"
    app, plans = local_app(settings, store, base_url, mcp_loopback_only=loopback)
    if not worker:
        _banner(args, settings, names)
    if not worker and not store.operators():
        print(
            "concierge: no operator yet; `concierge operators add NAME` issues a key for the plan functions",
            file=sys.stderr,
        )
    cleanup = start_cleanup(settings, plans, conversations=store)
    if cleanup is not None and not worker:
        print(f"concierge: plans cleanup every {settings.cleanup_seconds:g} s", file=sys.stderr)

    def stopped() -> None:
        if cleanup is not None:
            cleanup.stop()
        close = getattr(store, "close", None)
        if close is not None:
            close()  # the store's connections, now that no worker thread uses them

    listening = None
    if worker:
        import socket

        listening = socket.socket(fileno=args.listen_fd)
    serve_until_stopped(app, args.host, args.port, threads=args.threads, on_stop=stopped, listening=listening)
    return 0


def _banner(args: argparse.Namespace, settings: Settings, names: list[str]) -> None:
    print(f"concierge: venues {', '.join(names)}; store {settings.store} in {settings.data_dir}", file=sys.stderr)
    processes = f"{args.workers} worker processes of {args.threads} threads" if args.workers > 1 else ""
    print(
        f"concierge: serving POST http://{args.host}:{args.port}/api/<function_name> "
        f"({processes or f'{args.threads} worker threads'})",
        file=sys.stderr,
    )
    print(f"concierge: MCP (streamable HTTP) at http://{args.host}:{args.port}/mcp", file=sys.stderr)
    print(f"concierge: staff console at http://{args.host}:{args.port}/console", file=sys.stderr)


def _serve_workers(args: argparse.Namespace, settings: Settings) -> int:
    """`serve --workers N`: the venues imported once, then N worker processes on one listening socket.

    The first worker runs the plans' cleanup schedule; the others leave it off (one sweep is enough).
    Without CONCIERGE_CONSOLE_SECRET, one random secret is drawn here for every worker's console."""
    import secrets

    from concierge.http.server import serve_workers

    names = import_venues(settings, args.venues)
    store = build_store(settings)
    if not store.operators():
        print(
            "concierge: no operator yet; `concierge operators add NAME` issues a key for the plan functions",
            file=sys.stderr,
        )
    close = getattr(store, "close", None)
    if close is not None:
        close()  # the workers open their own
    _banner(args, settings, names)
    if settings.cleanup_seconds > 0:
        print(f"concierge: plans cleanup every {settings.cleanup_seconds:g} s (first worker)", file=sys.stderr)

    def command(index: int, fd: int) -> list[str]:
        line = [sys.executable, "-m", "concierge.cli", "serve", "--host", args.host, "--port", str(args.port)]
        line += ["--threads", str(args.threads), "--listen-fd", str(fd)]
        return line + (["--data", str(args.data)] if args.data is not None else [])

    # One console secret for all: a sign-in cookie signed by one worker is read by the others.
    shared = {} if settings.console_secret else {"CONCIERGE_CONSOLE_SECRET": secrets.token_urlsafe(32)}

    def env(index: int) -> dict[str, str]:
        return shared if index == 0 else {**shared, "CONCIERGE_CLEANUP_SECONDS": "0"}

    return serve_workers(command, args.host, args.port, args.workers, env)
