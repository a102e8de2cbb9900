"""infra/*.tf agrees with the code: every function deployed, every production setting wired, the
internal functions private, secrets readable, Firestore indexes from indexes.json.

No Terraform CLI or provider is needed: the files are parsed with python-hcl2.
"""

from __future__ import annotations

import ast
import json
import re

import pytest

pytest.importorskip("hcl2", reason="python-hcl2 parses infra/*.tf (pip install python-hcl2==8.1.4)")

from ._hcl import INFRA, ROOT, Terraform, block, dynamic, ref

FUNCTIONS = sorted(p.parent.name for p in (ROOT / "functions").glob("*/main.py"))
INTERNAL = {"plan_execute", "plan_rollback", "plans_cleanup", "registry_refresh"}
SHARED = ROOT / "shared" / "concierge"

# Settings Settings.from_env reads that a deployment does not set, and why.
NOT_FOR_PRODUCTION = {
    "CONCIERGE_DATA": "folder of the embedded SQLite store; deployed functions use Firestore",
    "CONCIERGE_NOW": "fixes the clock for tests and demos",
    "CONCIERGE_CLEANUP_SECONDS": "the local server's own cleanup schedule; Cloud Scheduler runs it when deployed",
    "CLOUD_TASKS_EMULATOR_HOST": "points the queue at the Cloud Tasks emulator of the tests",
    "CONCIERGE_LOG_FORMAT": "JSON log lines for the local server; deployed functions always write them",
    "CONCIERGE_LOG_LEVEL": "optional; INFO unless an operator asks for more or less",
    "CONCIERGE_LOG_PROJECT": "names the log traces' project; deployed functions get GOOGLE_CLOUD_PROJECT",
    "GCLOUD_PROJECT": "another name of GOOGLE_CLOUD_PROJECT, which deployed functions get",
    "GCP_PROJECT": "another name of GOOGLE_CLOUD_PROJECT, which deployed functions get",
}
# Read by the Langfuse tracing being added alongside this deployment.
LANGFUSE_SECRETS = {"LANGFUSE_PUBLIC_KEY", "LANGFUSE_SECRET_KEY"}
LANGFUSE_SETTINGS = {"LANGFUSE_HOST"}
# The deployment's names for the credentials_env of sheets and gcal provider blocks.
CREDENTIALS_ENV = {"SHEETS_CREDENTIALS_JSON", "GCAL_SERVICE_ACCOUNT_JSON"}


@pytest.fixture(scope="module")
def tf() -> Terraform:
    return Terraform(INFRA)


def _env_names(source: str) -> set[str]:
    return set(re.findall(r"""env(?:\.get\(|\[)\s*["']([A-Z][A-Z0-9_]+)["']""", source))


def _function_source(path, name: str) -> str:
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return ast.get_source_segment(path.read_text(), node)
    raise AssertionError(f"no {name} in {path}")


def settings_read_by_code() -> set[str]:
    """Environment variables the code reads in production, found in its source."""
    names = _env_names(_function_source(SHARED / "settings.py", "from_env"))
    return (names - set(NOT_FOR_PRODUCTION)) | LANGFUSE_SETTINGS | LANGFUSE_SECRETS | provider_secrets()


def provider_secrets() -> set[str]:
    """The providers' default secret names (resOS, OctoTable) plus the deployment's credentials_env names."""
    resos = re.search(r'DEFAULT_KEY_ENV = "([A-Z_]+)"', (SHARED / "adapters/providers/resos.py").read_text())
    octotable = re.findall(
        r'DEFAULT_CLIENT_(?:ID|SECRET)_ENV = "([A-Z_]+)"', (SHARED / "adapters/providers/octotable.py").read_text()
    )
    assert resos and len(octotable) == 2, "the providers' default secret names moved: update this test"
    return {resos.group(1), *octotable} | CREDENTIALS_ENV


def secret_settings() -> set[str]:
    """Settings that hold secrets: the access keys of Settings.from_env, the LLM key, providers, Langfuse."""
    access = _function_source(SHARED / "settings.py", "from_env").split("access=Access(", 1)[1]
    return (
        _env_names(access)
        | {"CONCIERGE_LLM_API_KEY", "CONCIERGE_ACTIONS_TOKEN", "CONCIERGE_CONSOLE_SECRET"}
        | LANGFUSE_SECRETS
        | provider_secrets()
    )


def _list(expression) -> list[str]:
    """toset([...]) as parsed, or a plain list."""
    if isinstance(expression, list):
        return expression
    return json.loads(re.fullmatch(r"\$\{toset\((\[.*\])\)\}", expression, re.S).group(1))


# --- functions ---------------------------------------------------------------------------------


def test_the_function_map_lists_every_folder_with_its_entry_point(tf):
    functions = tf.locals["functions"]
    assert sorted(functions) == FUNCTIONS
    for name, spec in functions.items():
        assert spec["entry_point"] == name
        assert spec["kind"] in ("public", "internal")
        assert re.fullmatch(r"\d+(Mi|Gi)", spec["memory"]) and 0 < spec["timeout"] <= 3600


def test_every_folder_binds_its_entry_point(tf):
    for name in FUNCTIONS:
        tree = ast.parse((ROOT / "functions" / name / "main.py").read_text())
        bound = {
            t.id for node in tree.body if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)
        }
        bound |= {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom) for a in node.names}
        assert name in bound, f"functions/{name}/main.py does not bind {name}"


def test_one_gen2_function_per_entry_of_the_map_on_python311(tf):
    fn = tf.resource("google_cloudfunctions2_function", "fn")
    assert ref(fn["for_each"]) == "local.functions"
    assert ref(fn["name"]) == "each.key"
    build = block(fn, "build_config")
    assert build["runtime"] == "python311"
    assert ref(build["entry_point"]) == "each.value.entry_point"
    source = block(block(build, "source"), "storage_source")
    assert ref(source["bucket"]) == "google_storage_bucket.sources.name"
    assert ref(source["object"]) == "google_storage_bucket_object.bundle[each.key].name"
    service = block(fn, "service_config")
    assert ref(service["service_account_email"]) == "google_service_account.runtime.email"
    assert ref(service["ingress_settings"]) == "each.value.ingress"


def test_bundles_come_from_build_and_a_new_build_is_a_new_object(tf):
    bundle = tf.resource("google_storage_bucket_object", "bundle")
    assert ref(bundle["for_each"]) == "local.functions"
    assert "filemd5(" in bundle["name"] and "each.key" in bundle["name"]
    assert ref(bundle["source"]) == "local.bundle_paths[each.key]"
    assert tf.locals["bundle_paths"].count("${var.build_dir}/${name}.zip") == 1
    assert tf.default("build_dir") == "../build"  # deploy.sh writes build/<name>.zip at the project's root


def test_no_function_reads_its_own_resource(tf):
    """Functions find each other through predictable URLs: referencing the resource would be a cycle."""
    body = json.dumps(tf.resource("google_cloudfunctions2_function", "fn"))
    assert "google_cloudfunctions2_function." not in body
    for name in ("base_env", "optional_env", "function_env", "function_urls"):
        assert "google_cloudfunctions2_function." not in json.dumps(tf.locals[name])
    assert tf.locals["function_urls"] == (
        "${{for name in keys(local.functions) : name => "
        '"https://${var.region}-${var.project_id}.cloudfunctions.net/${name}"}}'
    )


# --- settings and secrets ----------------------------------------------------------------------


def test_the_code_reads_the_settings_this_test_knows():
    names = settings_read_by_code()
    for expected in (
        "CONCIERGE_STORE",
        "CONCIERGE_EXECUTE_URL",
        "CONCIERGE_API_KEY",
        "RETELL_API_KEY",
        "CONCIERGE_LLM_BASE_URL",
        "CONCIERGE_LLM_API_KEY",
        "RESOS_API_KEY",
        "OCTOTABLE_CLIENT_ID",
        "OCTOTABLE_CLIENT_SECRET",
    ):
        assert expected in names


def test_every_production_setting_is_wired_from_a_variable_or_a_secret(tf):
    env = tf.locals["base_env"] | tf.locals["optional_env"]
    secrets = set(_list(tf.locals["secret_names"]))
    missing = settings_read_by_code() - set(env) - secrets
    assert not missing, f"settings the code reads but the functions do not get: {sorted(missing)}"


def test_secrets_come_from_secret_manager_and_nothing_else_is_secret(tf):
    secrets = set(_list(tf.locals["secret_names"]))
    assert secrets == secret_settings()
    env = tf.locals["base_env"] | tf.locals["optional_env"]
    assert not secrets & set(env), "a secret is also set in plain text"


def test_every_function_gets_the_environment_and_the_secrets(tf):
    service = block(tf.resource("google_cloudfunctions2_function", "fn"), "service_config")
    assert ref(service["environment_variables"]) == "local.function_env"
    function_env = tf.locals["function_env"]
    assert "local.base_env" in function_env and "local.optional_env" in function_env
    mounted = dynamic(service, "secret_environment_variables")
    assert ref(mounted["for_each"]) == "local.mounted_secrets"
    content = mounted["content"][0]
    assert ref(content["key"]) == "secret_environment_variables.value"
    assert ref(content["secret"]) == "google_secret_manager_secret.secret[secret_environment_variables.value].secret_id"
    assert ref(tf.locals["mounted_secrets"]) == "setsubtract(local.secret_names, var.unset_secrets)"
    assert tf.default("unset_secrets") == ["CONCIERGE_ACTIONS_TOKEN"]


def test_fixed_settings_of_a_deployment(tf):
    env = tf.locals["base_env"]
    assert env["CONCIERGE_STORE"] == "firestore"
    assert env["CONCIERGE_QUEUE"] == "cloudtasks"
    assert ref(env["GOOGLE_CLOUD_PROJECT"]) == "var.project_id"
    assert ref(env["CONCIERGE_TASKS_PROJECT"]) == "var.project_id"
    assert ref(env["CONCIERGE_FIRESTORE_DATABASE"]) == "google_firestore_database.main.name"
    assert ref(env["CONCIERGE_EXECUTE_QUEUE"]) == "google_cloud_tasks_queue.execute.name"
    assert ref(env["CONCIERGE_ROLLBACK_QUEUE"]) == "google_cloud_tasks_queue.rollback.name"
    assert ref(env["CONCIERGE_TASKS_LOCATION"]) == "google_cloud_tasks_queue.execute.location"
    assert ref(env["CONCIERGE_EXECUTE_URL"]) == 'local.function_urls["plan_execute"]'
    assert ref(env["CONCIERGE_ROLLBACK_URL"]) == 'local.function_urls["plan_rollback"]'
    assert ref(env["CONCIERGE_ACTIONS_BASE_URL"]) == 'local.function_urls["booking_api"]'
    assert ref(env["CONCIERGE_TASKS_SERVICE_ACCOUNT"]) == "google_service_account.invoker.email"
    for name in (
        "CONCIERGE_PENDING_PLAN_MINUTES",
        "CONCIERGE_MAX_CLARIFICATIONS",
        "CONCIERGE_ACTION_TIMEOUT_SECONDS",
        "CONCIERGE_IDEMPOTENCY_SECONDS",
        "CONCIERGE_VENUE_CACHE_SECONDS",
    ):
        assert re.fullmatch(r"\$\{tostring\(var\.\w+\)\}", env[name]), name
    for name, value in tf.locals["optional_env"].items():
        variable = re.fullmatch(r"\$\{var\.(\w+)\}", value).group(1)
        assert tf.default(variable) == "", f"{name} is optional: empty means unset"


def test_defaults_agree_with_the_code(tf):
    source = (SHARED / "settings.py").read_text()
    assert f'"CONCIERGE_EXECUTE_QUEUE", "{tf.default("execute_queue")}"' in source
    assert f'"CONCIERGE_ROLLBACK_QUEUE", "{tf.default("rollback_queue")}"' in source
    assert f'"CONCIERGE_PENDING_PLAN_MINUTES", {tf.default("pending_plan_minutes")})' in source
    assert f'"CONCIERGE_MAX_CLARIFICATIONS", {tf.default("max_clarifications")})' in source
    assert f'"CONCIERGE_ACTION_TIMEOUT_SECONDS", {tf.default("action_timeout_seconds")})' in source
    assert f'"CONCIERGE_IDEMPOTENCY_SECONDS", {tf.default("idempotency_seconds")})' in source


def test_every_secret_exists_and_the_runtime_account_reads_it(tf):
    secret = tf.resource("google_secret_manager_secret", "secret")
    assert ref(secret["for_each"]) == "local.secret_names"
    assert ref(secret["secret_id"]) == "each.value"
    assert "secret_data" not in tf.text, "secret values never go through Terraform"
    assert "google_secret_manager_secret_version" not in tf.resources
    access = tf.resource("google_secret_manager_secret_iam_member", "runtime_access")
    assert ref(access["for_each"]) == "local.secret_names"
    assert access["role"] == "roles/secretmanager.secretAccessor"
    assert ref(access["member"]) == "google_service_account.runtime.member"
    assert ref(access["secret_id"]) == "google_secret_manager_secret.secret[each.value].secret_id"


# --- who may call what -------------------------------------------------------------------------


def test_internal_functions_are_the_task_and_scheduler_targets(tf):
    kinds = {name: spec["kind"] for name, spec in tf.locals["functions"].items()}
    assert {name for name, kind in kinds.items() if kind == "internal"} == INTERNAL
    assert tf.locals["public_functions"] == '${{for name, f in local.functions : name => f if f.kind == "public"}}'
    assert tf.locals["internal_functions"] == '${{for name, f in local.functions : name => f if f.kind == "internal"}}'
    for name in ("plan_execute", "plan_rollback", "plans_cleanup"):
        assert tf.locals["functions"][name]["ingress"] == "ALLOW_INTERNAL_ONLY"


def test_public_functions_are_public_and_internal_ones_only_for_the_invoker(tf):
    public = tf.resource("google_cloud_run_service_iam_member", "public")
    assert ref(public["for_each"]) == "local.public_functions"
    assert public["role"] == "roles/run.invoker" and public["member"] == "allUsers"
    internal = tf.resource("google_cloud_run_service_iam_member", "internal")
    assert ref(internal["for_each"]) == "local.internal_functions"
    assert internal["role"] == "roles/run.invoker"
    assert ref(internal["member"]) == "google_service_account.invoker.member"
    for binding in (public, internal):
        assert ref(binding["service"]) == "google_cloudfunctions2_function.fn[each.key].service_config[0].service"
    # allUsers appears in that one binding, and nowhere else.
    assert tf.text.count('"allUsers"') == 1 and "allAuthenticatedUsers" not in tf.text


def test_least_privilege(tf):
    roles = re.findall(r"roles/[A-Za-z.]+", tf.text)
    assert not {"roles/owner", "roles/editor", "roles/viewer"} & set(roles)
    project_roles = {
        body["role"]: ref(body["member"])
        for body in tf.resources["google_project_iam_member"].values()
        if "role" in body and not body["role"].startswith("${")
    }
    assert project_roles == {"roles/datastore.user": "google_service_account.runtime.member"}
    enqueue = tf.resource("google_cloud_tasks_queue_iam_member", "runtime_enqueue")
    assert enqueue["role"] == "roles/cloudtasks.enqueuer"
    assert ref(enqueue["member"]) == "google_service_account.runtime.member"
    acts_as = tf.resource("google_service_account_iam_member", "runtime_acts_as_invoker")
    assert ref(acts_as["service_account_id"]) == "google_service_account.invoker.name"
    assert acts_as["role"] == "roles/iam.serviceAccountUser"
    assert ref(acts_as["member"]) == "google_service_account.runtime.member"
    build_roles = _list(tf.resource("google_project_iam_member", "build")["for_each"])
    assert set(build_roles) == {"roles/logging.logWriter", "roles/artifactregistry.writer"}


# --- Firestore ---------------------------------------------------------------------------------


def test_firestore_indexes_and_ttl_come_from_indexes_json(tf):
    assert tf.locals["firestore_config"] == '${jsondecode(file("${path.module}/firestore/indexes.json"))}'
    declared = json.loads((INFRA / "firestore" / "indexes.json").read_text())
    # The keys local.firestore_indexes gives each index: unique, or Terraform would refuse the map.
    keys = [
        f"{i['collectionGroup']}/{i['queryScope']}/{','.join(f['fieldPath'] for f in i['fields'])}"
        for i in declared["indexes"]
    ]
    assert len(set(keys)) == len(keys) == 2
    assert "index.collectionGroup" in tf.locals["firestore_indexes"]

    index = tf.resource("google_firestore_index", "composite")
    assert ref(index["for_each"]) == "local.firestore_indexes"
    assert ref(index["collection"]) == "each.value.collectionGroup"
    assert ref(index["query_scope"]) == "each.value.queryScope"
    assert ref(index["database"]) == "google_firestore_database.main.name"
    fields = dynamic(index, "fields")
    assert ref(fields["for_each"]) == "each.value.fields"
    assert ref(fields["content"][0]["field_path"]) == "fields.value.fieldPath"
    assert ref(fields["content"][0]["order"]) == "try(fields.value.order, null)"

    ttl = [o for o in declared["fieldOverrides"] if o.get("ttl")]
    assert ttl, "indexes.json declares a TTL field"
    field = tf.resource("google_firestore_field", "ttl")
    assert ref(field["for_each"]) == "local.firestore_ttl_fields"
    assert "try(override.ttl, false)" in tf.locals["firestore_ttl_fields"]
    assert ref(field["collection"]) == "each.value.collectionGroup"
    assert ref(field["field"]) == "each.value.fieldPath"
    assert "ttl_config" in field


def test_firestore_database(tf):
    database = tf.resource("google_firestore_database", "main")
    assert database["type"] == "FIRESTORE_NATIVE"
    assert ref(database["location_id"]) == "var.firestore_location"
    assert ref(database["name"]) == "var.firestore_database"
    assert tf.default("firestore_database") == "(default)"


# --- queues and scheduler ----------------------------------------------------------------------


def _seconds(value: str) -> float:
    return float(value.rstrip("s"))


def test_plan_queues_retry_soon_a_handful_of_times(tf):
    for name in ("execute", "rollback"):
        queue = tf.resource("google_cloud_tasks_queue", name)
        assert ref(queue["location"]) == "var.region"
        retry = block(queue, "retry_config")
        assert 3 <= retry["max_attempts"] <= 10
        assert _seconds(retry["min_backoff"]) <= 2
        assert 30 <= _seconds(retry["max_backoff"]) <= 120
        assert 120 <= _seconds(retry["max_retry_duration"]) <= 1800
        limits = block(queue, "rate_limits")
        assert limits["max_dispatches_per_second"] > 0 and limits["max_concurrent_dispatches"] > 0
    assert ref(tf.resource("google_cloud_tasks_queue", "execute")["name"]) == "var.execute_queue"
    assert ref(tf.resource("google_cloud_tasks_queue", "rollback")["name"]) == "var.rollback_queue"


def test_cleanup_runs_every_few_minutes_as_the_invoker(tf):
    job = tf.resource("google_cloud_scheduler_job", "plans_cleanup")
    assert re.fullmatch(r"\*/\d+ \* \* \* \*", tf.default("cleanup_schedule"))
    target = block(job, "http_target")
    assert ref(target["uri"]) == 'local.function_urls["plans_cleanup"]'
    assert target["http_method"] == "POST"
    token = block(target, "oidc_token")
    assert ref(token["service_account_email"]) == "google_service_account.invoker.email"
    assert ref(token["audience"]) == 'local.function_urls["plans_cleanup"]'


# --- provider and outputs ----------------------------------------------------------------------


def test_google_provider_is_pinned(tf):
    providers = tf.files["versions.tf"]["terraform"][0]["required_providers"][0]
    assert providers["google"]["source"] == "hashicorp/google"
    assert re.fullmatch(r"\d+\.\d+\.\d+", providers["google"]["version"])


def test_outputs(tf):
    assert (
        tf.outputs["function_urls"]["value"]
        == "${{for name, fn in google_cloudfunctions2_function.fn : name => fn.url}}"
    )
    for name in ("source_bucket", "runtime_service_account", "invoker_service_account"):
        assert name in tf.outputs
