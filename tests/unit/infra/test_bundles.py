"""infra/bundle.py: what each function's bundle holds and requires, pinned from pyproject.toml."""

from __future__ import annotations

import importlib.util
import sys
import zipfile

import pytest

from ._hcl import ROOT

spec = importlib.util.spec_from_file_location("bundle", ROOT / "infra" / "bundle.py")
bundle = importlib.util.module_from_spec(spec)
sys.modules["bundle"] = bundle
spec.loader.exec_module(bundle)

PROJECT = bundle.read_pyproject(ROOT / "pyproject.toml")
FUNCTIONS = bundle.function_names(ROOT)


def names(lines: list[str]) -> set[str]:
    return {bundle.normalize(line.split("==")[0]) for line in lines}


def test_plan_functions_are_the_codes_plan_functions():
    from concierge.plans.functions import PLAN_FUNCTIONS
    from concierge.tools import TOOLS

    assert set(bundle.PLAN_FUNCTIONS) == set(PLAN_FUNCTIONS)
    from concierge.conversations.functions import CONVERSATION_FUNCTIONS

    assert set(bundle.CONVERSATION_FUNCTIONS) == set(CONVERSATION_FUNCTIONS)
    assert {name for name in FUNCTIONS if bundle.kind(name) == "conversation"} == set(CONVERSATION_FUNCTIONS)
    tools = [name for name in FUNCTIONS if bundle.kind(name) == "tool"]
    assert set(tools) - set(TOOLS) == {"booking_api"}


def test_the_import_check_loads_every_tools_module_the_lazy_catalog_would():
    from concierge.tools import TOOLS

    assert {m for m in bundle.TOOL_MODULES if m.startswith("concierge.tools.")} == {
        f"concierge.tools.{name}" for name in TOOLS
    }


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_requirement_is_pinned_to_pyprojects_version(function):
    lines = bundle.requirements(function, PROJECT)
    declared = {
        bundle.normalize(raw.split("==")[0].split("[")[0]): raw.replace(" ", "")
        for group in [PROJECT["dependencies"], *PROJECT.get("optional-dependencies", {}).values()]
        for raw in group
    }
    for line in lines:
        name, version = line.split("==")
        assert version and "*" not in version
        assert declared[bundle.normalize(name)].endswith(f"=={version}")
    assert lines == sorted(lines, key=lambda line: bundle.normalize(line.split("==")[0]))


@pytest.mark.parametrize("function", FUNCTIONS)
def test_every_function_gets_the_base(function):
    assert set(bundle.BASE) <= names(bundle.requirements(function, PROJECT))


def test_tools_get_the_provider_clients_and_not_the_plan_machinery():
    for function in ("check_openings", "create_booking", "booking_api"):
        needs = names(bundle.requirements(function, PROJECT))
        assert {"httpx", "gspread", "google-auth", "cryptography"} <= needs
        assert not {"jsonref", "google-cloud-tasks"} & needs


def test_plan_functions_get_the_plan_machinery_and_not_the_provider_clients():
    for function in bundle.PLAN_FUNCTIONS:
        needs = names(bundle.requirements(function, PROJECT))
        assert {"httpx", "jsonref", "google-cloud-tasks", "google-auth"} <= needs
        assert not {"gspread", "cryptography"} & needs


def test_langfuse_goes_to_every_bundle_with_its_pin_from_pyproject():
    pin = next(raw for raw in PROJECT["dependencies"] if raw.startswith("langfuse=="))
    for function in FUNCTIONS:
        assert pin in bundle.requirements(function, PROJECT)
    without = dict(PROJECT, dependencies=[raw for raw in PROJECT["dependencies"] if not raw.startswith("langfuse")])
    assert all("langfuse" not in names(bundle.requirements(f, without)) for f in FUNCTIONS)


def test_a_needed_package_that_is_not_pinned_is_refused():
    loose = dict(
        PROJECT, dependencies=[raw if not raw.startswith("flask") else "flask>=3" for raw in PROJECT["dependencies"]]
    )
    with pytest.raises(bundle.BundleError, match="flask"):
        bundle.requirements("faq", loose)
    missing = dict(PROJECT, dependencies=[raw for raw in PROJECT["dependencies"] if not raw.startswith("jsonref")])
    with pytest.raises(bundle.BundleError, match="jsonref"):
        bundle.requirements("plan_execute", missing)


def test_pins_prefer_the_runtime_dependencies_over_extras():
    project = {"dependencies": ["httpx==1.0"], "optional-dependencies": {"test": ["httpx==0.1", "pytest==9"]}}
    pins = bundle.pins(project)
    assert pins["httpx"] == {"line": "httpx==1.0", "section": "dependencies", "pinned": True}
    assert pins["pytest"]["section"] == "optional-dependencies.test"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("build")
    return out, bundle.build(out, ROOT)


def test_a_bundle_holds_main_the_package_and_its_requirements(built):
    out, requirements = built
    assert sorted(requirements) == FUNCTIONS
    with zipfile.ZipFile(out / "plan_execute.zip") as archive:
        entries = archive.namelist()
        assert "main.py" in entries and "requirements.txt" in entries
        assert {"concierge/bootstrap.py", "concierge/deployed.py"} <= set(entries)
        assert {"concierge/plans/booking_api/openapi.json", "concierge/plans/booking_api/overlay.yaml"} <= set(entries)
        assert not any("__pycache__" in e or e.endswith(".pyc") for e in entries)
        assert archive.read("requirements.txt").decode().split() == requirements["plan_execute"]


def test_an_unchanged_build_keeps_its_md5(built, tmp_path):
    out, _ = built
    bundle.build(tmp_path, ROOT)
    assert (out / "faq.zip").read_bytes() == (tmp_path / "faq.zip").read_bytes()


def test_the_import_check_catches_a_missing_requirement(built, monkeypatch):
    out, _ = built
    folder = out / "plan_execute"
    original = (folder / "requirements.txt").read_text()
    try:
        (folder / "requirements.txt").write_text(
            "".join(line + "\n" for line in original.split() if not line.startswith("jsonref"))
        )
        monkeypatch.setattr(bundle, "function_names", lambda root=ROOT: ["plan_execute"])
        problems = bundle.check(out, sys.executable, ROOT)
        assert any("jsonref" in problem for problem in problems), problems
    finally:
        (folder / "requirements.txt").write_text(original)


def test_the_chat_s_transliteration_goes_where_the_chat_runs_and_not_to_the_tools():
    for function in ("conversation_message", "schedule_appointment", "mcp", "console"):
        assert "anyascii" in names(bundle.requirements(function, PROJECT))
    for function in ("check_openings", "booking_api", "plan_execute"):
        assert "anyascii" not in names(bundle.requirements(function, PROJECT))


def test_the_mcp_function_gets_the_tools_needs_and_the_mcp_sdk_which_no_other_function_gets():
    needs = names(bundle.requirements("mcp", PROJECT))
    assert {"mcp", "a2wsgi"} | set(bundle.PROVIDERS) <= needs
    assert not {"jsonref", "google-cloud-tasks"} & needs
    for function in FUNCTIONS:
        if function != "mcp":
            assert not {"mcp", "a2wsgi"} & names(bundle.requirements(function, PROJECT))
