"""The one place that wires adapters into a tool context and the services, from the `Settings` (settings.py)."""

from __future__ import annotations

import datetime as dt
import logging
import os
import threading
from typing import TYPE_CHECKING, Callable, Mapping

from concierge.adapters.clock import Clock, FixedClock
from concierge.adapters.providers import BookingProvider, ProviderFailure, ProviderNotConfigured
from concierge.adapters.store import Store
from concierge.domain.venue import Venue
from concierge.idempotency import Idempotency
from concierge.settings import Settings
from concierge.tools.context import ToolContext
from concierge.venues import VenueCatalog

if TYPE_CHECKING:
    from concierge.adapters.llm import ChatModel, GenerationHook
    from concierge.adapters.queue import PlanQueue
    from concierge.adapters.store import OperatorStore
    from concierge.adapters.store.conversations import ConversationStore
    from concierge.http.operators import OperatorGate
    from concierge.adapters.tracing import Tracer
    from concierge.conversations.agent import Agent
    from concierge.http.conversations import ConversationFunctions
    from concierge.plans.service import PlanService
    from concierge.plans.cleanup_schedule import CleanupSchedule
    from concierge.web.console.session import ConsoleConfig

    AgentChooser = Callable[[Venue], Agent]


log = logging.getLogger("concierge.plans")


def build_store(settings: Settings) -> Store:
    if settings.store == "sqlite":
        from concierge.adapters.store.sqlite import SqliteStore

        return SqliteStore(settings.data_dir, plan_retention=dt.timedelta(days=settings.plan_retention_days))
    if settings.store == "firestore":
        from concierge.adapters.store.firestore import FirestoreStore

        return FirestoreStore.connect(
            settings.firestore_project,
            settings.firestore_database,
            plan_retention=dt.timedelta(days=settings.plan_retention_days),
        )
    raise ValueError(f'CONCIERGE_STORE="{settings.store}" is not a store this build knows (sqlite, firestore)')


def build_clock(settings: Settings) -> Clock:
    return FixedClock.parse(settings.now) if settings.now else Clock()


def provider_factory(store: Store, env: Mapping[str, str] = os.environ) -> Callable[[Venue], BookingProvider]:
    """provider_for(venue): the venue's provider, built once per venue and provider block.

    The class is found in the registry (`concierge.domain.providers`) and imported on first use, so a
    function loads only the clients its venues need; it gets the resources it declares in `needs`."""
    import importlib
    import json

    from concierge.adapters.leases import store_lease
    from concierge.domain.providers import PROVIDERS

    # "snapshots": reads shared by every instance through the store (Sheets' per-minute quota)
    resources = {"store": store, "lease": store_lease(store), "snapshots": store}
    built: dict[tuple[str, str], BookingProvider] = {}
    # venue id: (the provider block last seen, its key); the venue cache hands the same block back for its
    # whole term, so the block is serialised once per term, not once per call
    keys: dict[str, tuple[object, tuple[str, str]]] = {}
    lock = threading.Lock()

    def provider_for(venue: Venue) -> BookingProvider:
        kind = venue.provider.kind
        seen = keys.get(venue.id)
        if seen is not None and seen[0] is venue.provider:
            key = seen[1]
        else:
            key = (venue.id if kind != "builtin" else "", json.dumps(venue.provider.model_dump(), sort_keys=True))
            keys[venue.id] = (venue.provider, key)
        provider = built.get(key)
        if provider is not None:
            return provider
        with lock:
            if key not in built:
                config = venue.provider.model_dump()
                entry = PROVIDERS[kind]
                cls: type[BookingProvider] = getattr(importlib.import_module(entry.module), entry.class_name)
                try:
                    built[key] = cls(config, env, **{need: resources[need] for need in cls.needs})
                except ProviderFailure:
                    raise
                except Exception as exc:
                    raise ProviderNotConfigured(
                        f'Provider "{kind}" of venue "{venue.id}" is misconfigured: {type(exc).__name__}.'
                    ) from None
            return built[key]

    return provider_for


def build_tracer(settings: Settings) -> "Tracer":
    """Langfuse when LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY are set, else the no-op tracer.

    langfuse (and opentelemetry) are imported only here, on first use, and only with both keys set.
    A tracer that cannot start leaves tracing off; it never stops the function.
    """
    from concierge.adapters.tracing import Tracer as NoopTracer

    langfuse = settings.langfuse
    if langfuse is None:
        return NoopTracer()
    try:
        from langfuse import Langfuse

        from concierge.adapters.langfuse_tracer import LangfuseTracer

        return LangfuseTracer(
            Langfuse(
                public_key=langfuse.public_key,
                secret_key=langfuse.secret_key,
                base_url=langfuse.base_url,
                release=langfuse.release,
            )
        )
    except Exception as exc:  # noqa: BLE001 - observability must not take the service down
        logging.getLogger("concierge.tracing").warning(
            "tracing is off: Langfuse could not start (%s)", type(exc).__name__
        )
        return NoopTracer()


def build_llm(settings: Settings, on_generation: "GenerationHook | None" = None) -> "ChatModel | None":
    """The OpenAI-compatible client when a base URL and a model are set, else None (no LLM)."""
    if not settings.llm_base_url or not settings.llm_model:
        return None
    from concierge.adapters.llm.openai_compatible import ChatClient

    return ChatClient(settings.llm_base_url, settings.llm_api_key, settings.llm_model, on_generation=on_generation)


def build_context(settings: Settings, store: Store | None = None, tracer: "Tracer | None" = None) -> ToolContext:
    store = store or build_store(settings)
    provider_for = provider_factory(store)

    return ToolContext(
        venues=VenueCatalog(store, ttl=settings.venue_cache_seconds),
        providers=provider_for,
        clock=build_clock(settings),
        idempotency=Idempotency(
            store,
            expiry=dt.timedelta(seconds=settings.idempotency_seconds),
            lease=dt.timedelta(seconds=settings.idempotency_lease_seconds),
        ),
        tracer=tracer if tracer is not None else build_tracer(settings),
    )


def build_queue(settings: Settings, deliver: Callable[[str, dict], None]) -> "PlanQueue":
    if settings.queue == "inprocess":
        from concierge.adapters.queue.inprocess import InProcessQueue

        return InProcessQueue(deliver)
    if settings.queue == "cloudtasks":
        from concierge.adapters.queue.cloud_tasks import CloudTasksQueue

        if not settings.tasks_urls or not settings.tasks_project:
            raise ValueError(
                "Cloud Tasks needs CONCIERGE_TASKS_PROJECT, CONCIERGE_EXECUTE_URL and CONCIERGE_ROLLBACK_URL"
            )
        queues = dict(zip(("execute", "rollback"), settings.tasks_queues, strict=True))
        urls = dict(zip(("execute", "rollback"), settings.tasks_urls, strict=True))
        if settings.tasks_emulator_host:
            return CloudTasksQueue.for_emulator(
                settings.tasks_emulator_host, settings.tasks_project, settings.tasks_location, queues, urls
            )
        return CloudTasksQueue(
            settings.tasks_project, settings.tasks_location, queues, urls, settings.tasks_service_account
        )
    raise ValueError(f'CONCIERGE_QUEUE="{settings.queue}" is not a queue this build knows (inprocess, cloudtasks)')


def build_plan_service(
    settings: Settings, ctx: ToolContext, store: Store, actions_base_url: str, tracer: "Tracer | None" = None
) -> "PlanService":
    """The plan lifecycle: registry, planners, action client, queue and executor around one store."""
    import time

    from concierge.adapters.tracing import Tracer as NoopTracer
    from concierge.adapters.actions import ActionClient
    from concierge.plans.booking_api import OVERLAY_PATH, SPEC_PATH
    from concierge.plans.canonical_values import Reading
    from concierge.plans.executor import Executor
    from concierge.plans.llm_planner import LLMPlanner
    from concierge.plans.parameter_fixer import ParameterFixer
    from concierge.plans.react_executor import ReactExecutor
    from concierge.plans.rule_planner import RulePlanner
    from concierge.plans.requests import DeliverAgain, TaskBody
    from concierge.plans.service import PlanService
    from concierge.plans.transformer import build_registry, load_document, read_only_actions

    tracer = tracer or getattr(ctx, "tracer", None) or NoopTracer()
    registry_box: list = []

    overlay_path = settings.actions_overlay or OVERLAY_PATH

    def refresh():
        registry_box[:] = [build_registry(settings.actions_spec or SPEC_PATH, overlay_path)]
        if service_box:
            service_box[0].read_only_actions = set(read_only_actions(load_document(overlay_path), registry_box[0]))
        return registry_box[0]

    def registry():
        return registry_box[0] if registry_box else refresh()

    service_box: list = []

    def deliver(kind: str, body: dict) -> None:
        """In-process delivery: like Cloud Tasks, try again while the task cannot run yet or fails."""
        task = TaskBody.model_validate(body)
        service = service_box[0]
        function = service.plan_execute if kind == "execute" else service.plan_rollback
        for _ in range(100):
            try:
                function(task)
                return
            except DeliverAgain:
                pass
            except Exception:
                log.exception("plan task %s failed unexpectedly", kind)
            time.sleep(0.05)

    queue = build_queue(settings, deliver)
    actions = ActionClient(actions_base_url, timeout=settings.action_timeout_seconds)
    llm = build_llm(settings, on_generation=tracer.on_generation if tracer.enabled else None)
    rules = RulePlanner()

    def locale_of(venue_id: str) -> str:
        """Plan refusals and step reports speak the venue's language, like the plan's presentation."""
        venue = ctx.venues.get(venue_id)
        return venue.locale if venue is not None else "en"

    def reading_of(venue_id: str) -> "Reading":
        """How the executor's guard reads a venue's values: its wall clock, language and phone region."""
        venue = ctx.venues.get(venue_id)
        if venue is None:
            return Reading(now=ctx.clock.now())
        return Reading(now=ctx.local_now(venue), locale=venue.locale, region=venue.country)

    executor_parts = dict(
        store=store,
        registry=registry,
        actions=actions,
        locale_of=locale_of,
        reading_of=reading_of,
        enqueue_rollback=lambda plan_id, _token: queue.enqueue("rollback", plan_id),
        tracer=tracer,
        read_only=lambda: service_box[0].read_only_actions,
        leases=store,  # the sessions' answer slots
    )
    # With a model, the ReAct loop carries out the plan (or, with CONCIERGE_EXECUTOR=steps, the steps run
    # in order with one format fix by the model); without one, the deterministic executor does.
    if settings.executor not in ("react", "steps"):
        raise ValueError(f'CONCIERGE_EXECUTOR="{settings.executor}" is not an executor this build knows (react, steps)')
    executor: Executor
    if llm and settings.executor == "react":
        executor = ReactExecutor(
            **executor_parts,
            model=llm,
            max_turns=settings.executor_max_turns,
            max_retries=settings.executor_max_retries,
        )
    else:
        executor = Executor(**executor_parts, fixer=ParameterFixer(llm) if llm else None)
    service = PlanService(
        store=store,
        idempotency=store,
        venues=ctx.venues,
        registry=registry,
        refresh=refresh,
        planner=LLMPlanner(llm) if llm else rules,
        fallback_planner=rules,
        actions=actions,
        queue=queue,
        executor=executor,
        tracer=tracer,
        pending_expiry=dt.timedelta(minutes=settings.pending_plan_minutes),
        max_clarifications=settings.max_clarifications,
        locale_of=locale_of,
        service_token=settings.actions_token or settings.access.api_key,
        today=lambda venue: ctx.local_now(venue).date(),
    )
    service_box.append(service)  # the registry is read on first use: plan_status never needs it
    return service


def start_cleanup(
    settings: Settings, plans: "PlanService", conversations: "ConversationStore | None" = None
) -> "CleanupSchedule | None":
    """The local server's own cleanup schedule (expiry, resumption, purges, the conversations' retention too
    when given: Firestore's TTL policy does that when deployed); None when switched off (0)."""
    from concierge.plans.cleanup_schedule import CleanupSchedule

    if settings.cleanup_seconds <= 0:
        return None

    def sweep() -> dict:
        outcome = plans.plans_cleanup()
        if conversations is not None:
            outcome["purged_conversations"] = conversations.purge_conversations(dt.datetime.now(dt.timezone.utc))
        return outcome

    return CleanupSchedule(sweep, settings.cleanup_seconds).start()


def build_operator_gate(settings: Settings, directory: "OperatorStore") -> "OperatorGate":
    """Operator keys from the store, and Google ID tokens too when an audience is configured."""
    from concierge.http.operators import OperatorGate

    id_tokens = None
    if settings.operator_audience:
        from concierge.adapters.google_identity import GOOGLE_CERTS_URL, GoogleIdTokens

        id_tokens = GoogleIdTokens(settings.operator_audience, settings.operator_certs_url or GOOGLE_CERTS_URL)
    return OperatorGate(directory, id_tokens)


def build_console_config(settings: Settings, required: bool = False) -> "ConsoleConfig":
    """The console's cookie settings. Without CONCIERGE_CONSOLE_SECRET a random secret is drawn (the local
    server: sign-ins end when it restarts); a deployed console requires one, shared by its instances."""
    from concierge.web.console.session import ConsoleConfig

    seconds = max(60, int(settings.console_session_hours * 3600))
    if settings.console_secret:
        if len(settings.console_secret) < 32:
            raise ValueError("CONCIERGE_CONSOLE_SECRET must be at least 32 characters")
        return ConsoleConfig(settings.console_secret, seconds, settings.console_secure_cookie)
    if required:
        raise ValueError("CONCIERGE_CONSOLE_SECRET must be set: it signs the console's sign-in cookies")
    return ConsoleConfig(session_seconds=seconds, secure_cookie=settings.console_secure_cookie)


def build_conversations(
    settings: Settings,
    ctx: ToolContext,
    store: Store,
    agent_for: "AgentChooser",
    operators: "OperatorGate | None" = None,
    tracer: "Tracer | None" = None,
) -> "ConversationFunctions":
    """The chat receptionist: its service over the thread leases of the store, the staff's functions."""
    from concierge.adapters.leases import store_lease
    from concierge.conversations.handover import Handover
    from concierge.conversations.service import ConversationService
    from concierge.conversations.threads import Threads
    from concierge.http.conversations import ConversationFunctions

    # A turn may wait on a model for several calls: the lease outlives it, a second message waits for it.
    threads = Threads(
        store,
        store_lease(store, term=dt.timedelta(seconds=120), wait=60.0),
        retention=dt.timedelta(days=settings.conversation_retention_days),
        history_limit=settings.conversation_history,
    )
    return ConversationFunctions(
        ConversationService(ctx, threads, agent_for, tracer), Handover(ctx, threads), operators
    )


def build_chat_agent(settings: Settings, tracer: "Tracer | None" = None) -> "Agent":
    """The model agent when a model is configured (CONCIERGE_LLM_*), else the offline agent; both screened."""
    from concierge.conversations.agents import pick_agent

    hook = tracer.on_generation if tracer is not None and tracer.enabled else None
    return pick_agent(build_llm(settings, on_generation=hook))
