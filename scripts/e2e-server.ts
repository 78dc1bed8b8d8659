// The server Playwright tests run against: the production build, on a throw-away database
// that playwright.config.ts chose, migrated and seeded with a known admin password.
import { spawn } from "node:child_process";
import { pipeRedacted } from "./lib/access-log";
import fs from "node:fs";
import { migrateToLatest, openDatabase } from "../app/infra/db.server";
import { seedDatabase } from "../db/seed";

const databaseUrl = process.env.E2E_DATABASE_URL;
const port = process.env.E2E_PORT;
if (!databaseUrl || !port) {
  console.error("Run through Playwright (npx playwright test): E2E_DATABASE_URL and E2E_PORT are unset.");
  process.exit(1);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production" as const,
  PORT: port,
  DATABASE_URL: databaseUrl,
  SESSION_SECRET: process.env.E2E_SESSION_SECRET,
  ADMIN_USERNAME: process.env.E2E_ADMIN_USERNAME,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  // Every browser test posts from 127.0.0.1, far faster than a person; the throttle is
  // tested below the browser (tests/integration/public-form-throttle.test.ts).
  PUBLIC_FORM_LIMIT_PER_MINUTE: process.env.PUBLIC_FORM_LIMIT_PER_MINUTE ?? "100000",
  PUBLIC_FORM_LIMIT_PER_HOUR: process.env.PUBLIC_FORM_LIMIT_PER_HOUR ?? "100000",
  // The throw-away database needs no backup; /healthz then reports backup "off".
  BACKUP: "off",
};

const db = openDatabase(databaseUrl);
await migrateToLatest(db);
await seedDatabase(db, { adminUsername: env.ADMIN_USERNAME!, adminPassword: env.ADMIN_PASSWORD, databaseUrl });
await db.destroy();

const buildDir = process.env.BUILD_DIR ?? "build";
// The server's output also goes to E2E_LOG_FILE, which scripts/check-logs.ts searches for
// passwords, tokens and e-mail addresses after the run.
const logFile = process.env.E2E_LOG_FILE ? fs.createWriteStream(process.env.E2E_LOG_FILE, { flags: "a" }) : undefined;
const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", `${buildDir}/index.js`], {
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
// As in production (scripts/serve.ts): remix-serve's access log is redacted line by line.
pipeRedacted(server.stdout, logFile, process.stdout);
pipeRedacted(server.stderr, logFile, process.stderr);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
