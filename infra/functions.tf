# One Cloud Function (gen2) per folder in functions/. Every function is listed here with its entry
# point (the folder's name, bound in its main.py) and whether it is public (agent platforms and
# operators' apps call it; the code authenticates with CONCIERGE_API_KEY, Retell's signature or
# the operator's token) or internal (only the invoker service account of Cloud Tasks and Cloud
# Scheduler may call it). tests/unit/infra/test_terraform.py checks this map against functions/.

locals {
  # ingress: public functions take calls from the internet. plan_execute, plan_rollback and
  # plans_cleanup take only Google-internal traffic (Cloud Tasks and Cloud Scheduler of the same
  # project count as internal); registry_refresh stays reachable so that an operator allowed to
  # invoke it can call it with an identity token, IAM still admitting only the invoker.
  functions = {
    # Tools, one per function, and all of them behind one URL (/api/<tool>) for plan steps.
    booking_api           = { entry_point = "booking_api", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    cancel_booking        = { entry_point = "cancel_booking", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    check_openings        = { entry_point = "check_openings", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    create_booking        = { entry_point = "create_booking", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    faq                   = { entry_point = "faq", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    is_open_now           = { entry_point = "is_open_now", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    list_bookings         = { entry_point = "list_bookings", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    modify_booking        = { entry_point = "modify_booking", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    resolve_relative_day  = { entry_point = "resolve_relative_day", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    resolve_relative_time = { entry_point = "resolve_relative_time", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }

    # The same tools over the Model Context Protocol (streamable HTTP, stateless), for MCP clients.
    mcp = { entry_point = "mcp", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }

    # The chat receptionist: the manual's tools for a conversation, the channel's message and poll
    # (the tool key), and the staff's functions (an operator credential). A turn may call a model.
    schedule_appointment     = { entry_point = "schedule_appointment", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    get_available_slots      = { entry_point = "get_available_slots", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    list_events              = { entry_point = "list_events", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    cancel_appointment       = { entry_point = "cancel_appointment", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    request_human_support    = { entry_point = "request_human_support", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    update_client_info       = { entry_point = "update_client_info", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    update_conversation_tags = { entry_point = "update_conversation_tags", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    end_conversation         = { entry_point = "end_conversation", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    summarize_conversation   = { entry_point = "summarize_conversation", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversation_message     = { entry_point = "conversation_message", kind = "public", ingress = "ALLOW_ALL", memory = "1Gi", timeout = 120 }
    conversation_messages    = { entry_point = "conversation_messages", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversations_list       = { entry_point = "conversations_list", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversation_read        = { entry_point = "conversation_read", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversation_reply       = { entry_point = "conversation_reply", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversation_handback    = { entry_point = "conversation_handback", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    conversation_close       = { entry_point = "conversation_close", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    client_forget            = { entry_point = "client_forget", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }

    # The staff console: server-rendered pages at <URL>/console, signed in with an operator key.
    console = { entry_point = "console", kind = "public", ingress = "ALLOW_ALL", memory = "1Gi", timeout = 120 }

    # Plans, called by the operator's application with the operator's token. Planning may ask an LLM.
    plan_request = { entry_point = "plan_request", kind = "public", ingress = "ALLOW_ALL", memory = "1Gi", timeout = 120 }
    plan_confirm = { entry_point = "plan_confirm", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    plan_status  = { entry_point = "plan_status", kind = "public", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
    plan_answer  = { entry_point = "plan_answer", kind = "public", ingress = "ALLOW_ALL", memory = "1Gi", timeout = 120 }
    # An undo runs its compensations inline, within the operator's call.
    plan_undo = { entry_point = "plan_undo", kind = "public", ingress = "ALLOW_ALL", memory = "1Gi", timeout = 120 }

    # Targets of Cloud Tasks and Cloud Scheduler: a plan runs several steps of up to
    # CONCIERGE_ACTION_TIMEOUT_SECONDS each.
    plan_execute     = { entry_point = "plan_execute", kind = "internal", ingress = "ALLOW_INTERNAL_ONLY", memory = "1Gi", timeout = 540 }
    plan_rollback    = { entry_point = "plan_rollback", kind = "internal", ingress = "ALLOW_INTERNAL_ONLY", memory = "1Gi", timeout = 540 }
    plans_cleanup    = { entry_point = "plans_cleanup", kind = "internal", ingress = "ALLOW_INTERNAL_ONLY", memory = "1Gi", timeout = 300 }
    registry_refresh = { entry_point = "registry_refresh", kind = "internal", ingress = "ALLOW_ALL", memory = "512Mi", timeout = 60 }
  }

  public_functions   = { for name, f in local.functions : name => f if f.kind == "public" }
  internal_functions = { for name, f in local.functions : name => f if f.kind == "internal" }

  # The URL of a gen2 function is predictable. Functions name each other's URLs in their
  # environment (a plan's tasks target plan_execute and plan_rollback; plan steps call booking_api),
  # which google_cloudfunctions2_function.fn cannot read from itself without a cycle.
  function_urls = { for name in keys(local.functions) : name => "https://${var.region}-${var.project_id}.cloudfunctions.net/${name}" }

  # The environment every function gets (see README, "Settings" and "Plans").
  base_env = {
    CONCIERGE_STORE                       = "firestore"
    CONCIERGE_QUEUE                       = "cloudtasks"
    GOOGLE_CLOUD_PROJECT                  = var.project_id
    CONCIERGE_FIRESTORE_PROJECT           = var.project_id
    CONCIERGE_FIRESTORE_DATABASE          = google_firestore_database.main.name
    CONCIERGE_TASKS_PROJECT               = var.project_id
    CONCIERGE_TASKS_LOCATION              = google_cloud_tasks_queue.execute.location
    CONCIERGE_EXECUTE_QUEUE               = google_cloud_tasks_queue.execute.name
    CONCIERGE_ROLLBACK_QUEUE              = google_cloud_tasks_queue.rollback.name
    CONCIERGE_EXECUTE_URL                 = local.function_urls["plan_execute"]
    CONCIERGE_ROLLBACK_URL                = local.function_urls["plan_rollback"]
    CONCIERGE_TASKS_SERVICE_ACCOUNT       = google_service_account.invoker.email
    CONCIERGE_ACTIONS_BASE_URL            = local.function_urls["booking_api"]
    CONCIERGE_PENDING_PLAN_MINUTES        = tostring(var.pending_plan_minutes)
    CONCIERGE_MAX_CLARIFICATIONS          = tostring(var.max_clarifications)
    CONCIERGE_EXECUTOR                    = var.executor
    CONCIERGE_EXECUTOR_MAX_TURNS          = tostring(var.executor_max_turns)
    CONCIERGE_EXECUTOR_MAX_RETRIES        = tostring(var.executor_max_retries)
    CONCIERGE_CONVERSATION_RETENTION_DAYS = tostring(var.conversation_retention_days)
    CONCIERGE_CONVERSATION_HISTORY        = tostring(var.conversation_history)
    CONCIERGE_PLAN_RETENTION_DAYS         = tostring(var.plan_retention_days)
    CONCIERGE_CONSOLE_SESSION_HOURS       = tostring(var.console_session_hours)
    CONCIERGE_ACTION_TIMEOUT_SECONDS      = tostring(var.action_timeout_seconds)
    CONCIERGE_IDEMPOTENCY_SECONDS         = tostring(var.idempotency_seconds)
    CONCIERGE_IDEMPOTENCY_LEASE_SECONDS   = tostring(var.idempotency_lease_seconds)
    CONCIERGE_VENUE_CACHE_SECONDS         = tostring(var.venue_cache_seconds)
  }

  # Settings that mean "not configured" when empty; they are set only when given.
  optional_env = {
    CONCIERGE_ACTIONS_SPEC      = var.actions_spec
    CONCIERGE_ACTIONS_OVERLAY   = var.actions_overlay
    CONCIERGE_LLM_BASE_URL      = var.llm_base_url
    CONCIERGE_LLM_MODEL         = var.llm_model
    LANGFUSE_HOST               = var.langfuse_host
    CONCIERGE_OPERATOR_AUDIENCE = var.operator_audience
  }

  function_env = merge(local.base_env, { for key, value in local.optional_env : key => value if value != "" })

  bundle_paths = { for name in keys(local.functions) : name => "${path.module}/${var.build_dir}/${name}.zip" }

  source_bucket_name = var.source_bucket_name != "" ? var.source_bucket_name : "${var.project_id}-concierge-sources"
}

resource "google_storage_bucket" "sources" {
  name                        = local.source_bucket_name
  project                     = var.project_id
  location                    = var.region
  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"
  force_destroy               = false

  versioning {
    enabled = true
  }

  # Old bundles are useless once a newer build is deployed.
  lifecycle_rule {
    condition {
      age = 30
    }
    action {
      type = "Delete"
    }
  }

  lifecycle_rule {
    condition {
      days_since_noncurrent_time = 7
    }
    action {
      type = "Delete"
    }
  }

  logging {
    log_bucket = google_storage_bucket.access_logs.name
  }

  depends_on = [google_project_service.api]
}

# Access logs of the source bucket.
resource "google_storage_bucket" "access_logs" {
  name                        = "${local.source_bucket_name}-logs"
  project                     = var.project_id
  location                    = var.region
  uniform_bucket_level_access = true
  public_access_prevention    = "enforced"
  force_destroy               = false

  versioning {
    enabled = true
  }

  lifecycle_rule {
    condition {
      age = 90
    }
    action {
      type = "Delete"
    }
  }

  depends_on = [google_project_service.api]
}

# The bundle of each function (deploy.sh builds build/<name>.zip). The object's name carries the
# bundle's MD5, so a changed bundle is a new object and the function is rebuilt and redeployed.
resource "google_storage_bucket_object" "bundle" {
  for_each = local.functions

  name   = "${each.key}/${filemd5(local.bundle_paths[each.key])}.zip"
  bucket = google_storage_bucket.sources.name
  source = local.bundle_paths[each.key]
}

resource "google_cloudfunctions2_function" "fn" {
  for_each = local.functions

  name        = each.key
  project     = var.project_id
  location    = var.region
  description = "concierge ${each.key} (${each.value.kind})"

  build_config {
    runtime         = "python311"
    entry_point     = each.value.entry_point
    service_account = google_service_account.build.id

    source {
      storage_source {
        bucket = google_storage_bucket.sources.name
        object = google_storage_bucket_object.bundle[each.key].name
      }
    }
  }

  service_config {
    available_memory               = each.value.memory
    timeout_seconds                = each.value.timeout
    min_instance_count             = 0
    max_instance_count             = var.max_instances
    ingress_settings               = each.value.ingress
    all_traffic_on_latest_revision = true
    service_account_email          = google_service_account.runtime.email
    environment_variables          = local.function_env

    dynamic "secret_environment_variables" {
      for_each = local.mounted_secrets
      content {
        key        = secret_environment_variables.value
        project_id = var.project_id
        secret     = google_secret_manager_secret.secret[secret_environment_variables.value].secret_id
        version    = "latest"
      }
    }
  }

  depends_on = [
    google_project_service.api,
    google_secret_manager_secret_iam_member.runtime_access,
    google_project_iam_member.build,
    google_storage_bucket_iam_member.build_reads_sources,
  ]
}
