#!/usr/bin/env bash
# Lint and type-check as configured in pyproject.toml: ruff over the whole tree, mypy over
# src/scorepad. Both run even when the first finds problems; the exit status is non-zero if
# either did. Uses the tools of the active environment, else ./.venv.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=""
if [ -z "${VIRTUAL_ENV:-}" ] && [ -x .venv/bin/ruff ]; then bin=.venv/bin/; fi

status=0
echo "+ ruff check"
"${bin}ruff" check || status=1
echo "+ mypy"
"${bin}mypy" || status=1
exit $status
