# Secrets, read by the functions as environment variables of the same name. Terraform creates the
# secrets only: their values are added by the operator (gcloud secrets versions add NAME
# --data-file=-) and never pass through Terraform or its state.
locals {
  secret_names = toset([
    "CONCIERGE_API_KEY",         # tools and plans: Authorization: Bearer / X-Vapi-Secret
    "CONCIERGE_CONSOLE_SECRET",  # signs the staff console's session cookies (at least 32 characters)
    "RETELL_API_KEY",            # Retell's X-Retell-Signature
    "CONCIERGE_LLM_API_KEY",     # the LLM planner (with CONCIERGE_LLM_BASE_URL and _MODEL)
    "CONCIERGE_ACTIONS_TOKEN",   # plans on another action API: the service's credential there
    "LANGFUSE_PUBLIC_KEY",       # tracing (with LANGFUSE_HOST)
    "LANGFUSE_SECRET_KEY",       # tracing
    "RESOS_API_KEY",             # resOS venues (default api_key_env)
    "OCTOTABLE_CLIENT_ID",       # OctoTable venues: OAuth client (default client_id_env)
    "OCTOTABLE_CLIENT_SECRET",   # OctoTable venues: OAuth client (default client_secret_env)
    "SHEETS_CREDENTIALS_JSON",   # Google Sheets venues: credentials_env of their provider block
    "GCAL_SERVICE_ACCOUNT_JSON", # Google Calendar venues: credentials_env of their provider block
  ])

  # What the functions mount: every secret the operator has a value for.
  mounted_secrets = setsubtract(local.secret_names, var.unset_secrets)
}

resource "google_secret_manager_secret" "secret" {
  for_each = local.secret_names

  project   = var.project_id
  secret_id = each.value

  replication {
    auto {}
  }

  depends_on = [google_project_service.api]
}

# The runtime service account reads each secret (and nothing else in Secret Manager).
resource "google_secret_manager_secret_iam_member" "runtime_access" {
  for_each = local.secret_names

  project   = var.project_id
  secret_id = google_secret_manager_secret.secret[each.value].secret_id
  role      = "roles/secretmanager.secretAccessor"
  member    = google_service_account.runtime.member
}
