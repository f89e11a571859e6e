#!/usr/bin/env bash
# Format, lint and type-check as configured in pyproject.toml: `ruff format --check` and
# `ruff check` over the whole tree, mypy over src/scorepad. All run even when the first finds problems; the exit status is non-zero if
# either did. Uses the tools of the active environment, else ./.venv.
set -uo pipefail
cd "$(dirname "$0")/.."

bin=""
if [ -z "${VIRTUAL_ENV:-}" ] && [ -x .venv/bin/ruff ]; then bin=.venv/bin/; fi

status=0
echo "+ ruff format --check"
"${bin}ruff" format --check || status=1
echo "+ ruff check"
"${bin}ruff" check || status=1
echo "+ mypy"
"${bin}mypy" || status=1
exit $status
