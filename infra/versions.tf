# Terraform and provider versions. The google provider is pinned to one release so that a plan
# made today and one made in a month read the same resource schemas.
terraform {
  required_version = ">= 1.5.0"

  required_providers {
    google = {
      source  = "hashicorp/google"
      version = "6.14.1"
    }
  }
}

provider "google" {
  project = var.project_id
  region  = var.region
}
