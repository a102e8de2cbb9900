# Inputs. Only project_id is required; everything else has a default that suits a first deploy.

variable "project_id" {
  description = "Google Cloud project to deploy into."
  type        = string
}

variable "region" {
  description = "Region of the functions, queues, scheduler job and source bucket."
  type        = string
  default     = "europe-west1"
}

variable "firestore_location" {
  description = "Firestore location (a multi-region such as eur3 / nam5, or a region)."
  type        = string
  default     = "eur3"
}

variable "firestore_database" {
  description = "Firestore database id (CONCIERGE_FIRESTORE_DATABASE)."
  type        = string
  default     = "(default)"
}

variable "build_dir" {
  description = "Folder holding the <function>.zip bundles deploy.sh builds, relative to infra/."
  type        = string
  default     = "../build"
}

variable "source_bucket_name" {
  description = "Bucket for the function bundles; empty: <project_id>-concierge-sources."
  type        = string
  default     = ""
}

variable "execute_queue" {
  description = "Cloud Tasks queue of plan executions (CONCIERGE_EXECUTE_QUEUE)."
  type        = string
  default     = "plan-execute"
}

variable "rollback_queue" {
  description = "Cloud Tasks queue of plan rollbacks (CONCIERGE_ROLLBACK_QUEUE)."
  type        = string
  default     = "plan-rollback"
}

variable "cleanup_schedule" {
  description = "Cron schedule of the plans_cleanup job."
  type        = string
  default     = "*/5 * * * *"
}

variable "max_instances" {
  description = "Upper bound of instances per function."
  type        = number
  default     = 20
}

variable "pending_plan_minutes" {
  description = "CONCIERGE_PENDING_PLAN_MINUTES: how long a plan may wait for its confirmation."
  type        = number
  default     = 60
}

variable "max_clarifications" {
  description = "CONCIERGE_MAX_CLARIFICATIONS: planner questions in a row before it suggests rephrasing."
  type        = number
  default     = 3
}

variable "executor" {
  description = "CONCIERGE_EXECUTOR: with a model, react (the ReAct loop carries out plans) or steps (steps in order, one format fix)."
  type        = string
  default     = "react"
  validation {
    condition     = contains(["react", "steps"], var.executor)
    error_message = "executor is react or steps."
  }
}

variable "executor_max_turns" {
  description = "CONCIERGE_EXECUTOR_MAX_TURNS: model turns the executing model gets per delivery of a plan."
  type        = number
  default     = 12
}

variable "executor_max_retries" {
  description = "CONCIERGE_EXECUTOR_MAX_RETRIES: re-attempts of a step the booking API refused for its format."
  type        = number
  default     = 2
}

variable "action_timeout_seconds" {
  description = "CONCIERGE_ACTION_TIMEOUT_SECONDS: time limit of one plan step's call to the booking API."
  type        = number
  default     = 30
}

variable "idempotency_lease_seconds" {
  description = "CONCIERGE_IDEMPOTENCY_LEASE_SECONDS: after how long a replay may take over a writing call whose instance died."
  type        = number
  default     = 30
}

variable "idempotency_seconds" {
  description = "CONCIERGE_IDEMPOTENCY_SECONDS: how long a writing call's answer is kept for replays."
  type        = number
  default     = 3600
}

variable "venue_cache_seconds" {
  description = "CONCIERGE_VENUE_CACHE_SECONDS: how long an instance keeps a venue's knowledge base."
  type        = number
  default     = 30
}

variable "actions_spec" {
  description = "CONCIERGE_ACTIONS_SPEC: OpenAPI of the plan actions; empty: the packaged booking API."
  type        = string
  default     = ""
}

variable "actions_overlay" {
  description = "CONCIERGE_ACTIONS_OVERLAY: overlay of the plan actions; empty: the packaged overlay."
  type        = string
  default     = ""
}

variable "llm_base_url" {
  description = "CONCIERGE_LLM_BASE_URL (OpenAI-compatible endpoint); empty: the deterministic planner."
  type        = string
  default     = ""
}

variable "llm_model" {
  description = "CONCIERGE_LLM_MODEL; empty: the deterministic planner."
  type        = string
  default     = ""
}

variable "operator_audience" {
  description = "CONCIERGE_OPERATOR_AUDIENCE: the OAuth client id whose Google ID tokens sign operators in (by email); empty: operator keys only."
  type        = string
  default     = ""
}

variable "langfuse_host" {
  description = "LANGFUSE_HOST; empty: Langfuse's default host."
  type        = string
  default     = ""
}

variable "unset_secrets" {
  description = <<-EOT
    Secrets you have no value for (e.g. RESOS_API_KEY when no venue uses resOS). They are still
    created, but not mounted into the functions, since a function cannot start with a secret that
    has no version. CONCIERGE_API_KEY cannot be left out: without it the tools answer anyone.
    CONCIERGE_ACTIONS_TOKEN is left out by default: plans on the project's own booking API run
    with CONCIERGE_API_KEY.
  EOT
  type        = set(string)
  default     = ["CONCIERGE_ACTIONS_TOKEN"]

  validation {
    condition     = !contains(var.unset_secrets, "CONCIERGE_API_KEY")
    error_message = "CONCIERGE_API_KEY must be set in production: without it the tools require no authentication."
  }
}

variable "conversation_retention_days" {
  description = "CONCIERGE_CONVERSATION_RETENTION_DAYS: how long conversations, their messages and client profiles are kept after their last change (Firestore's TTL policy deletes them)."
  type        = number
  default     = 180
}

variable "plan_retention_days" {
  description = "CONCIERGE_PLAN_RETENTION_DAYS: how long plans and planning sessions are kept after their last change (Firestore's TTL policy and the cleanup sweep delete them)."
  type        = number
  default     = 30

  validation {
    condition     = var.plan_retention_days > 0
    error_message = "plan_retention_days must be a positive number of days."
  }
}

variable "console_session_hours" {
  description = "CONCIERGE_CONSOLE_SESSION_HOURS: how long a sign-in to the staff console lasts."
  type        = number
  default     = 8
}

variable "conversation_history" {
  description = "CONCIERGE_CONVERSATION_HISTORY: how many recent messages the chat agent sees."
  type        = number
  default     = 20
}
