#!/usr/bin/env bash
# `npm test`: every test, on a machine where `npm ci` has run, in order and failing fast:
#  1. scripts/prepare-test-machine.sh: installs Chromium if missing, starts the local PostgreSQL;
#  2. the PostgreSQL of the integration tests: TEST_DATABASE_URL as given, else the local server on
#     127.0.0.1:5432 when it answers; under CI it is required (the race tests only mean something
#     there), elsewhere those tests are skipped without it;
#  3. npm run validate: the production build, then type check, lint and the unit and integration
#     tests (test:vitest) in parallel, then the browser tests, all on that one build;
#  4. npm run test:reliability: fuzzing, load, crash and database-outage tests.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/prepare-test-machine.sh

# The same reading of CI as tests/support/databases.ts: unset, empty, "0" and "false" mean no.
ci="$(printf %s "${CI:-}" | tr -d '[:space:]' | tr '[:upper:]' '[:lower:]')"
case "$ci" in "" | 0 | false) in_ci=false ;; *) in_ci=true ;; esac

local_postgres_answers() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -h 127.0.0.1 -p 5432 -q
  else
    (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
  fi
}

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if local_postgres_answers; then
    export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
    echo "== integration tests on PGlite and on PostgreSQL ($TEST_DATABASE_URL)"
  elif [ "$in_ci" = true ]; then
    echo "CI runs the integration tests on PostgreSQL too, but none answers on 127.0.0.1:5432." >&2
    echo "Start it (Debian: pg_ctlcluster) or set TEST_DATABASE_URL to a server the tests may create databases on." >&2
    exit 1
  else
    echo "== no PostgreSQL on 127.0.0.1:5432 and no TEST_DATABASE_URL: the PostgreSQL integration tests are skipped"
  fi
fi

echo "== npm run validate"
npm run validate

echo "== npm run test:reliability"
# On the production build validate made for the other suites (tests/support/global-build.ts).
TEST_BUILD_DIR=build npm run test:reliability
