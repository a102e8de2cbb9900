# Cloud Tasks queues of plan executions and rollbacks. The executor answers 5xx only when a retry
# is wanted (e.g. a delivery that arrived before the plan's confirmation was stored), and claims a
# plan with a lease, so duplicate deliveries are harmless: retry soon and a handful of times.

resource "google_cloud_tasks_queue" "execute" {
  project  = var.project_id
  name     = var.execute_queue
  location = var.region

  rate_limits {
    max_dispatches_per_second = 20
    max_concurrent_dispatches = 50
  }

  retry_config {
    max_attempts       = 8
    min_backoff        = "1s"
    max_backoff        = "60s"
    max_doublings      = 5
    max_retry_duration = "600s"
  }

  stackdriver_logging_config {
    sampling_ratio = 1.0
  }

  depends_on = [google_project_service.api]
}

resource "google_cloud_tasks_queue" "rollback" {
  project  = var.project_id
  name     = var.rollback_queue
  location = var.region

  rate_limits {
    max_dispatches_per_second = 20
    max_concurrent_dispatches = 50
  }

  # A rollback undoes booking changes: try a little longer before leaving it to plans_cleanup.
  retry_config {
    max_attempts       = 10
    min_backoff        = "1s"
    max_backoff        = "60s"
    max_doublings      = 5
    max_retry_duration = "900s"
  }

  stackdriver_logging_config {
    sampling_ratio = 1.0
  }

  depends_on = [google_project_service.api]
}
