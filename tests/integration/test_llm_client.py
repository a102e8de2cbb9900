"""ChatClient over real HTTP against a scripted OpenAI-compatible server."""

from __future__ import annotations

import httpx
import pytest

from concierge.adapters.llm import LLMUnavailable, Usage
from concierge.adapters.llm.openai_compatible import ChatClient
from concierge.bootstrap import build_llm
from concierge.settings import Settings

KEY = "sk-test-secret-123"
WEATHER = {"type": "function", "function": {"name": "weather", "parameters": {"type": "object", "properties": {}}}}


@pytest.fixture
def client(llm):
    with ChatClient(llm.base_url, KEY, "test-model", timeout=5) as chat:
        yield chat


def test_the_client_sends_model_messages_tools_and_the_bearer_key(llm, client):
    llm.reply_text("Ciao!")
    messages = [{"role": "user", "content": "ciao"}]
    client.complete(messages, tools=[WEATHER], tool_choice="auto")
    assert llm.requests == [{"model": "test-model", "messages": messages, "tools": [WEATHER], "tool_choice": "auto"}]
    assert llm.headers[0]["Authorization"] == f"Bearer {KEY}"


def test_a_request_without_tools_sends_neither_tools_nor_tool_choice(llm, client):
    llm.reply_text("ok")
    client.complete([{"role": "user", "content": "hi"}], tool_choice="auto")
    assert set(llm.requests[0]) == {"model", "messages"}


def test_the_client_parses_content_model_usage_and_latency(llm, client):
    llm.reply_text("Ciao!")
    result = client.complete([{"role": "user", "content": "ciao"}])
    assert (result.content, result.tool_calls, result.model) == ("Ciao!", [], "scripted-model")
    assert result.usage == Usage(prompt_tokens=42, completion_tokens=7, total_tokens=49)
    assert result.latency_ms > 0


def test_the_client_parses_several_tool_calls_with_their_arguments(llm, client):
    llm.reply_tool_calls(("search_bookings", {"query": "Rossi"}), ("weather", {}))
    result = client.complete([{"role": "user", "content": "x"}], tools=[WEATHER])
    assert [(c.name, c.arguments, c.error) for c in result.tool_calls] == [
        ("search_bookings", {"query": "Rossi"}, None),
        ("weather", {}, None),
    ]
    assert result.content is None
    assert result.tool_calls[0].id != result.tool_calls[1].id
    assert result.assistant_message()["tool_calls"][0] == {
        "id": result.tool_calls[0].id,
        "type": "function",
        "function": {"name": "search_bookings", "arguments": '{"query": "Rossi"}'},
    }


@pytest.mark.parametrize(
    "raw, error",
    [
        ('{"query": "Rossi"', "the arguments are not valid JSON"),
        ('["Rossi"]', "the arguments are a JSON list, not an object"),
    ],
)
def test_malformed_tool_call_arguments_are_reported_on_the_call_not_raised(llm, client, raw, error):
    llm.reply_raw_tool_call("search_bookings", raw)
    call = client.complete([{"role": "user", "content": "x"}]).tool_calls[0]
    assert (call.name, call.arguments, call.raw_arguments) == ("search_bookings", None, raw)
    assert call.error.startswith(error)


def test_an_http_500_raises_llm_unavailable_without_the_key(llm, client):
    llm.reply_error(500, f"upstream exploded for key {KEY}")
    with pytest.raises(LLMUnavailable) as raised:
        client.complete([{"role": "user", "content": "x"}])
    assert "HTTP 500" in str(raised.value)
    assert KEY not in str(raised.value)


def test_a_timeout_raises_llm_unavailable_without_the_key(llm):
    llm.reply_text("too late", delay=1.0)
    with ChatClient(llm.base_url, KEY, "test-model", timeout=0.2) as slow:
        with pytest.raises(LLMUnavailable, match="did not answer in time") as raised:
            slow.complete([{"role": "user", "content": "x"}])
    assert KEY not in str(raised.value)


def test_an_unreachable_server_raises_llm_unavailable():
    with ChatClient("http://127.0.0.1:9/v1", KEY, "m", timeout=2) as nowhere:
        with pytest.raises(LLMUnavailable, match="cannot reach the model") as raised:
            nowhere.complete([{"role": "user", "content": "x"}])
    assert KEY not in str(raised.value)


@pytest.mark.parametrize("body", [{"object": "list", "data": []}, "<html>gateway</html>", {"choices": []}])
def test_a_body_that_is_not_a_chat_completion_raises_llm_unavailable(llm, client, body):
    llm.reply_body(body)
    with pytest.raises(LLMUnavailable, match="not a chat completion"):
        client.complete([{"role": "user", "content": "x"}])


def test_an_exhausted_script_answers_500_saying_so(llm, client):
    with pytest.raises(LLMUnavailable, match="script is exhausted"):
        client.complete([{"role": "user", "content": "x"}])


def test_the_generation_hook_receives_each_completion_without_the_key(llm):
    generations = []
    llm.reply_tool_call("weather", {"city": "Roma"})
    with ChatClient(llm.base_url, KEY, "test-model", on_generation=generations.append) as chat:
        chat.complete([{"role": "user", "content": "meteo?"}], tools=[WEATHER])
    [generation] = generations
    assert generation["model"] == "scripted-model"
    assert generation["messages"] == [{"role": "user", "content": "meteo?"}]
    assert generation["tool_calls"][0]["name"] == "weather"
    assert generation["usage"] == {"prompt_tokens": 42, "completion_tokens": 7, "total_tokens": 49}
    assert generation["latency_ms"] > 0
    assert KEY not in repr(generation)


def test_a_failing_generation_hook_does_not_fail_the_completion(llm):
    def broken(generation):
        raise RuntimeError("tracer down")

    llm.reply_text("ok")
    with ChatClient(llm.base_url, KEY, "test-model", on_generation=broken) as chat:
        assert chat.complete([{"role": "user", "content": "x"}]).content == "ok"


def test_a_given_transport_carries_the_requests(llm):
    llm.reply_text("hi")
    transport = httpx.HTTPTransport(retries=1)
    with ChatClient(llm.base_url, KEY, "m", transport=transport) as chat:
        assert chat.complete([{"role": "user", "content": "x"}]).content == "hi"


def from_env(env: dict[str, str]):
    return build_llm(Settings.from_env(env))


def test_the_llm_settings_need_a_base_url_and_a_model(llm):
    assert from_env({}) is None
    assert from_env({"CONCIERGE_LLM_BASE_URL": llm.base_url, "CONCIERGE_LLM_API_KEY": KEY}) is None
    client = from_env(
        {
            "CONCIERGE_LLM_BASE_URL": llm.base_url + "/",
            "CONCIERGE_LLM_API_KEY": KEY,
            "CONCIERGE_LLM_MODEL": "gemini-flash",
        }
    )
    assert (client.base_url, client.model) == (llm.base_url, "gemini-flash")
    assert KEY not in repr(client)
    llm.reply_text("ok")
    assert client.complete([{"role": "user", "content": "x"}]).content == "ok"
    assert llm.headers[0]["Authorization"] == f"Bearer {KEY}"
    client.close()
