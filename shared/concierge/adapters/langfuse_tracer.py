"""The tracer port over the Langfuse Python SDK (v3+ is built on OpenTelemetry).

Imported only when LANGFUSE_PUBLIC_KEY and LANGFUSE_SECRET_KEY are set (bootstrap.build_tracer),
so a function whose tracing is off never imports langfuse or opentelemetry.

- A port span becomes a Langfuse observation made current in the OpenTelemetry context: spans
  opened inside it (same trace id) nest under it, and so do generations. A span whose trace id
  differs from the enclosing one starts a root observation in that trace
  (`trace_context={"trace_id": trace_hex(id)}`): every function invocation touching a plan
  writes into the plan's trace, whose Langfuse id is the plan id without dashes.
- `session_id` / `user_id` attributes become the trace's session and user (propagate_attributes).
- `input` / `output` attributes become the observation's input and output; the others its
  metadata. All three are masked (concierge.masking) before they are handed to the SDK; secrets
  are dropped by key and never leave the process.
- A span ending with an exception, `success=False`, or `outcome` error/failed is level ERROR.
- Every SDK call is guarded: a failure is logged at debug and the traced code runs on.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Any, Iterator

from concierge.adapters.tracing import Span, Tracer, _opened, current_span, new_trace_id, trace_hex
from concierge.masking import mask, mask_proper_nouns, mask_text, names_in

log = logging.getLogger(__name__)

_ERROR_OUTCOMES = frozenset({"error", "failed", "enqueue_failed", "unexpected_error"})
_WARNING_OUTCOMES = frozenset({"refused", "paused", "partial", "Clarification"})
_TRACE_KEYS = ("session_id", "user_id")


class LangfuseTracer(Tracer):
    enabled = True

    def __init__(self, client: Any) -> None:
        """client: a langfuse.Langfuse (bootstrap builds it from the settings; tests pass their own)."""
        self._client = client
        from langfuse import propagate_attributes

        self._propagate = propagate_attributes

    # --- spans -------------------------------------------------------------------------------------
    @contextmanager
    def span(self, name: str, trace_id: str, **attributes: Any) -> Iterator[Span]:
        enclosing = current_span()
        with _opened(name, trace_id, dict(attributes)) as span:
            handles = self._open(span, nested=enclosing is not None and enclosing.trace_id == trace_id)
            failure: BaseException | None = None
            try:
                yield span
            except BaseException as exc:
                failure = exc
                raise
            finally:
                self._close(handles, span, failure)

    def _open(self, span: Span, nested: bool) -> list | None:
        """Enter the observation (and the trace attributes) for this span; None when the SDK failed."""
        entered: list = []
        try:
            attrs = span.attributes
            kwargs: dict[str, Any] = dict(name=span.name, as_type="span")
            if not nested:
                kwargs["trace_context"] = {"trace_id": trace_hex(span.trace_id)}
            if "input" in attrs:
                kwargs["input"] = mask(attrs["input"], _names_in(attrs))
            manager = self._client.start_as_current_observation(**kwargs)
            observation = manager.__enter__()
            entered.append(manager)
            trace_attrs = {k: mask_text(str(attrs[k]))[:200] for k in _TRACE_KEYS if attrs.get(k)}
            trace_name = attrs.get("trace_name")
            if trace_attrs or trace_name:
                propagate = self._propagate(trace_name=str(trace_name) if trace_name else None, **trace_attrs)
                propagate.__enter__()
                entered.append(propagate)
            return [observation, *entered]
        except Exception:  # noqa: BLE001 - tracing is best effort
            log.debug("langfuse: could not open span %s", span.name, exc_info=True)
            for manager in reversed(entered):
                _exit_quietly(manager)
            return None

    def _close(self, handles: list | None, span: Span, failure: BaseException | None) -> None:
        if not handles:
            return
        observation, *managers = handles
        try:
            attrs = dict(span.attributes)
            update: dict[str, Any] = {}
            names = _names_in(span.attributes)
            if "output" in attrs:
                update["output"] = mask(attrs.pop("output"), names)
            if "input" in attrs:  # again, masked with every name the span learnt (a chat turn learns the customer's)
                update["input"] = mask(attrs.pop("input"), names)
            attrs.pop("trace_name", None)
            update["metadata"] = mask(attrs, names)
            level, message = _level(attrs, failure)
            if level:
                update["level"] = level
            if message:
                update["status_message"] = mask_text(message, names)[:500]
            observation.update(**update)
        except Exception:  # noqa: BLE001
            log.debug("langfuse: could not record span %s", span.name, exc_info=True)
        for manager in reversed(managers):
            _exit_quietly(manager)

    # --- generations -------------------------------------------------------------------------------
    def generation(
        self,
        name: str = "llm",
        *,
        model: str | None = None,
        input: Any = None,
        output: Any = None,
        latency_ms: float | None = None,
        usage: dict | None = None,
        **attributes: Any,
    ) -> None:
        try:
            parent = current_span()
            kwargs: dict[str, Any] = dict(name=name, as_type="generation", model=model)
            if parent is None:  # an LLM call outside any span: a trace of its own
                kwargs["trace_context"] = {"trace_id": trace_hex(attributes.pop("trace_id", None) or new_trace_id())}
            names = _names_in({"input": input, "output": output})
            span = parent
            while span is not None:  # names of the booking being worked on, e.g. a tool call's parameters
                names |= _names_in(span.attributes)
                span = span.parent
            masked_input = _mask_conversation(mask(input, names))
            masked_output = _mask_conversation(mask(output, names))
            usage_details = {
                k: v
                for k, v in {
                    "input": (usage or {}).get("prompt_tokens"),
                    "output": (usage or {}).get("completion_tokens"),
                    "total": (usage or {}).get("total_tokens"),
                }.items()
                if isinstance(v, int)
            }
            metadata = mask(dict(attributes, latency_ms=latency_ms), names)
            observation = self._client.start_observation(
                **kwargs,
                input=masked_input,
                output=masked_output,
                metadata=metadata,
                usage_details=usage_details or None,
            )
            observation.end()
        except Exception:  # noqa: BLE001
            log.debug("langfuse: could not record generation %s", name, exc_info=True)

    # --- delivery ----------------------------------------------------------------------------------
    def flush(self) -> None:
        try:
            self._client.flush()
        except Exception:  # noqa: BLE001
            log.debug("langfuse: flush failed", exc_info=True)

    def shutdown(self) -> None:
        try:
            self._client.shutdown()
        except Exception:  # noqa: BLE001
            log.debug("langfuse: shutdown failed", exc_info=True)


def _exit_quietly(manager: Any) -> None:
    try:
        manager.__exit__(None, None, None)
    except Exception:  # noqa: BLE001
        log.debug("langfuse: could not close a context", exc_info=True)


def _mask_conversation(value: Any) -> Any:
    """Callers' and the model's sentences may name people without a key saying so: mask proper nouns there."""
    if isinstance(value, list):
        return [
            dict(m, content=mask_proper_nouns(m["content"]))
            if isinstance(m, dict) and m.get("role") in ("user", "assistant") and isinstance(m.get("content"), str)
            else m
            for m in value
        ]
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        return dict(value, content=mask_proper_nouns(value["content"]))
    return value


def _names_in(attributes: dict) -> set[str]:
    """Names seen in a span's input (e.g. a booking's guest) are hidden in its metadata's free text too."""
    return names_in(attributes)


def _level(attrs: dict, failure: BaseException | None) -> tuple[str | None, str | None]:
    if failure is not None:
        return "ERROR", f"{type(failure).__name__}"
    outcome = attrs.get("outcome")
    if attrs.get("success") is False or outcome in _ERROR_OUTCOMES:
        return "ERROR", str(attrs.get("error_type") or attrs.get("error_code") or outcome or "failed")
    if outcome in _WARNING_OUTCOMES or attrs.get("error_code"):
        return "WARNING", str(attrs.get("error_code") or outcome)
    return None, None
