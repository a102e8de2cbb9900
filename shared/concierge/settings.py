"""The service's settings: read from the environment once, in `Settings.from_env`, and nowhere else."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from concierge.venues import DEFAULT_TTL_SECONDS


@dataclass(frozen=True)
class Access:
    """The secrets that guard the tools; None means that guard is off."""

    api_key: str | None = field(default=None, repr=False)
    retell_api_key: str | None = field(default=None, repr=False)


@dataclass(frozen=True)
class LangfuseSettings:
    public_key: str = field(repr=False)
    secret_key: str = field(repr=False)
    base_url: str | None = None
    release: str | None = None


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"
    data_dir: Path = Path(".concierge")
    firestore_project: str = "demo-concierge"
    firestore_database: str = "(default)"
    idempotency_seconds: float = 3600
    idempotency_lease_seconds: float = 30  # an in-progress call older than this is taken over by a replay
    queue: str = "inprocess"  # or "cloudtasks"
    actions_base_url: str | None = None  # where plan steps call the booking API (the local server by default)
    actions_spec: str | None = None  # OpenAPI of the actions (default: the project's own booking API)
    actions_overlay: str | None = None
    actions_token: str | None = field(default=None, repr=False)  # the service's credential there (or the tool key)
    pending_plan_minutes: float = 60
    cleanup_seconds: float = 60  # `concierge serve` runs the plans' cleanup sweep this often (0: never)
    max_clarifications: int = 3  # planner questions in a row before it suggests rephrasing
    action_timeout_seconds: float = 30
    tasks_project: str | None = None
    tasks_location: str = "europe-west1"
    tasks_queues: tuple[str, str] = ("plan-execute", "plan-rollback")
    tasks_urls: tuple[str, str] | None = None  # plan_execute and plan_rollback function URLs
    tasks_service_account: str | None = None
    tasks_emulator_host: str | None = None
    now: str | None = None
    venue_cache_seconds: float = DEFAULT_TTL_SECONDS
    access: Access = field(default_factory=Access)
    log_json: bool = False  # the local server's log lines as JSON (deployed functions always write JSON)
    log_level: str = "INFO"
    log_project: str | None = None  # the Google Cloud project that log lines name their traces in
    langfuse: LangfuseSettings | None = None  # tracing, when both keys are set
    llm_base_url: str | None = None  # an OpenAI-compatible endpoint; with llm_model, plans use the LLM planner
    llm_model: str | None = None
    llm_api_key: str = field(default="", repr=False)
    operator_audience: str | None = None  # Google sign-in for operators: the ID tokens' audience (client id)
    operator_certs_url: str | None = None  # Google's signing certificates unless a test serves its own
    conversation_retention_days: float = 180  # conversations, their messages and client profiles
    plan_retention_days: float = 30  # plans and planning sessions, after their last change
    conversation_history: int = 20  # recent messages the chat agent sees
    executor: str = "react"  # with a model: "react" (the ReAct loop) or "steps" (steps in order, one format fix)
    executor_max_turns: int = 12  # model turns the executing model gets per delivery of a plan
    executor_max_retries: int = 2  # re-attempts of a step the action API refused for its format (400/422)
    console_secret: str | None = field(default=None, repr=False)  # signs the console's session cookies
    console_session_hours: float = 8  # a console sign-in lasts this long
    console_secure_cookie: bool = False  # the console's cookie only over HTTPS (deployed)

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ, **overrides) -> "Settings":
        deployed = "K_SERVICE" in env  # set by Cloud Functions (gen2) and Cloud Run
        values = dict(
            store=env.get("CONCIERGE_STORE", "firestore" if deployed else "sqlite"),
            data_dir=Path(env.get("CONCIERGE_DATA", ".concierge")),
            firestore_project=env.get("CONCIERGE_FIRESTORE_PROJECT")
            or env.get("GOOGLE_CLOUD_PROJECT")
            or "demo-concierge",
            firestore_database=env.get("CONCIERGE_FIRESTORE_DATABASE", "(default)"),
            idempotency_seconds=float(env.get("CONCIERGE_IDEMPOTENCY_SECONDS", 3600)),
            idempotency_lease_seconds=float(env.get("CONCIERGE_IDEMPOTENCY_LEASE_SECONDS", 30)),
            queue=env.get("CONCIERGE_QUEUE", "cloudtasks" if deployed else "inprocess"),
            actions_base_url=env.get("CONCIERGE_ACTIONS_BASE_URL") or None,
            actions_spec=env.get("CONCIERGE_ACTIONS_SPEC") or None,
            actions_overlay=env.get("CONCIERGE_ACTIONS_OVERLAY") or None,
            actions_token=env.get("CONCIERGE_ACTIONS_TOKEN") or None,
            pending_plan_minutes=float(env.get("CONCIERGE_PENDING_PLAN_MINUTES", 60)),
            cleanup_seconds=float(env.get("CONCIERGE_CLEANUP_SECONDS", 60)),
            max_clarifications=int(env.get("CONCIERGE_MAX_CLARIFICATIONS", 3)),
            action_timeout_seconds=float(env.get("CONCIERGE_ACTION_TIMEOUT_SECONDS", 30)),
            tasks_project=env.get("CONCIERGE_TASKS_PROJECT") or env.get("GOOGLE_CLOUD_PROJECT") or None,
            tasks_location=env.get("CONCIERGE_TASKS_LOCATION", "europe-west1"),
            tasks_queues=(
                env.get("CONCIERGE_EXECUTE_QUEUE", "plan-execute"),
                env.get("CONCIERGE_ROLLBACK_QUEUE", "plan-rollback"),
            ),
            tasks_urls=(env["CONCIERGE_EXECUTE_URL"], env["CONCIERGE_ROLLBACK_URL"])
            if env.get("CONCIERGE_EXECUTE_URL") and env.get("CONCIERGE_ROLLBACK_URL")
            else None,
            tasks_service_account=env.get("CONCIERGE_TASKS_SERVICE_ACCOUNT") or None,
            tasks_emulator_host=env.get("CLOUD_TASKS_EMULATOR_HOST") or None,
            now=env.get("CONCIERGE_NOW") or None,
            venue_cache_seconds=float(env.get("CONCIERGE_VENUE_CACHE_SECONDS", DEFAULT_TTL_SECONDS)),
            operator_audience=env.get("CONCIERGE_OPERATOR_AUDIENCE") or None,
            conversation_retention_days=float(env.get("CONCIERGE_CONVERSATION_RETENTION_DAYS", 180)),
            plan_retention_days=float(env.get("CONCIERGE_PLAN_RETENTION_DAYS", 30)),
            conversation_history=int(env.get("CONCIERGE_CONVERSATION_HISTORY", 20)),
            executor=env.get("CONCIERGE_EXECUTOR", "react").strip().lower(),
            executor_max_turns=int(env.get("CONCIERGE_EXECUTOR_MAX_TURNS", 12)),
            executor_max_retries=int(env.get("CONCIERGE_EXECUTOR_MAX_RETRIES", 2)),
            console_secret=env.get("CONCIERGE_CONSOLE_SECRET") or None,
            console_session_hours=float(env.get("CONCIERGE_CONSOLE_SESSION_HOURS", 8)),
            console_secure_cookie=deployed,
            log_json=env.get("CONCIERGE_LOG_FORMAT", "").lower() == "json",
            log_level=env.get("CONCIERGE_LOG_LEVEL", "INFO").upper(),
            log_project=env.get("CONCIERGE_LOG_PROJECT")
            or env.get("GOOGLE_CLOUD_PROJECT")
            or env.get("GCLOUD_PROJECT")
            or env.get("GCP_PROJECT")
            or None,
            langfuse=_langfuse_settings(env),
            llm_base_url=(env.get("CONCIERGE_LLM_BASE_URL") or "").strip() or None,
            llm_model=(env.get("CONCIERGE_LLM_MODEL") or "").strip() or None,
            llm_api_key=(env.get("CONCIERGE_LLM_API_KEY") or "").strip(),
            access=Access(
                api_key=env.get("CONCIERGE_API_KEY") or None, retell_api_key=env.get("RETELL_API_KEY") or None
            ),
        )
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)


def _langfuse_settings(env: Mapping[str, str]) -> LangfuseSettings | None:
    public_key = (env.get("LANGFUSE_PUBLIC_KEY") or "").strip()
    secret_key = (env.get("LANGFUSE_SECRET_KEY") or "").strip()
    if not (public_key and secret_key):
        return None
    return LangfuseSettings(
        public_key=public_key,
        secret_key=secret_key,
        base_url=env.get("LANGFUSE_BASE_URL") or env.get("LANGFUSE_HOST") or None,
        release=env.get("LANGFUSE_RELEASE") or env.get("K_REVISION") or None,
    )
