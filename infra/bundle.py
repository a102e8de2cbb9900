"""The bundle of each Cloud Function: main.py, the concierge package and a pinned requirements.txt.

The one place that says what each function needs. Versions come from pyproject.toml (parsed here,
never copied); deploy.sh calls this module:

    python infra/bundle.py build              # build/<name>/ and build/<name>.zip for every function
    python infra/bundle.py check              # every bundle imports its entry point on its own
    python infra/bundle.py requirements NAME  # print NAME's requirements.txt
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _provider_registry() -> dict:
    """concierge.domain.providers.PROVIDERS, read from this checkout (the module imports nothing)."""
    spec = importlib.util.spec_from_file_location(
        "_concierge_provider_registry", ROOT / "shared" / "concierge" / "domain" / "providers.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module.PROVIDERS


REGISTRY = _provider_registry()

# What every function needs, what talks to the booking back-ends (each provider's registration says), and
# what runs plans.
BASE = (
    "functions-framework",
    "flask",
    "pydantic",
    "pyyaml",
    "phonenumbers",
    "rapidfuzz",
    "text2num",
    "tzdata",
    "holidays",
    "python-dateutil",
    "google-cloud-firestore",
    "orjson",
)
PROVIDERS = tuple(sorted({name for entry in REGISTRY.values() for name in entry.requires}))
PLANS = ("httpx", "jsonref", "google-cloud-tasks", "google-auth")
# The MCP function: the tools' needs plus the MCP SDK and the bridge that runs its ASGI transport from WSGI.
MCP = ("mcp", "a2wsgi")
# What the chat receptionist adds, wherever it runs (its functions, MCP's conversation tools, the console).
CHAT = ("anyascii",)
# Added to every function when pyproject.toml's [project] dependencies list it.
EVERYWHERE_IF_DECLARED = ("langfuse",)

# The plan functions (concierge.plans.functions.PLAN_FUNCTIONS); "mcp" serves the tools over MCP; every other
# folder is a tool or booking_api.
PLAN_FUNCTIONS = (
    "plan_request",
    "plan_confirm",
    "plan_status",
    "plan_answer",
    "plan_undo",
    "plan_execute",
    "plan_rollback",
    "plans_cleanup",
    "registry_refresh",
)

# The chat receptionist's functions (concierge.conversations.functions.CONVERSATION_FUNCTIONS): the tools'
# needs (providers, httpx for the model) plus the agents.
CONVERSATION_FUNCTIONS = (
    "schedule_appointment",
    "get_available_slots",
    "list_events",
    "cancel_appointment",
    "request_human_support",
    "update_client_info",
    "update_conversation_tags",
    "end_conversation",
    "summarize_conversation",
    "conversation_message",
    "conversation_messages",
    "conversations_list",
    "conversation_read",
    "conversation_reply",
    "conversation_handback",
    "conversation_close",
    "client_forget",
)

# Every tool's module: booking_api and mcp import each on its first call (concierge.tools.TOOLS is lazy),
# a tool's own function imports its tool, whose libraries (text2num...) may load on first use.
TOOL_MODULES = tuple(
    f"concierge.tools.{name}"
    for name in (
        "check_openings",
        "create_booking",
        "list_bookings",
        "modify_booking",
        "cancel_booking",
        "faq",
        "is_open_now",
        "resolve_relative_day",
        "resolve_relative_time",
        "get_booking",
        "search_bookings",
    )
) + ("text_to_num",)

# Modules a function loads on its first request (lazily, so importing main.py alone would not show
# a missing dependency): the import check loads them too.
FIRST_REQUEST_MODULES = {
    "tool": (
        "functions_framework",
        "concierge.deployed",
        "concierge.adapters.store.firestore",
        *(entry.module for entry in REGISTRY.values()),
        *TOOL_MODULES,
    ),
    "conversation": (
        "functions_framework",
        "concierge.deployed",
        "concierge.adapters.store.firestore",
        *(entry.module for entry in REGISTRY.values()),
        "concierge.adapters.llm.openai_compatible",
        "concierge.conversations.agents",
        "concierge.http.conversations",
    ),
    "mcp": (
        "functions_framework",
        "concierge.deployed",
        "concierge.adapters.store.firestore",
        *(entry.module for entry in REGISTRY.values()),
        "concierge.mcp.endpoint",
        "concierge.mcp.stdio",
        *TOOL_MODULES,
        "concierge.conversations.service",
        "concierge.conversations.handover",
        "concierge.http.conversations",
    ),
    "console": (
        "functions_framework",
        "concierge.deployed",
        "concierge.adapters.store.firestore",
        *(entry.module for entry in REGISTRY.values()),
        "concierge.adapters.queue.cloud_tasks",
        "google.cloud.tasks_v2",
        "concierge.adapters.llm.openai_compatible",
        "concierge.conversations.agents",
        "concierge.plans.service",
        "concierge.plans.rule_planner",
        "concierge.web.console",
        "jinja2",
        "itsdangerous",
    ),
    "plan": (
        "functions_framework",
        "concierge.deployed",
        "concierge.adapters.store.firestore",
        "concierge.adapters.queue.cloud_tasks",
        "google.cloud.tasks_v2",
        "concierge.adapters.llm.openai_compatible",
        "concierge.adapters.tracing",
        "concierge.adapters.actions",
        "concierge.plans.booking_api",
        "concierge.plans.executor",
        "concierge.plans.llm_planner",
        "concierge.plans.parameter_fixer",
        "concierge.plans.rule_planner",
        "concierge.plans.service",
        "concierge.plans.transformer",
    ),
}

# Distributions the import check sees loaded from the development virtualenv that a bundle does
# not need: each is imported only when present, with a fallback.
OPTIONAL_IMPORTS = {
    "pygments": "httpx imports its command-line tool (the httpx[cli] extra) when it can",
    "rich": "the same command-line tool of httpx (rich comes into the development virtualenv with import-linter)",
    "cryptography": "google-auth signs with cryptography when installed, else with pure-Python rsa",
    "cffi": "loaded by cryptography (above)",
    "setuptools": "its _distutils_hack .pth hook runs at the virtualenv's start-up, not from our code",
}


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


_REQUIREMENT = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(.*?)\s*(;.*)?$")


class BundleError(Exception):
    pass


def read_pyproject(path: Path = ROOT / "pyproject.toml") -> dict:
    with open(path, "rb") as f:
        return tomllib.load(f)["project"]


def pins(project: dict) -> dict[str, dict]:
    """Normalized name -> {"line": "name==version", "section": where pyproject declares it}.

    [project] dependencies win over the optional groups (httpx, which the runtime uses, is declared
    only in the test extra today).
    """
    found: dict[str, dict] = {}
    sections = [("dependencies", project.get("dependencies", []))]
    sections += [
        (f"optional-dependencies.{group}", reqs)
        for group, reqs in sorted(project.get("optional-dependencies", {}).items())
    ]
    for section, requirements in sections:
        for raw in requirements:
            match = _REQUIREMENT.match(raw)
            if not match:
                raise BundleError(f"cannot read the requirement {raw!r} in pyproject.toml ({section})")
            name, _extras, spec, _marker = match.groups()
            found.setdefault(
                normalize(name),
                {
                    "line": f"{name}{spec.replace(' ', '')}",
                    "section": section,
                    "pinned": bool(re.fullmatch(r"==[^,*]+", spec.replace(" ", ""))),
                },
            )
    return found


def kind(function: str) -> str:
    if function in PLAN_FUNCTIONS:
        return "plan"
    if function in CONVERSATION_FUNCTIONS:
        return "conversation"
    if function == "console":
        return "console"
    return "mcp" if function == "mcp" else "tool"


def needs(function: str, project: dict) -> list[str]:
    """The distributions FUNCTION needs (normalized names, sorted)."""
    wanted = set(BASE) | set(PLANS if kind(function) == "plan" else PROVIDERS)
    if kind(function) == "console":  # the pages plan, change bookings and answer conversations
        wanted |= set(PLANS)
    if kind(function) == "mcp":
        wanted |= set(MCP)
    if kind(function) in ("conversation", "mcp", "console"):
        wanted |= set(CHAT)
    declared = {normalize(_REQUIREMENT.match(raw).group(1)) for raw in project.get("dependencies", [])}
    wanted |= {name for name in EVERYWHERE_IF_DECLARED if name in declared}
    return sorted(normalize(name) for name in wanted)


def requirements(function: str, project: dict) -> list[str]:
    """FUNCTION's requirements.txt lines, each pinned with == to pyproject.toml's version."""
    available = pins(project)
    lines = []
    for name in needs(function, project):
        pin = available.get(name)
        if pin is None:
            raise BundleError(f"{function} needs {name}, which pyproject.toml does not declare")
        if not pin["pinned"]:
            raise BundleError(f"{function} needs {name}, which pyproject.toml does not pin with ==: {pin['line']}")
        lines.append(pin["line"])
    return lines


def function_names(root: Path = ROOT) -> list[str]:
    return sorted(p.parent.name for p in (root / "functions").glob("*/main.py"))


def _zip(folder: Path, target: Path) -> None:
    """A reproducible zip: sorted entries with a fixed timestamp, so an unchanged bundle keeps its MD5."""
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def build(out: Path, root: Path = ROOT) -> dict[str, list[str]]:
    project = read_pyproject(root / "pyproject.toml")
    out.mkdir(parents=True, exist_ok=True)
    built = {}
    for name in function_names(root):
        folder = out / name
        if folder.exists():
            shutil.rmtree(folder)
        folder.mkdir()
        shutil.copy2(root / "functions" / name / "main.py", folder / "main.py")
        shutil.copytree(
            root / "shared" / "concierge",
            folder / "concierge",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo"),
        )
        lines = requirements(name, project)
        (folder / "requirements.txt").write_text("\n".join(lines) + "\n")
        _zip(folder, out / f"{name}.zip")
        built[name] = lines
    return built


# Run in a fresh interpreter (-I: no PYTHONPATH, no cwd, no user site) with the bundle first on
# sys.path: the entry point must import from the bundle's own concierge package, and every
# distribution loaded on the way must be in the closure of the bundle's requirements.txt.
_CHECK = r"""
import importlib, importlib.metadata as md, json, sys
bundle, name, modules, requirements, optional = (sys.argv[1], sys.argv[2], json.loads(sys.argv[3]),
                                                 json.loads(sys.argv[4]), json.loads(sys.argv[5]))
sys.path.insert(0, bundle)
import main
getattr(main, name)
import concierge
assert concierge.__file__.startswith(bundle), f"concierge came from {concierge.__file__}, not the bundle"
for module in modules:
    importlib.import_module(module)
from packaging.requirements import Requirement
norm = lambda n: n.replace("_", "-").replace(".", "-").lower()
closure, seen, todo = set(), set(), [(norm(r.split("==")[0]), "") for r in requirements]
while todo:
    dist, extra = todo.pop()
    if (dist, extra) in seen:
        continue
    seen.add((dist, extra))
    closure.add(dist)
    for raw in md.distribution(dist).requires or []:
        req = Requirement(raw)
        if req.marker is None or req.marker.evaluate({"extra": extra}):
            todo += [(norm(req.name), "")] + [(norm(req.name), e) for e in req.extras]
closure |= set(optional)
owners = md.packages_distributions()
missing = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if "site-packages" not in path:
        continue
    top = module.__name__.split(".")[0]
    dists = {norm(d) for d in owners.get(top, [])}
    if dists and not dists & closure:
        missing.add(f"{module.__name__} ({', '.join(sorted(dists))})")
if missing:
    sys.exit("imports outside requirements.txt: " + "; ".join(sorted(missing)))
"""


def check(out: Path, python: str = sys.executable, root: Path = ROOT) -> list[str]:
    """Problems of the built bundles (empty: all good)."""
    problems = []
    python = os.path.abspath(python)  # not resolve(): a virtualenv's python is a symlink
    project = read_pyproject(root / "pyproject.toml")

    def one(name: str) -> list[str]:
        folder = (out / name).resolve()
        if not (out / f"{name}.zip").is_file() or not (folder / "requirements.txt").is_file():
            return [f"{name}: not built (no {name}.zip or requirements.txt)"]
        found = []
        lines = (folder / "requirements.txt").read_text().split()
        unpinned = [line for line in lines if not re.fullmatch(r"[A-Za-z0-9._-]+==[^=\s]+", line)]
        if unpinned:
            found.append(f"{name}: unpinned requirements {unpinned}")
        if lines != requirements(name, project):
            found.append(f"{name}: requirements.txt differs from pyproject.toml's pins (rebuild)")
        result = subprocess.run(
            [
                python,
                "-I",
                "-c",
                _CHECK,
                str(folder),
                name,
                json.dumps(FIRST_REQUEST_MODULES[kind(name)]),
                json.dumps(lines),
                json.dumps(sorted(OPTIONAL_IMPORTS)),
            ],
            capture_output=True,
            text=True,
            cwd="/",
        )
        if result.returncode != 0:
            tail = (result.stderr.strip().splitlines() or ["(no output)"])[-1]
            found.append(f"{name}: import check failed: {tail}")
        return found

    with ThreadPoolExecutor(max_workers=4) as pool:
        for found in pool.map(one, function_names(root)):
            problems += found
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "check", "requirements", "warnings"))
    parser.add_argument("name", nargs="?")
    parser.add_argument("--out", type=Path, default=ROOT / "build")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            for name, lines in build(args.out).items():
                print(f"  {name:<22} {kind(name):<5} {len(lines)} requirements")
        elif args.command == "requirements":
            print("\n".join(requirements(args.name, read_pyproject())))
        elif args.command == "warnings":
            project, available = read_pyproject(), pins(read_pyproject())
            used = sorted({n for f in function_names() for n in needs(f, project)})
            for name in used:
                if available.get(name, {}).get("section", "dependencies") != "dependencies":
                    print(
                        f"warning: {name} is used at run time but pinned only in "
                        f"[project.{available[name]['section']}] of pyproject.toml"
                    )
        else:
            problems = check(args.out, args.python)
            for problem in problems:
                print(f"  FAIL {problem}", file=sys.stderr)
            if problems:
                return 1
            print(f"  {len(function_names())} bundles import their entry point on their own, requirements pinned")
    except BundleError as exc:
        print(f"bundle: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
