#!/usr/bin/env bash
# Everything `npm test` runs, in order of speed: types, lint and format, unit and integration tests, the
# browser tests with JavaScript on and off, then the durability check (it reuses the build
# the browser tests made), then the check that the server's log of the browser tests holds
# no password, token or e-mail address, and the restore drill. The first failure stops the run.
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

# Each stage's wall time is printed as it ends, and the whole run's at the end (docs/performance.md).
STAGE_START=$SECONDS
STAGE_NAME=""
stage() {
  if [ -n "$STAGE_NAME" ]; then printf '    (%s: %d s)\n' "$STAGE_NAME" $((SECONDS - STAGE_START)); fi
  STAGE_NAME="$1"
  STAGE_START=$SECONDS
  echo "==> $1"
}

stage "Type check"
npx tsc --noEmit

stage "Lint and format (ESLint, dependency-cruiser layers, Prettier)"
npm run --silent lint
npm run --silent format:check

stage "Unit and integration tests (Vitest, SQLite)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

stage "Integration tests again on PostgreSQL (a throw-away server the run starts itself)"
bash scripts/ensure-postgres.sh
TEST_DATABASE=postgres npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest-postgres.json

stage "Browser tests (Playwright, JavaScript on and off)"
bash scripts/ensure-chromium.sh
export E2E_LOG_FILE="$PWD/.test-reports/e2e-server.log"
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e.json npx playwright test --reporter=list,json

stage "Browser tests on PostgreSQL (what touches the database: staff area, API, forms; JavaScript on)"
# The build of the SQLite pass is reused; scripts/with-postgres.ts starts and stops the server.
E2E_SKIP_BUILD=1 PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e-postgres.json \
  npx tsx scripts/with-postgres.ts -- npx playwright test --project=js --reporter=list,json $POSTGRES_E2E_SPECS

stage "Log check (no passwords, tokens or e-mail addresses in the e2e server's log)"
npx tsx scripts/check-logs.ts "$E2E_LOG_FILE"

stage "Durability and restore drill (SIGKILL during writes; nothing acknowledged may be lost; backup restores)"
npx tsx scripts/durability.ts

stage "Mail durability (SIGKILL between commit and delivery; the message must still arrive)"
npx tsx scripts/mail-durability.ts

stage "Cluster drill, short form (two instances behind nginx: spike, SIGKILL failover, rolling restart, publish)"
bash scripts/ensure-nginx.sh
npx tsx scripts/cluster-drill.ts --short

stage "Summary"
# The whole run's time, then the closing line CI reads (it must stay last).
printf 'npm test: %d min %d s\n' $((SECONDS / 60)) $((SECONDS % 60))
node scripts/test-summary.mjs
