// Runs a command against a throw-away PostgreSQL: starts one (scripts/lib/postgres.ts), creates
// an empty database, runs the command with its URL in E2E_DATABASE_URL (and DATABASE_URL), and
// stops the server afterwards, whatever the command's outcome; the exit code is the command's.
// npm test uses it for the PostgreSQL pass of the browser tests:
//   npx tsx scripts/with-postgres.ts -- npx playwright test …
// A missing PostgreSQL fails with the reason (scripts/lib/postgres.ts, POSTGRES_MISSING).
import { spawn } from "node:child_process";
import { startPostgres } from "./lib/postgres";

const separator = process.argv.indexOf("--");
const [command, ...args] = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (!command) {
  console.error("Usage: npx tsx scripts/with-postgres.ts -- <command> [args…]");
  process.exit(2);
}

const server = await startPostgres();
let code = 1;
try {
  const url = await server.createDatabase("charity");
  console.log(`PostgreSQL ${server.port}: ${url}`);
  code = await new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      stdio: "inherit",
      env: { ...process.env, E2E_DATABASE_URL: url, DATABASE_URL: url },
    });
    for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
    child.on("exit", (status, signal) => resolve(status ?? (signal ? 1 : 0)));
  });
} finally {
  await server.stop();
}
process.exit(code);
