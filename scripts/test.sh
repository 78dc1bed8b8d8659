#!/usr/bin/env bash
# Everything `npm test` runs, in order of speed: types, lint and format, unit and integration
# tests, the browser tests with JavaScript on and off, then the durability check (it reuses the
# build the browser tests made). The first failure stops the run.
set -euo pipefail
cd "$(dirname "$0")/.."
# JSON reports for the closing summary line; not in test-results/, which Playwright empties.
rm -rf .test-reports && mkdir -p .test-reports
# One build, made by the Playwright web server and reused by the durability check.
export BUILD_DIR="${BUILD_DIR:-.build-e2e}"

echo "==> Type check"
npx tsc --noEmit

echo "==> Lint and format (ESLint, dependency-cruiser layers, Prettier)"
npm run --silent lint
npm run --silent format:check

echo "==> Unit and integration tests (Vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json

echo "==> Browser tests (Playwright, JavaScript on and off)"
bash scripts/ensure-chromium.sh
PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/e2e.json npx playwright test --reporter=list,json

echo "==> Durability (SIGKILL during writes; nothing acknowledged may be lost)"
npx tsx scripts/durability.ts

echo "==> Mail durability (SIGKILL between commit and delivery; the message must still arrive)"
npx tsx scripts/mail-durability.ts

node scripts/test-summary.mjs
