// Mail durability (`npm run test:mail-durability`, part of `npm test`): the production server
// with SMTP_URL pointing at a real SMTP server in this process. A pledge is acknowledged, its
// thank-you message reaches the mail server, and the app server is killed (SIGKILL) while the
// mail server holds the message unanswered: committed, claimed, never delivered. After a
// restart (and once the dead sender's lease has run out) the message must arrive, exactly once.
//
// BUILD_DIR (default "build") selects the build; it is built first when missing.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { waitUntil } from "./lib/wait";
import { startTestSmtpServer, type TestSmtpServer } from "../tests/integration/smtp-support";
import {
  ensureBuild,
  freePort,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "./lib/production-server";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const TIME_LIMIT_MS = 60_000;
// One try may last three timeouts; a claim's lease is a little longer (app/infra/mail.server.ts).
const MAIL_TIMEOUT_SECONDS = 2;

const started = Date.now();
const log = (message: string) =>
  console.log(`[mail-durability ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);

let server: RunningServer | undefined;
let smtp: TestSmtpServer | undefined;
let tmpDir: string | undefined;

function fail(message: string): never {
  console.error(`\nMAIL DURABILITY FAILED: ${message}`);
  const output = server?.output().trim();
  if (output) console.error(`Last server output:\n${output.slice(-2000)}`);
  if (tmpDir) console.error(`Database kept for inspection in ${tmpDir}`);
  tmpDir = undefined;
  server?.process.kill("SIGKILL");
  process.exit(1);
}

process.on("exit", () => {
  server?.process.kill("SIGKILL");
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

async function post(base: string, pathname: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
}

async function main() {
  ensureBuild(BUILD_DIR);
  setTimeout(() => fail(`took longer than ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();
  tmpDir = makeTempDir("mail-durability");
  const databasePath = path.join(tmpDir, "mail.sqlite");
  await prepareDatabase(databasePath);
  smtp = await startTestSmtpServer("hang");
  const port = await freePort();
  // startServer passes this process's environment on to the server.
  process.env.SMTP_URL = smtp.url;
  process.env.MAIL_TIMEOUT_SECONDS = String(MAIL_TIMEOUT_SECONDS);
  process.env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  delete process.env.STAFF_EMAIL;

  server = await startServer({ buildDir: BUILD_DIR, databaseFile: databasePath, port, output: "capture" });
  const base = server.url;
  log(`server up on ${base}, SMTP server on ${smtp.url} (holding every message unanswered)`);

  const response = await post(base, "/donate", {
    type: "one-time",
    amount: "50",
    firstName: "Dura",
    lastName: "Bility",
    email: "durable-donor@example.org",
  });
  const location = response.headers.get("Location") ?? "";
  const reference = /\/donate\/thank-you\/(CHA-[0-9A-Z]+)$/.exec(location)?.[1];
  if (response.status !== 303 || !reference) fail(`the pledge answered ${response.status} ${location}`);
  log(`pledge ${reference} acknowledged (303)`);

  await smtp.waitForHung(10_000).catch(() => fail("the thank-you message never reached the SMTP server"));
  await server.kill();
  server = undefined;
  log("SIGKILL while the SMTP server held the message (committed and claimed, not delivered)");

  smtp.mode = "accept";
  server = await startServer({ buildDir: BUILD_DIR, databaseFile: databasePath, port, output: "capture" });
  log("server restarted; mail server accepting again");

  // The dead sender's lease must run out first: read it from the database, as an operator would.
  const db = new Database(databasePath, { readonly: true });
  const row = db.prepare("SELECT id, lease_until FROM outbox WHERE kind = 'pledge.donor'").get() as
    { id: number; lease_until: string | null } | undefined;
  db.close();
  if (!row) fail("the pledge's message is not in the outbox");
  // A new sign-up after the lease has run out kicks the sender; otherwise its 30 s poll would.
  const leaseEnds = row.lease_until ? Date.parse(row.lease_until) : Date.now();
  await waitUntil(() => Date.now() > leaseEnds, { what: "the dead sender's lease running out", timeoutMs: 120_000 });
  const signUp = await post(base, "/publications", { email: "after-restart@example.org" });
  if (signUp.status !== 200) fail(`the sign-up after the restart answered ${signUp.status}`);

  const mail = await smtp
    .waitFor((m) => m.subject.includes(reference!), 20_000)
    .catch(() => fail("the thank-you message was not delivered after the restart"));
  if (!mail.text.includes(reference!)) fail("the delivered message does not carry the payment reference");
  await smtp.waitFor((m) => m.to.includes("after-restart@example.org"), 10_000);
  await server.stop();
  server = undefined;

  const check = new Database(databasePath, { readonly: true });
  const final = check.prepare("SELECT status, tries FROM outbox WHERE id = ?").get(row.id) as {
    status: string;
    tries: number;
  };
  const integrity = check.pragma("integrity_check", { simple: true });
  check.close();
  const copies = smtp.received.filter((m) => m.subject.includes(reference!)).length;
  console.log("");
  console.log(`Thank-you message delivered:   ${copies} time(s)`);
  console.log(`Outbox row:                    ${final.status}, ${final.tries} tries`);
  console.log(`PRAGMA integrity_check:        ${String(integrity)}`);
  if (copies !== 1) fail(`the message arrived ${copies} times`);
  if (final.status !== "sent") fail(`the outbox row is ${final.status}`);
  if (integrity !== "ok") fail(`integrity_check returned ${String(integrity)}`);
  await smtp.close();
  console.log(
    "\nMail durability OK: a message committed but not delivered when the server died was delivered after restart.",
  );
}

main().then(
  () => process.exit(0),
  (error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
