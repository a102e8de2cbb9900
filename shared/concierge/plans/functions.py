"""The names of the plan functions: known without importing the plan service (and its HTTP client)."""

PLAN_FUNCTIONS = ("plan_request", "plan_confirm", "plan_status", "plan_answer", "plan_execute", "plan_rollback",
                  "plans_cleanup", "registry_refresh")
