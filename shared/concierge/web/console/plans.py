"""Plans: a request in plain words, the plan it becomes (high-risk steps marked), its confirmation,
the questions it asks (before: clarifications; while running: blocking prompts), its progress and
its rollback report. Every call is a plan function, as the signed-in operator."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, abort, g, redirect, render_template, request, url_for

from concierge.domain.plans import TERMINAL
from concierge.domain.venue import Venue
from concierge.web.console.services import ConsoleServices, Refused
from concierge.web.console.words import PLAN_STATUS, describe_refusal

UNDONE = "The plan was undone: see the rollback report below."
EMPTY_REQUEST = "Write what should change, for example “Move Rossi to Saturday at 9pm”."


def add_routes(bp: Blueprint, services: ConsoleServices) -> None:
    from concierge.web.console import signed_in

    def venue_of(venue_id: str) -> Venue:
        venue = services.venue(venue_id)
        if venue is None:
            abort(404, description=f'No venue "{venue_id[:64]}".')
        return venue

    def planning_session(venue: Venue) -> str:
        """One planning session per sign-in and venue, so a clarification's answer continues the request."""
        return f"console.{g.console_session.sid}.{venue.id}"

    def recent(venue: Venue) -> list[dict[str, Any]]:
        shown = []
        for plan_id in g.console_session.plans:
            try:
                plan = services.plan("plan_status", {"plan_id": plan_id}, g.operator)
            except Refused:
                continue
            if plan.get("venue_id") == venue.id:
                shown.append(plan)
        return shown

    def request_page(venue: Venue, status: int = 200, **shown: Any) -> tuple[str, int]:
        return render_template(
            "console/plan_request.html", venue=venue, recent=recent(venue), statuses=PLAN_STATUS, **shown
        ), status

    def plan_page(plan_id: str, status: int = 200, **shown: Any) -> tuple[str, int]:
        try:
            plan = services.plan("plan_status", {"plan_id": plan_id}, g.operator)
        except Refused as refusal:
            code = {"auth_required": 403}.get(refusal.code, 404)
            return render_template(
                "console/error.html", title="Plan not available", message=describe_refusal("open the plan", refusal)
            ), code
        venue = services.venue(plan["venue_id"])
        return render_template(
            "console/plan.html",
            plan=plan,
            venue=venue,
            status_words=PLAN_STATUS.get(plan["status"], plan["status"]),
            running=plan["status"] not in TERMINAL and plan["status"] != "pending_confirmation",
            **shown,
        ), status

    @bp.get("/venues/<venue_id>/plans")
    @signed_in
    def plans(venue_id: str) -> tuple[str, int]:
        return request_page(venue_of(venue_id))

    @bp.post("/venues/<venue_id>/plans")
    @signed_in
    def plan_request(venue_id: str) -> Any:
        venue = venue_of(venue_id)
        message = (request.form.get("message") or "").strip()
        if not message:
            return request_page(venue, 422, error=EMPTY_REQUEST)
        body = {"session_id": planning_session(venue), "venue_id": venue.id, "message": message}
        try:
            answer = services.plan("plan_request", body, g.operator)
        except Refused as refusal:
            return request_page(venue, 422, error=describe_refusal("make a plan", refusal), draft=message)
        if answer.get("type") == "clarification":
            return request_page(venue, question=answer.get("question"), asked=message)
        plan_id = answer["plan"]["plan_id"]
        g.console_session = g.console_session.with_plan(plan_id)
        g.session_changed = True
        return redirect(url_for("console.plan", plan_id=plan_id), code=303)

    @bp.get("/plans/<plan_id>")
    @signed_in
    def plan(plan_id: str) -> tuple[str, int]:
        undone = request.args.get("done") == "undone"
        return plan_page(plan_id, notice=UNDONE if undone else None)

    @bp.get("/plans/<plan_id>/state.json")
    @signed_in
    def plan_state(plan_id: str) -> Response:
        """What the plan page polls while the plan runs."""
        try:
            plan = services.plan("plan_status", {"plan_id": plan_id}, g.operator)
        except Refused as refusal:
            return Response(json.dumps({"error": refusal.message}), status=404, mimetype="application/json")
        body = {"status": plan["status"], "blocking_prompt": plan.get("blocking_prompt")}
        return Response(json.dumps(body), mimetype="application/json")

    def act(plan_id: str, function: str, what: str, body: dict[str, Any]) -> Any:
        try:
            services.plan(function, {"plan_id": plan_id, **body}, g.operator)
        except Refused as refusal:
            status = 403 if refusal.code == "auth_required" else 409
            return plan_page(plan_id, status, error=describe_refusal(what, refusal))
        return redirect(url_for("console.plan", plan_id=plan_id), code=303)

    @bp.post("/plans/<plan_id>/confirm")
    @signed_in
    def confirm(plan_id: str) -> Any:
        return act(plan_id, "plan_confirm", "confirm the plan", {})

    @bp.post("/plans/<plan_id>/undo")
    @signed_in
    def undo(plan_id: str) -> Any:
        try:
            services.plan("plan_undo", {"plan_id": plan_id}, g.operator)
        except Refused as refusal:
            status = 403 if refusal.code == "auth_required" else 409
            return plan_page(plan_id, status, error=describe_refusal("undo the plan", refusal))
        return redirect(url_for("console.plan", plan_id=plan_id, done="undone"), code=303)

    @bp.post("/plans/<plan_id>/answer")
    @signed_in
    def answer(plan_id: str) -> Any:
        text = (request.form.get("answer") or "").strip()
        if not text:
            return plan_page(plan_id, 422, error="Write the answer the plan asks for.")
        return act(plan_id, "plan_answer", "answer the plan", {"user_message": text})
