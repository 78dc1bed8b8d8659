#!/usr/bin/env bash
# Everything `npm test` runs, in order of speed: types, lint and format (side by side), unit and
# integration tests, the browser tests with JavaScript on and off, their PostgreSQL pass with the
# durability and restore drills beside it (they reuse the build the browser tests made), then the
# check that the server's log of the browser tests holds no password, token or e-mail address, and
# the cluster drill. The first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
# JSON reports for the closing summary line; not in test-results/, which Playwright empties.
rm -rf .test-reports && mkdir -p .test-reports
# One build, made by the Playwright web server and reused by the durability check.
export BUILD_DIR="${BUILD_DIR:-.build-e2e}"
# The browser specs that run a second time on PostgreSQL: the ones whose work is reading and
# writing the database (the rest, public pages and their markup, run once, on SQLite).
POSTGRES_E2E_SPECS="tests/e2e/api.spec.ts tests/e2e/admin-auth.spec.ts tests/e2e/admin-news.spec.ts
  tests/e2e/news-publishing.spec.ts tests/e2e/page-cache.spec.ts tests/e2e/admin-donations.spec.ts
  tests/e2e/donate.spec.ts tests/e2e/gift-aid-claims.spec.ts tests/e2e/supporters.spec.ts
  tests/e2e/receipts.spec.ts tests/e2e/team.spec.ts tests/e2e/newsletters.spec.ts tests/e2e/contact.spec.ts
  tests/e2e/admin-privacy.spec.ts tests/e2e/gift-aid-small-donations.spec.ts"

# Each stage's wall time is printed as it ends, and the whole run's at the end (docs/performance.md),
# split into the SQLite run (what npm test was before PostgreSQL; the whole run's budget is 15 min) and
# the PostgreSQL passes with the cluster drill (stages started with `stage postgres "…"`).
STAGE_START=$SECONDS
STAGE_NAME=""
STAGE_ENGINE=sqlite
SQLITE_SECONDS=0
POSTGRES_SECONDS=0
stage() {
  local engine=sqlite
  if [ "$1" = postgres ]; then engine=postgres; shift; fi
  if [ -n "$STAGE_NAME" ]; then
    local took=$((SECONDS - STAGE_START))
    printf '    (%s: %d s)\n' "$STAGE_NAME" "$took"
    if [ "$STAGE_ENGINE" = postgres ]; then POSTGRES_SECONDS=$((POSTGRES_SECONDS + took)); else SQLITE_SECONDS=$((SQLITE_SECONDS + took)); fi
  fi
  STAGE_NAME="$1"
  STAGE_ENGINE=$engine
  STAGE_START=$SECONDS
  echo "==> $1"
}
minutes() { printf '%d min %d s' $(($1 / 60)) $(($1 % 60)); }

stage "Type check, lint and format at once (tsc, ESLint, dependency-cruiser layers, Prettier)"
# Three single-threaded checks that read the same files: run side by side on the two cores (about
# 60 s of CPU, 62 s one after the other; docs/performance.md). Each one's output is printed whole
# when all have ended, so the three do not interleave; any failure stops the run.
npx tsc --noEmit >.test-reports/tsc.log 2>&1 &
TSC_PID=$!
npm run --silent format:check >.test-reports/prettier.log 2>&1 &
PRETTIER_PID=$!
LINT_STATUS=0
npm run --silent lint >.test-reports/lint.log 2>&1 || LINT_STATUS=$?
TSC_STATUS=0
wait "$TSC_PID" || TSC_STATUS=$?
PRETTIER_STATUS=0
wait "$PRETTIER_PID" || PRETTIER_STATUS=$?
for check in tsc lint prettier; do
  if [ -s ".test-reports/$check.log" ]; then echo "--- $check"; cat ".test-reports/$check.log"; fi
done
if [ "$TSC_STATUS" -ne 0 ] || [ "$LINT_STATUS" -ne 0 ] || [ "$PRETTIER_STATUS" -ne 0 ]; then
  echo "Failed: type check exit $TSC_STATUS, lint exit $LINT_STATUS, format check exit $PRETTIER_STATUS"
  exit 1
fi

stage "Unit and integration tests (Vitest, SQLite)"
bash scripts/ensure-poppler.sh
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

stage postgres "Integration tests again on PostgreSQL (a throw-away server the run starts itself)"
bash scripts/ensure-postgres.sh
TEST_DATABASE=postgres npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgres.json

stage "Browser tests (Playwright, JavaScript on and off)"
bash scripts/ensure-chromium.sh
export E2E_LOG_FILE="$PWD/.test-reports/e2e-server.log"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e.json npx playwright test --reporter=list,json

stage postgres "Browser tests on PostgreSQL (what touches the database: staff area, API, forms; JavaScript on), the durability drills beside them"
# The durability drill (SIGKILL during writes, nothing acknowledged lost, the backup restores) and
# the mail durability drill (SIGKILL between commit and delivery, the message still arrives) reuse
# the build too, each with a server, temporary folder and free port of its own. They mostly wait on
# kills and restarts (about 15 s of CPU for 25 s), so they run beside this pass rather than after it;
# their output is printed whole when all three have ended, and any failure stops the run.
npx tsx scripts/durability.ts >.test-reports/durability.log 2>&1 &
DURABILITY_PID=$!
npx tsx scripts/mail-durability.ts >.test-reports/mail-durability.log 2>&1 &
MAIL_DURABILITY_PID=$!
# The build of the SQLite pass is reused; scripts/with-postgres.ts starts and stops the server.
E2E_POSTGRES_STATUS=0
E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e-postgres.json \
  npx tsx scripts/with-postgres.ts -- npx playwright test --project=js --reporter=list,json $POSTGRES_E2E_SPECS ||
  E2E_POSTGRES_STATUS=$?
DURABILITY_STATUS=0
wait "$DURABILITY_PID" || DURABILITY_STATUS=$?
MAIL_DURABILITY_STATUS=0
wait "$MAIL_DURABILITY_PID" || MAIL_DURABILITY_STATUS=$?
for drill in durability mail-durability; do
  echo "--- $drill"
  cat ".test-reports/$drill.log"
done
if [ "$E2E_POSTGRES_STATUS" -ne 0 ] || [ "$DURABILITY_STATUS" -ne 0 ] || [ "$MAIL_DURABILITY_STATUS" -ne 0 ]; then
  echo "Failed: browser tests on PostgreSQL exit $E2E_POSTGRES_STATUS, durability exit $DURABILITY_STATUS, mail durability exit $MAIL_DURABILITY_STATUS"
  exit 1
fi

stage "Log check (no passwords, tokens or e-mail addresses in the e2e server's log)"
npx tsx scripts/check-logs.ts "$E2E_LOG_FILE"

stage postgres "Cluster drill, short form (two instances behind nginx: spike, SIGKILL failover, rolling restart, publish)"
bash scripts/ensure-nginx.sh
npx tsx scripts/cluster-drill.ts --short

stage "Summary"
# The whole run's time, then the closing line CI reads (it must stay last).
printf 'npm test: %s (the SQLite run: %s, budget 15 min; PostgreSQL passes and the cluster drill: %s)\n' \
  "$(minutes $SECONDS)" "$(minutes $SQLITE_SECONDS)" "$(minutes $POSTGRES_SECONDS)"
node scripts/test-summary.mjs
