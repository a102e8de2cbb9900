"""Conversations handed over to a person: the waiting list, one conversation with its transcript,
and what staff do with it (reply as a person, hand back to the assistant, close)."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, abort, g, redirect, render_template, request, url_for

from concierge.domain.venue import Venue
from concierge.web.console.services import ConsoleServices, Refused
from concierge.web.console.words import ROLES, describe_refusal


def add_routes(bp: Blueprint, services: ConsoleServices) -> None:
    from concierge.web.console import signed_in

    def venue_of(venue_id: str) -> Venue:
        venue = services.venue(venue_id)
        if venue is None:
            abort(404, description=f'No venue "{venue_id[:64]}".')
        return venue

    def page(venue: Venue, conversation_id: str, status: int = 200, **shown: Any) -> tuple[str, int]:
        try:
            found = services.conversation(venue.id, conversation_id)
        except Refused as refusal:
            return render_template(
                "console/error.html",
                title="Conversation not found",
                message=describe_refusal("open the conversation", refusal),
                back=url_for("console.conversations", venue_id=venue.id),
            ), 404
        return render_template(
            "console/conversation.html",
            venue=venue,
            conversation=found["conversation"],
            transcript=[_shown(m, venue) for m in found["transcript"]],
            profile=found["profile"],
            roles=ROLES,
            **shown,
        ), status

    @bp.get("/venues/<venue_id>/conversations")
    @signed_in
    def conversations(venue_id: str) -> tuple[str, int]:
        venue = venue_of(venue_id)
        error, waiting = None, []
        try:
            waiting = services.conversations_waiting(venue.id)
        except Refused as refusal:
            error = describe_refusal("list the conversations", refusal)
        return render_template("console/conversations.html", venue=venue, waiting=waiting, error=error), 200

    @bp.get("/venues/<venue_id>/conversations/<conversation_id>")
    @signed_in
    def conversation(venue_id: str, conversation_id: str) -> tuple[str, int]:
        return page(venue_of(venue_id), conversation_id, notice=_notice(request.args.get("done")))

    @bp.get("/venues/<venue_id>/conversations/<conversation_id>/state.json")
    @signed_in
    def conversation_state(venue_id: str, conversation_id: str) -> Response:
        """What the page polls: the number of messages and the status, to reload when they change."""
        venue = venue_of(venue_id)
        try:
            found = services.conversation(venue.id, conversation_id)["conversation"]
        except Refused:
            return Response('{"gone": true}', mimetype="application/json", status=404)
        body = {"messages": found["messages"], "status": found["status"]}
        return Response(json.dumps(body), mimetype="application/json")

    def act(venue_id: str, conversation_id: str, what: str, done: str, call: Any) -> Any:
        venue = venue_of(venue_id)
        try:
            call(venue)
        except Refused as refusal:
            error = describe_refusal(what, refusal)
            return page(venue, conversation_id, 422, error=error, draft=request.form.get("text"))
        target = url_for("console.conversation", venue_id=venue.id, conversation_id=conversation_id, done=done)
        return redirect(target, code=303)

    @bp.post("/venues/<venue_id>/conversations/<conversation_id>/reply")
    @signed_in
    def reply(venue_id: str, conversation_id: str) -> Any:
        text = (request.form.get("text") or "").strip()

        def send(venue: Venue) -> None:
            if not text:
                raise Refused("VALIDATION_ERROR", "The reply is empty")
            services.reply(venue.id, conversation_id, text, g.operator)

        return act(venue_id, conversation_id, "send the reply", "replied", send)

    @bp.post("/venues/<venue_id>/conversations/<conversation_id>/hand-back")
    @signed_in
    def hand_back(venue_id: str, conversation_id: str) -> Any:
        return act(
            venue_id,
            conversation_id,
            "hand the conversation back",
            "handed_back",
            lambda venue: services.hand_back(venue.id, conversation_id),
        )

    @bp.post("/venues/<venue_id>/conversations/<conversation_id>/close")
    @signed_in
    def close(venue_id: str, conversation_id: str) -> Any:
        return act(
            venue_id,
            conversation_id,
            "close the conversation",
            "closed",
            lambda venue: services.close(venue.id, conversation_id),
        )


def _shown(message: dict[str, Any], venue: Venue) -> dict[str, Any]:
    """A transcript message as the page shows it: its time in the venue's zone, and a pressed button in words."""
    at = dt.datetime.fromisoformat(message["at"])
    if at.tzinfo is not None:
        at = at.astimezone(ZoneInfo(venue.timezone))
    said = message.get("text") or ""
    if not said.strip() and message.get("action"):
        said = f"(pressed the button “{message['action']}”)"
    return {**message, "local_time": at.strftime("%d/%m %H:%M"), "said": said}


def _notice(done: str | None) -> str | None:
    return {
        "replied": "Your reply was sent. The assistant stays silent while you handle the conversation.",
        "handed_back": "The conversation is back with the assistant, which answers the customer's next message.",
        "closed": "The conversation is closed. The customer's next message opens a new one.",
    }.get(done or "")
