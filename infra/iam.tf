# Service accounts and their roles, least privilege: no project-wide owner or editor.
#   runtime: what every function runs as (Firestore, enqueue tasks, read secrets, sign tasks' OIDC
#            tokens as the invoker).
#   invoker: the identity of Cloud Tasks' and Cloud Scheduler's calls; may invoke the internal
#            functions and nothing else.
#   build:   Cloud Build's identity while building the functions from their bundles.

resource "google_service_account" "runtime" {
  project      = var.project_id
  account_id   = "concierge-runtime"
  display_name = "concierge functions (runtime)"

  depends_on = [google_project_service.api]
}

resource "google_service_account" "invoker" {
  project      = var.project_id
  account_id   = "concierge-invoker"
  display_name = "concierge internal functions' invoker (Cloud Tasks, Cloud Scheduler)"

  depends_on = [google_project_service.api]
}

resource "google_service_account" "build" {
  project      = var.project_id
  account_id   = "concierge-build"
  display_name = "concierge functions (Cloud Build)"

  depends_on = [google_project_service.api]
}

# Firestore reads and writes (there is no narrower predefined role for document access).
resource "google_project_iam_member" "runtime_firestore" {
  project = var.project_id
  role    = "roles/datastore.user"
  member  = google_service_account.runtime.member
}

# Creating tasks, on the two queues only.
resource "google_cloud_tasks_queue_iam_member" "runtime_enqueue" {
  for_each = {
    execute  = google_cloud_tasks_queue.execute
    rollback = google_cloud_tasks_queue.rollback
  }

  project  = var.project_id
  location = each.value.location
  name     = each.value.name
  role     = "roles/cloudtasks.enqueuer"
  member   = google_service_account.runtime.member
}

# A task carrying an OIDC token of the invoker needs its creator to act as the invoker.
resource "google_service_account_iam_member" "runtime_acts_as_invoker" {
  service_account_id = google_service_account.invoker.name
  role               = "roles/iam.serviceAccountUser"
  member             = google_service_account.runtime.member
}

# Public functions: anyone may reach them; the code authenticates every call.
resource "google_cloud_run_service_iam_member" "public" {
  for_each = local.public_functions

  project  = var.project_id
  location = var.region
  service  = google_cloudfunctions2_function.fn[each.key].service_config[0].service
  role     = "roles/run.invoker"
  member   = "allUsers"
}

# Internal functions: the invoker only.
resource "google_cloud_run_service_iam_member" "internal" {
  for_each = local.internal_functions

  project  = var.project_id
  location = var.region
  service  = google_cloudfunctions2_function.fn[each.key].service_config[0].service
  role     = "roles/run.invoker"
  member   = google_service_account.invoker.member
}

# The build: write logs, push the image, read the bundles.
resource "google_project_iam_member" "build" {
  for_each = toset(["roles/logging.logWriter", "roles/artifactregistry.writer"])

  project = var.project_id
  role    = each.value
  member  = google_service_account.build.member
}

resource "google_storage_bucket_iam_member" "build_reads_sources" {
  bucket = google_storage_bucket.sources.name
  role   = "roles/storage.objectViewer"
  member = google_service_account.build.member
}
