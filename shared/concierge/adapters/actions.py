"""The plans' action client: an atomic action called over HTTP, and what came back classified
(400, 401/403, 404, 409, 429, 5xx, timeout) as an ActionResult.

httpx is imported and its client built on the first call: a plan function that only reads a plan
(plan_status) never pays for them on a cold start."""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from concierge.domain.plans import ActionResult, AtomicAction

if TYPE_CHECKING:
    import httpx

DEFAULT_TIMEOUT = 30.0


def classify(status: int) -> str:
    if status in (401, 403):
        return "unauthorized"
    if status == 404:
        return "not_found"
    if status == 409:
        return "conflict"
    if status == 429:
        return "rate_limited"
    if status >= 500:
        return "server_error"
    return "bad_request"  # 400, 422 and any other refusal of the request itself


class ActionClient:
    """Sends one action call with the user's token and an idempotency key, over httpx."""

    def __init__(
        self, base_url: str, timeout: float = DEFAULT_TIMEOUT, transport: httpx.BaseTransport | None = None
    ) -> None:
        self._base_url, self._timeout, self._transport = base_url.rstrip("/"), timeout, transport
        self._client: httpx.Client | None = None
        self._lock = threading.Lock()

    @property
    def _http(self) -> httpx.Client:
        with self._lock:
            if self._client is None:
                import httpx

                self._client = httpx.Client(base_url=self._base_url, timeout=self._timeout, transport=self._transport)
            return self._client

    def call(
        self, action: AtomicAction, parameters: dict[str, Any], token: str | None, idempotency_key: str | None = None
    ) -> ActionResult:
        path = action.path
        query, body = {}, {}
        for param in action.parameters:
            if param.name not in parameters:
                continue
            value = parameters[param.name]
            if param.location == "path":
                path = path.replace("{" + param.name + "}", str(value))
            elif param.location == "query":
                query[param.name] = value
            else:
                body[param.name] = value
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        http = self._http
        import httpx  # loaded with the client

        try:
            response = http.request(
                action.method,
                path,
                params=query or None,
                json=body if action.method.upper() not in ("GET", "DELETE") else None,
                headers=headers,
            )
        except httpx.TimeoutException:
            return ActionResult(success=False, error_type="timeout", error_message="The request timed out.")
        except httpx.TransportError as exc:
            return ActionResult(
                success=False,
                error_type="timeout",
                error_message=f"Could not reach the service ({type(exc).__name__}).",
            )
        try:
            data = response.json()
        except ValueError:
            data = None
        if response.is_success:
            return ActionResult(success=True, response_data=data if isinstance(data, dict) else {"value": data})
        message = data.get("message") if isinstance(data, dict) else None
        retry_after = response.headers.get("Retry-After")
        return ActionResult(
            success=False,
            error_type=classify(response.status_code),
            error_message=message or f"HTTP {response.status_code}",
            response_data=data if isinstance(data, dict) else None,
            retry_after_seconds=int(retry_after) if retry_after and retry_after.isdigit() else None,
        )
