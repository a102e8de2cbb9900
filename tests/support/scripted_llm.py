"""A real local OpenAI-compatible server for tests: it answers each chat completion with the next scripted reply.

    with ScriptedLLM() as llm:
        llm.reply_tool_call("submit_plan", {...}).reply_text("done")
        client = ChatClient(llm.base_url, "test-key", "scripted-model")  # concierge.adapters.llm.openai_compatible
        ...
        assert llm.requests[0]["tools"]

Every request body is recorded (`requests`, with headers in `headers`); when the script is
exhausted the server answers 500 saying so.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

USAGE = {"prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49}


@dataclass
class Reply:
    status: int
    body: Any  # a dict (JSON) or a str (sent as is)
    delay: float = 0.0


class ScriptedLLM:
    def __init__(self, model: str = "scripted-model") -> None:
        self.model = model
        self.requests: list[dict] = []
        self.headers: list[dict[str, str]] = []
        self._script: list[Reply] = []
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._server = None

    # -- lifecycle

    def start(self) -> "ScriptedLLM":
        self._server = make_server("127.0.0.1", 0, self._app, threaded=True)
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "ScriptedLLM":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self._server is not None, "start the ScriptedLLM first"
        return f"http://127.0.0.1:{self._server.server_port}/v1"

    @property
    def remaining(self) -> int:
        return len(self._script)

    # -- script

    def reply_text(self, content: str, delay: float = 0.0) -> "ScriptedLLM":
        return self._add(self._completion({"role": "assistant", "content": content}), delay)

    def reply_tool_call(self, name: str, arguments: dict | str, delay: float = 0.0) -> "ScriptedLLM":
        """One tool call; a str `arguments` is sent as is (e.g. malformed JSON)."""
        return self.reply_tool_calls((name, arguments), delay=delay)

    def reply_raw_tool_call(self, name: str, raw_arguments: str, delay: float = 0.0) -> "ScriptedLLM":
        return self.reply_tool_calls((name, raw_arguments), delay=delay)

    def reply_tool_calls(
        self, *calls: tuple[str, dict | str], content: str | None = None, delay: float = 0.0
    ) -> "ScriptedLLM":
        tool_calls = [
            {
                "id": f"call_{next(self._ids)}",
                "type": "function",
                "function": {"name": name, "arguments": args if isinstance(args, str) else json.dumps(args)},
            }
            for name, args in calls
        ]
        return self._add(
            self._completion(
                {"role": "assistant", "content": content, "tool_calls": tool_calls}, finish_reason="tool_calls"
            ),
            delay,
        )

    def reply_error(self, status: int, message: str = "scripted failure", delay: float = 0.0) -> "ScriptedLLM":
        return self._add({"error": {"message": message, "code": status}}, delay, status=status)

    def reply_body(self, body: Any, status: int = 200, delay: float = 0.0) -> "ScriptedLLM":
        """Any body at all (a dict as JSON, a str as is): for answers that are not chat completions."""
        return self._add(body, delay, status=status)

    def _add(self, body: Any, delay: float, status: int = 200) -> "ScriptedLLM":
        with self._lock:
            self._script.append(Reply(status, body, delay))
        return self

    def _completion(self, message: dict, finish_reason: str = "stop") -> dict:
        return {
            "id": f"chatcmpl-{next(self._ids)}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model,
            "usage": USAGE,
            "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        }

    # -- server

    def _app(self, environ, start_response):
        request = Request(environ)
        if request.method != "POST" or request.path != "/v1/chat/completions":
            response = _json(
                404,
                {
                    "error": {
                        "message": f"ScriptedLLM serves POST /v1/chat/completions, not {request.method} {request.path}"
                    }
                },
            )
            return response(environ, start_response)
        with self._lock:
            self.requests.append(request.get_json(force=True, silent=True))
            self.headers.append(dict(request.headers))
            reply = self._script.pop(0) if self._script else None
            served = len(self.requests)
        if reply is None:
            response = _json(
                500,
                {
                    "error": {
                        "message": f"ScriptedLLM: the script is exhausted (request {served} has no scripted reply)"
                    }
                },
            )
        else:
            if reply.delay:
                time.sleep(reply.delay)
            response = (
                _json(reply.status, reply.body)
                if not isinstance(reply.body, str)
                else Response(reply.body, status=reply.status, content_type="text/plain")
            )
        return response(environ, start_response)


def _json(status: int, body: Any) -> Response:
    return Response(json.dumps(body), status=status, content_type="application/json")
