"""The staff console: server-rendered pages at /console for the venue's operators.

`register_console(app, services, config)` adds the pages to a Flask app (the local server's, or
the deployed `console` function's). Every page needs a signed-in operator; every form post needs
the session's CSRF token and, when the browser sends one, a same-site Origin.
"""

from __future__ import annotations

import logging
import time
from functools import wraps
from typing import Callable, TypeVar
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, abort, g, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import HTTPException

from concierge.http.operators import OperatorUnauthorized
from concierge.web.console.services import ConsoleServices
from concierge.web.console.session import COOKIE, ConsoleConfig, ConsoleSession, SessionCodec

__all__ = ["ConsoleConfig", "ConsoleServices", "register_console"]

log = logging.getLogger("concierge.console")
View = TypeVar("View", bound=Callable[..., object])
MAX_KEY_LENGTH = 4096
SIGNED_OUT = {
    "expired": "Your session has ended: sign in again.",
    "revoked": "Your operator key is no longer valid: sign in with a current one.",
}


class CsrfRefused(Exception):
    """A form post without the session's token, or from another site: nothing is done."""


def signed_in(view: View) -> View:
    """The page needs an operator; anyone else is sent to the sign-in page (and back afterwards)."""

    @wraps(view)
    def guarded(*args: object, **kwargs: object) -> object:
        if g.operator is None:
            if request.path.endswith(".json"):  # what a page polls
                return Response('{"error": "Sign in again."}', status=401, mimetype="application/json")
            ended = g.get("signed_out")
            if request.method == "GET":
                return redirect(url_for("console.sign_in", next=request.full_path.rstrip("?"), ended=ended))
            return redirect(url_for("console.sign_in", ended=ended), code=303)  # the form is not sent again
        return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]


def _safe_next(target: str | None) -> str:
    """Back to a console page only (never another site)."""
    if target and target.startswith("/console/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("console.home")


def _same_site(origin: str | None, host: str) -> bool:
    if not origin:
        return True  # old browsers and same-origin navigations may omit it; the CSRF token still holds
    return urlsplit(origin).netloc == host


def register_console(app: Flask, services: ConsoleServices, config: ConsoleConfig | None = None) -> None:
    from concierge.web.console import bookings, conversations, plans

    config = config or ConsoleConfig()
    codec = SessionCodec(config)
    bp = Blueprint(
        "console",
        __name__,
        url_prefix="/console",
        template_folder="templates",
        static_folder="static",
        static_url_path="/static",
    )

    @bp.before_request
    def open_session() -> None:
        session = codec.loads(request.cookies.get(COOKIE))
        g.session_changed = session is None
        g.operator = None
        g.signed_out = None
        if session is None:
            session = ConsoleSession.fresh()
        elif session.operator_id:
            expired = session.signed_in_at is None or time.time() - session.signed_in_at > config.session_seconds
            operator = None if expired else services.active_operator(session.operator_id)
            if operator is None:
                g.signed_out = "expired" if expired else "revoked"
                session, g.session_changed = ConsoleSession.fresh(), True
            g.operator = operator
        g.console_session = session
        if request.method == "POST":
            if not _same_site(request.headers.get("Origin"), request.host):
                raise CsrfRefused("The form was sent from another site.")
            if not session.csrf_matches(request.form.get("csrf")):
                raise CsrfRefused("The form has expired or did not come from this console.")

    @bp.after_request
    def save_session(response: Response) -> Response:
        response.headers.setdefault("Cache-Control", "no-store")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        )
        if g.get("session_changed"):
            response.set_cookie(
                COOKIE,
                codec.dumps(g.console_session),
                max_age=config.session_seconds,
                path="/console",
                secure=config.secure_cookie,
                httponly=True,
                samesite="Strict",
            )
        return response

    @bp.context_processor
    def page_globals() -> dict[str, object]:
        return {"operator": g.get("operator"), "csrf": getattr(g.get("console_session"), "csrf", "")}

    @bp.errorhandler(CsrfRefused)
    def csrf_refused(error: CsrfRefused) -> tuple[str, int]:
        return render_template(
            "console/error.html",
            title="The form was not accepted",
            message=f"{error} Nothing was changed: reload the page and try again.",
        ), 403

    @bp.errorhandler(HTTPException)
    def http_error(error: HTTPException) -> tuple[str, int]:
        status = error.code or 500
        titles = {404: "Not found", 405: "Not allowed", 413: "Too large"}
        return render_template(
            "console/error.html", title=titles.get(status, "Refused"), message=error.description
        ), status

    @bp.errorhandler(Exception)
    def unexpected(error: Exception) -> tuple[str, int]:
        log.exception("unexpected failure serving %s", request.path)
        return render_template(
            "console/error.html",
            title="Something went wrong",
            message="Unexpected error; it has been logged. Please try again.",
        ), 500

    @bp.get("/")
    @signed_in
    def home() -> str:
        return render_template("console/venues.html", venues=services.venues())

    @bp.route("/sign-in", methods=["GET", "POST"])
    def sign_in() -> ResponseReturnValue:
        target = _safe_next(request.values.get("next"))
        if request.method == "GET":
            if g.operator is not None:
                return redirect(target)
            ended = SIGNED_OUT.get(request.args.get("ended") or "")
            return render_template("console/sign_in.html", next=target, error=ended)
        key = (request.form.get("key") or "").strip()
        try:
            if not key:
                raise OperatorUnauthorized("Enter your operator key.")
            if len(key) > MAX_KEY_LENGTH:
                raise OperatorUnauthorized("The operator credential is too long.")
            operator = services.operators.authenticate({"Authorization": f"Bearer {key}"})
        except OperatorUnauthorized as refusal:
            message = refusal.message
            if "wrong, revoked or expired" in message:
                message = "This key is wrong or has been revoked. Check it, or ask for a new one."
            return render_template("console/sign_in.html", next=target, error=message), 401
        g.console_session = g.console_session.signed_in(operator.operator_id, int(time.time()))
        g.session_changed = True
        log.info("operator %s signed in to the console", operator.operator_id)
        return redirect(target, code=303)

    @bp.post("/sign-out")
    def sign_out() -> ResponseReturnValue:
        g.console_session, g.session_changed, g.operator = ConsoleSession.fresh(), True, None
        return render_template("console/sign_in.html", next=url_for("console.home"), notice="You are signed out.")

    @bp.get("/<path:rest>")
    def missing(rest: str) -> ResponseReturnValue:
        """A console address that leads nowhere gets a page saying so, not the functions' JSON."""
        abort(404, description="There is no such page in the console.")

    bookings.add_routes(bp, services)
    conversations.add_routes(bp, services)
    plans.add_routes(bp, services)
    app.register_blueprint(bp)
