output "function_urls" {
  description = "URL of every function, by name."
  value       = { for name, fn in google_cloudfunctions2_function.fn : name => fn.url }
}

output "configured_urls" {
  description = "The predictable URLs the functions are configured with (plan tasks, plan steps, scheduler)."
  value       = local.function_urls
}

output "source_bucket" {
  description = "Bucket holding the function bundles."
  value       = google_storage_bucket.sources.name
}

output "runtime_service_account" {
  description = "Service account the functions run as."
  value       = google_service_account.runtime.email
}

output "invoker_service_account" {
  description = "Service account of Cloud Tasks' and Cloud Scheduler's calls to the internal functions."
  value       = google_service_account.invoker.email
}

output "build_service_account" {
  description = "Service account Cloud Build uses to build the functions."
  value       = google_service_account.build.email
}

output "secrets" {
  description = "Secrets to fill (gcloud secrets versions add NAME --data-file=-)."
  value       = sort(tolist(local.secret_names))
}
