import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./scripts/lib/chromium";
import { freePortSync } from "./scripts/lib/ports";
import { HYDRATED_ONLY_TAG, SERVER_ONLY_TAG } from "./tests/e2e/support/projects";

// Worker processes inherit this process's environment, so values chosen here once (a free
// port, a throw-away database) are seen identically by the server and by every test.
process.env.E2E_PORT ??= String(freePortSync());
process.env.E2E_DATABASE_PATH ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), "charity-e2e-")), "e2e.sqlite");
// A throw-away SQLite file, unless the run was pointed at a PostgreSQL database
// (scripts/with-postgres.ts sets E2E_DATABASE_URL for the PostgreSQL pass of npm test).
process.env.E2E_DATABASE_URL ??= `file:${process.env.E2E_DATABASE_PATH}`;
process.env.E2E_ADMIN_USERNAME ??= "admin";
process.env.E2E_ADMIN_PASSWORD ??= "correct-horse-battery-staple";
process.env.E2E_SESSION_SECRET ??= "e2e-session-secret-0123456789abcdef";
// Everything the e2e server prints, for scripts/check-logs.ts (npm test runs it afterwards).
process.env.E2E_LOG_FILE ??= path.join(path.dirname(process.env.E2E_DATABASE_PATH), "e2e-server.log");

const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const buildDir = process.env.BUILD_DIR ?? ".build-e2e";

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: TEST_CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Browser tests mostly wait (page loads, hydration, polling), so more workers than cores pay.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  // Generous: on a 2-core machine four browsers, the server and axe scans share the CPU.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // Recording a trace for every test is costly; CI retries a failure once, with a trace.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  // *.js.spec.ts runs only with JavaScript, *.nojs.spec.ts only without; the rest in both.
  projects: [
    {
      name: "js",
      testIgnore: /\.nojs\.spec\.ts$/,
      // Tests tagged SERVER_ONLY check what the server sends, the same with JavaScript: once, below.
      grepInvert: new RegExp(SERVER_ONLY_TAG),
      use: { ...chromium, javaScriptEnabled: true },
    },
    {
      name: "no-js",
      testIgnore: /\.js\.spec\.ts$/,
      // The axe scans that run in both projects check colours in the js project only: the CSS
      // is the same with and without JavaScript, so here they check the server-rendered
      // structure once, in the light theme (a11y-server-rendered.nojs.spec.ts keeps both), in
      // the a11y-* files and in the feature specs' own "dark theme" axe groups alike.
      // Scans tagged HYDRATED_ONLY judge markup the js project's scan judges already.
      grepInvert: [/(?<!a11y-server-rendered\.nojs)\.spec\.ts dark theme /, new RegExp(HYDRATED_ONLY_TAG)],
      use: { ...chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: process.env.E2E_SKIP_BUILD
      ? "npx tsx scripts/e2e-server.ts"
      : "npx remix build && npx tsx scripts/e2e-server.ts",
    // Ready when the health check passes: database readable, migrations applied.
    url: `${baseURL}/healthz`,
    env: { BUILD_DIR: buildDir },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
