"""`concierge serve`, `concierge mcp`, `concierge chat`, `concierge widget`, `concierge venues import`,
`concierge operators add | list | revoke`, `concierge providers check` and `concierge openapi`."""

from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import sys
from importlib import resources
from pathlib import Path

from concierge.bootstrap import build_context, build_store
from concierge.cli.serve import serve_command
from concierge.cli.venues import DEMO_VENUES, import_venues
from concierge.settings import Settings
from concierge.domain.knowledge_base import KnowledgeBaseError, load_knowledge_base, parse_knowledge_base


def dt_date(text: str) -> dt.date:
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
    from concierge.cli.chat import chat

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
    serve.set_defaults(run=serve_command)

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
