#!/usr/bin/env bash
# Build every function's bundle and deploy the lot with Terraform (infra/).
#
#   ./deploy.sh            build build/<name>.zip for each folder in functions/, then
#                          terraform -chdir=infra init && terraform -chdir=infra apply
#   ./deploy.sh --dry-run  build and check everything that needs no cloud account and no network:
#                          each bundle imports its entry point on its own, every requirement is
#                          pinned from pyproject.toml, the Terraform consistency tests pass
#                          (and terraform fmt, when terraform is installed). Exits non-zero on any problem.
#
# Terraform variables: infra/terraform.tfvars or TF_VAR_project_id=... (see infra/variables.tf).
set -euo pipefail
cd "$(dirname "$0")"

dry_run=false
case "${1:-}" in
  "") ;;
  --dry-run) dry_run=true ;;
  -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
  *) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
esac

python=.venv/bin/python
[ -x "$python" ] || { echo "no $python: python3 -m venv .venv && .venv/bin/pip install -e '.[test]'" >&2; exit 1; }

start=$(date +%s)
echo "== building bundles in build/"
"$python" infra/bundle.py build --out build
"$python" infra/bundle.py warnings

if ! $dry_run; then
  command -v terraform >/dev/null || { echo "terraform is required to deploy" >&2; exit 1; }
  terraform -chdir=infra init -input=false
  terraform -chdir=infra apply
  exit 0
fi

failed=0
echo "== checking bundles (each alone on sys.path, python -I)"
"$python" infra/bundle.py check --out build --python "$python" || failed=1

echo "== Terraform consistency tests"
"$python" -c "import hcl2" 2>/dev/null || { echo "  FAIL python-hcl2 is not installed in .venv (pip install python-hcl2==8.1.4)" >&2; failed=1; }
"$python" -m pytest tests/unit/infra -q -p no:cacheprovider || failed=1

if command -v terraform >/dev/null; then
  echo "== terraform fmt -check"
  terraform -chdir=infra fmt -check -diff 2>/dev/null || { echo "  FAIL infra/*.tf are not formatted (terraform -chdir=infra fmt)" >&2; failed=1; }
else
  echo "== terraform not installed: fmt check skipped"
fi

echo "== summary"
echo "  functions: $(ls functions | wc -l), bundles: $(ls build/*.zip | wc -l) ($(du -ch build/*.zip | tail -1 | cut -f1) zipped)"
echo "  took $(( $(date +%s) - start )) s"
if [ "$failed" -ne 0 ]; then
  echo "dry run FAILED" >&2
  exit 1
fi
echo "dry run OK: ready for ./deploy.sh"
