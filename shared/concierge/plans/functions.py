"""The names of the plan functions: known without importing the plan service (and its HTTP client)."""

PLAN_FUNCTIONS = (
    "plan_request",
    "plan_confirm",
    "plan_status",
    "plan_answer",
    "plan_undo",
    "plan_execute",
    "plan_rollback",
    "plans_cleanup",
    "registry_refresh",
)

# Called by operators with their own credential (the owner of a plan is the authenticated operator).
OPERATOR_FUNCTIONS = ("plan_request", "plan_confirm", "plan_status", "plan_answer", "plan_undo")
# Called by the queue and the scheduler only: IAM when deployed, the service key on the local server.
INTERNAL_FUNCTIONS = ("plan_execute", "plan_rollback", "plans_cleanup", "registry_refresh")
