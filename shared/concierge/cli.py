"""`concierge serve`, `concierge mcp`, `concierge chat`, `concierge widget`, `concierge venues import`,
`concierge operators add | list | revoke`, `concierge providers check` and `concierge openapi`."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from importlib import resources
from pathlib import Path
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
from concierge.settings import Settings
from concierge.domain.knowledge_base import KnowledgeBaseError, load_knowledge_base, parse_knowledge_base

if TYPE_CHECKING:
    from flask import Flask

    from concierge.adapters.store import Store
    from concierge.plans.service import PlanService

DEMO_VENUES = "demo/venues.yaml"


def dt_date(text: str):
    import datetime as dt

    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" is not a date in YYYY-MM-DD') from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f'"{text}" is not a whole number above 0')
    return value


def import_venues(settings: Settings, path: Path | None) -> list[str]:
    """Validate a whole knowledge-base file, then write it to the store in one step."""
    if path is None:
        venues = parse_knowledge_base(
            resources.files("concierge").joinpath(DEMO_VENUES).read_text("utf-8"), source="demo knowledge base"
        )
    else:
        venues = load_knowledge_base(path)
    store = build_store(settings)
    store.put_venues({vid: v.model_dump(mode="json") for vid, v in venues.items()})
    return sorted(venues)


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


def _serve(args: argparse.Namespace) -> int:
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


def _mcp(args: argparse.Namespace) -> int:
    """The MCP server on stdin/stdout. Only JSON-RPC goes to stdout; everything said goes to stderr."""
    import anyio

    from concierge.mcp.catalog import McpServices, chat_services
    from concierge.mcp.stdio import serve_stdio

    settings = Settings.from_env(data_dir=args.data)
    store = build_store(settings)
    if args.venues is not None or not store.venue_ids():
        names = import_venues(settings, args.venues)
        print(f"concierge: venues {', '.join(names)} imported", file=sys.stderr)
    ctx = build_context(settings, store)
    anyio.run(serve_stdio, McpServices(ctx, chat_services(settings, ctx, store)), store.venue_ids)
    return 0


def _chat(args: argparse.Namespace) -> int:
    from concierge.chat_terminal import chat

    settings = Settings.from_env(data_dir=args.data)
    if args.venues is not None or not build_store(settings).venue_ids():
        import_venues(settings, args.venues)
    return chat(settings, args.venue, args.phone, sys.stdin, sys.stdout)


def _import(args: argparse.Namespace) -> int:
    settings = Settings.from_env(data_dir=args.data)
    names = import_venues(settings, args.file)
    print(f"imported {len(names)} venue(s): {', '.join(names)}")
    return 0


def write_openapi(path: Path) -> Path:
    """The tools' OpenAPI document, as JSON, at `path`."""
    from concierge.http.openapi import openapi_document

    path.write_text(json.dumps(openapi_document(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def _openapi(args: argparse.Namespace) -> int:
    from concierge.plans.booking_api import SPEC_PATH

    print(f"wrote {write_openapi(args.output or SPEC_PATH)}")
    return 0


def _operators_add(args: argparse.Namespace) -> int:
    import datetime as dt

    from concierge.adapters.store.operators import EmailTaken
    from concierge.domain.operators import new_operator

    store = build_store(Settings.from_env(data_dir=args.data))
    try:
        record, key = new_operator(args.name, args.email, dt.datetime.now(dt.timezone.utc))
        store.add_operator(record)
    except EmailTaken as exc:
        print(f"concierge: refused: an active operator already has the email {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"concierge: refused: {exc}", file=sys.stderr)
        return 2
    op = record.operator
    print(f"operator {op.operator_id} ({op.name}{', ' + op.email if op.email else ''})", file=sys.stderr)
    print("key (shown once; the store keeps only its hash):", file=sys.stderr)
    print(key)
    return 0


def _operators_list(args: argparse.Namespace) -> int:
    records = build_store(Settings.from_env(data_dir=args.data)).operators()
    for r in records:
        state = f"revoked {r.revoked_at:%Y-%m-%d %H:%M}" if r.revoked_at else "active"
        print(
            f"{r.operator.operator_id}\t{r.operator.name}\t{r.operator.email or '-'}\t"
            f"added {r.created_at:%Y-%m-%d %H:%M}\t{state}"
        )
    if not records:
        print("no operators; `concierge operators add NAME` issues a key", file=sys.stderr)
    return 0


def _operators_revoke(args: argparse.Namespace) -> int:
    import datetime as dt

    store = build_store(Settings.from_env(data_dir=args.data))
    if not store.revoke_operator(args.operator_id, dt.datetime.now(dt.timezone.utc)):
        print(f'concierge: no active operator "{args.operator_id}"', file=sys.stderr)
        return 2
    print(f"revoked {args.operator_id}: its key no longer works", file=sys.stderr)
    return 0


def _providers_check(args: argparse.Namespace) -> int:
    """Exit 0 when the venue's back-end is ready, 1 when the report names a problem, 2 for an unknown venue."""
    from concierge.tools.provider_check import check_provider

    settings = Settings.from_env(data_dir=args.data)
    ctx = build_context(settings, build_store(settings))
    venue = ctx.venues.get(args.venue)
    if venue is None:
        known = ", ".join(ctx.venues.ids()) or "none: run `concierge venues import FILE` first"
        print(f'concierge: no venue "{args.venue}" in the store (venues: {known})', file=sys.stderr)
        return 2
    day = args.day or ctx.local_now(venue).date()
    report = check_provider(venue, ctx.provider_for, day)
    print(report.text())
    return 1 if report.problems else 0


def _widget(args: argparse.Namespace) -> int:
    """The chat widget as static files for any web host: widget.js, widget.css, a page per venue, the snippets."""
    from concierge.web.chat import write_bundle

    if args.venues is None:
        venues = parse_knowledge_base(
            resources.files("concierge").joinpath(DEMO_VENUES).read_text("utf-8"), source="demo knowledge base"
        )
    else:
        venues = load_knowledge_base(args.venues)
    for path in write_bundle(args.output, venues, args.api, args.assets):
        print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="concierge", description="Booking tools for AI receptionists.")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="serve every function at POST /api/<function_name>")
    serve.add_argument("--port", type=int, default=8080)
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--venues", type=Path, help="knowledge-base YAML (default: the demo venues)")
    serve.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")
    serve.add_argument(
        "--threads",
        type=_positive,
        default=8,
        help="worker threads answering requests, per process (default: 8)",
    )
    serve.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help="worker processes sharing the port, to use more cores (default: 1)",
    )
    serve.add_argument("--listen-fd", type=int, help=argparse.SUPPRESS)  # a worker's inherited socket
    serve.set_defaults(run=_serve)

    mcp = commands.add_parser("mcp", help="serve the tools over MCP on stdin/stdout (for desktop agents)")
    mcp.add_argument(
        "--venues",
        type=Path,
        help="knowledge-base YAML to import first (default: the demo venues when the store has none)",
    )
    mcp.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")
    mcp.set_defaults(run=_mcp)

    chat = commands.add_parser("chat", help="chat with a venue's receptionist in the terminal (local store, no model)")
    chat.add_argument("--venue", required=True, help="the venue's id")
    chat.add_argument("--phone", help="your phone number, as a channel would give it (E.164 or local)")
    chat.add_argument(
        "--venues",
        type=Path,
        help="knowledge-base YAML to import first (default: the demo venues when the store has none)",
    )
    chat.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")
    chat.set_defaults(run=_chat)

    widget = commands.add_parser("widget", help="write the chat widget as static files to deploy on any web host")
    widget.add_argument("--output", type=Path, required=True, help="folder to write (created if missing)")
    widget.add_argument(
        "--api",
        required=True,
        help="where the functions answer: the prefix of /conversation_message "
        "(https://REGION-PROJECT.cloudfunctions.net, or http://HOST:PORT/api for `concierge serve`)",
    )
    widget.add_argument(
        "--assets",
        default=".",
        help="where widget.js and widget.css will be served, for the pages (default: beside them)",
    )
    widget.add_argument("--venues", type=Path, help="knowledge-base YAML (default: the demo venues)")
    widget.set_defaults(run=_widget)

    venues = commands.add_parser("venues", help="manage the venue knowledge base")
    venue_commands = venues.add_subparsers(dest="venues_command", required=True)
    importer = venue_commands.add_parser("import", help="validate a knowledge-base file and store it whole")
    importer.add_argument("file", type=Path)
    importer.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")
    importer.set_defaults(run=_import)

    providers = commands.add_parser("providers", help="the venues' booking back-ends")
    provider_commands = providers.add_subparsers(dest="providers_command", required=True)
    check = provider_commands.add_parser("check", help="verify a venue's back-end before going live (reads only)")
    check.add_argument("venue", help="the venue id, as in the knowledge base")
    check.add_argument("--day", type=dt_date, help="the day to read (default: today at the venue)")
    check.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")
    check.set_defaults(run=_providers_check)

    openapi = commands.add_parser("openapi", help="write the tools' OpenAPI document (the plans' booking API)")
    openapi.add_argument("--output", type=Path, help="where (default: the booking API spec shipped with the plans)")
    openapi.set_defaults(run=_openapi)

    operators = commands.add_parser("operators", help="the people who plan and confirm, and their keys")
    operator_commands = operators.add_subparsers(dest="operators_command", required=True)
    add = operator_commands.add_parser("add", help="add an operator and print their key (once)")
    add.add_argument("name")
    add.add_argument("--email", help="lets the operator sign in with a Google ID token of this address")
    add.set_defaults(run=_operators_add)
    listing = operator_commands.add_parser("list", help="every operator, revoked ones included")
    listing.set_defaults(run=_operators_list)
    revoke = operator_commands.add_parser("revoke", help="revoke an operator's key")
    revoke.add_argument("operator_id")
    revoke.set_defaults(run=_operators_revoke)
    for command in (add, listing, revoke):
        command.add_argument("--data", type=Path, help="embedded store folder (default: ./.concierge)")

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        return args.run(args)
    except KnowledgeBaseError as exc:
        print(f"concierge: refused: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
