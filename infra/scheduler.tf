# plans_cleanup every few minutes: expires unconfirmed plans, resumes plans whose worker died,
# purges idempotency records. Called with an OIDC token of the invoker service account.

resource "google_cloud_scheduler_job" "plans_cleanup" {
  project          = var.project_id
  region           = var.region
  name             = "concierge-plans-cleanup"
  description      = "concierge plans_cleanup"
  schedule         = var.cleanup_schedule
  time_zone        = "Etc/UTC"
  attempt_deadline = "320s"

  retry_config {
    retry_count = 1
  }

  http_target {
    http_method = "POST"
    uri         = local.function_urls["plans_cleanup"]
    body        = base64encode("{}")
    headers = {
      "Content-Type" = "application/json"
    }

    oidc_token {
      service_account_email = google_service_account.invoker.email
      audience              = local.function_urls["plans_cleanup"]
    }
  }

  depends_on = [google_cloud_run_service_iam_member.internal]
}
