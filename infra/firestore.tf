# Firestore: the database, the composite indexes and the TTL policy declared in
# firestore/indexes.json (the one source of both, in the Firebase CLI's format).

locals {
  firestore_config = jsondecode(file("${path.module}/firestore/indexes.json"))

  # Keyed by collection group, scope and fields, e.g. "bookings/COLLECTION/phone,status,day".
  firestore_indexes = {
    for index in local.firestore_config.indexes :
    "${index.collectionGroup}/${index.queryScope}/${join(",", [for field in index.fields : field.fieldPath])}" => index
  }

  # Field overrides with a TTL policy, keyed "collectionGroup.fieldPath".
  firestore_ttl_fields = {
    for override in local.firestore_config.fieldOverrides :
    "${override.collectionGroup}.${override.fieldPath}" => override if try(override.ttl, false)
  }
}

resource "google_firestore_database" "main" {
  project                           = var.project_id
  name                              = var.firestore_database
  location_id                       = var.firestore_location
  type                              = "FIRESTORE_NATIVE"
  point_in_time_recovery_enablement = "POINT_IN_TIME_RECOVERY_ENABLED"
  delete_protection_state           = "DELETE_PROTECTION_ENABLED"
  deletion_policy                   = "ABANDON"

  depends_on = [google_project_service.api]
}

resource "google_firestore_index" "composite" {
  for_each = local.firestore_indexes

  project     = var.project_id
  database    = google_firestore_database.main.name
  collection  = each.value.collectionGroup
  query_scope = each.value.queryScope

  dynamic "fields" {
    for_each = each.value.fields
    content {
      field_path   = fields.value.fieldPath
      order        = try(fields.value.order, null)
      array_config = try(fields.value.arrayConfig, null)
    }
  }
}

resource "google_firestore_field" "ttl" {
  for_each = local.firestore_ttl_fields

  project    = var.project_id
  database   = google_firestore_database.main.name
  collection = each.value.collectionGroup
  field      = each.value.fieldPath

  # Firestore deletes a document some time after the instant in this field.
  ttl_config {}

  # The single-field indexes the override keeps (the others are exempted).
  index_config {
    dynamic "indexes" {
      for_each = try(each.value.indexes, [])
      content {
        query_scope  = indexes.value.queryScope
        order        = try(indexes.value.order, null)
        array_config = try(indexes.value.arrayConfig, null)
      }
    }
  }
}
