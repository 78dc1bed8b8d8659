// Durability check (`npm run test:durability`): runs the production server on a throw-away
// database, sends bursts of concurrent POST /api/news writes, kills the server with SIGKILL
// part-way through each burst, restarts it, and finally checks, straight from the SQLite
// file, that every write the server acknowledged with 201 is there with its title and that
// `PRAGMA integrity_check` is ok. Loopback only; bounded to well under a minute.
//
// BUILD_DIR (default "build") selects the build; it is built first when missing.
// DURABILITY_ROUNDS (default 5) sets the number of kill/restart rounds.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { migrateToLatest, openDatabase } from "../app/utils/db.server";
import { seedDatabase } from "../db/seed";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 5);
const WORKERS = 8;
const TIME_LIMIT_MS = 58_000;
const READY_TIMEOUT_MS = 15_000;
const HOST = "127.0.0.1";

interface Ack {
  id: number;
  title: string;
  round: number;
}

let started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[durability ${elapsed()}] ${message}`);

let server: ChildProcess | undefined;
let serverLog = "";
let tmpDir: string | undefined;

function fail(message: string): never {
  console.error(`\nDURABILITY FAILED: ${message}`);
  if (serverLog.trim()) console.error(`Last server output:\n${serverLog.slice(-2000)}`);
  if (tmpDir) console.error(`Database kept for inspection in ${tmpDir}`);
  tmpDir = undefined;
  server?.kill("SIGKILL");
  process.exit(1);
}

process.on("exit", () => {
  server?.kill("SIGKILL");
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => fail(`interrupted by ${signal}`));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function ensureBuild() {
  if (fs.existsSync(path.join(BUILD_DIR, "index.js"))) return;
  log(`no build in ${BUILD_DIR}/, running remix build`);
  const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  if (result.status !== 0) fail("remix build failed");
}

async function main() {
  ensureBuild();
  // The bound covers the test itself; a first build (only when missing) comes before it.
  started = Date.now();
  setTimeout(() => fail(`took longer than ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();

  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-durability-"));
  const databasePath = path.join(tmpDir, "durability.sqlite");
  const adminPassword = crypto.randomBytes(18).toString("base64url");
  const setup = openDatabase(databasePath);
  await migrateToLatest(setup);
  await seedDatabase(setup, { adminUsername: "admin", adminPassword });
  await setup.destroy();

  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    HOST,
    PORT: String(port),
    DATABASE_URL: `file:${databasePath}`,
    SESSION_SECRET: crypto.randomBytes(24).toString("base64url"),
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: adminPassword,
  };

  async function startServer() {
    serverLog = "";
    const child = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", path.join(BUILD_DIR, "index.js")], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-8000));
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    server = child;
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) fail(`the server exited while starting (${child.exitCode ?? child.signalCode})`);
      try {
        const response = await fetch(`${base}/api/news`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await sleep(50);
    }
    fail(`the server did not answer within ${READY_TIMEOUT_MS / 1000} s`);
  }

  async function killServer() {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    server = undefined;
  }

  await startServer();
  log(`server up on ${base} (build ${BUILD_DIR}/, database ${databasePath})`);

  const loginResponse = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: adminPassword }),
  });
  if (loginResponse.status !== 200) fail(`login answered ${loginResponse.status}`);
  const { token } = (await loginResponse.json()) as { token: string };

  const acks: Ack[] = [];
  let attempted = 0;
  let refused = 0;
  const serverErrors: string[] = [];

  async function writer(round: number, worker: number, stop: { now: boolean }) {
    for (let n = 0; !stop.now; n++) {
      const title = `Durability r${round} w${worker} n${n} ${crypto.randomBytes(4).toString("hex")}`;
      attempted++;
      try {
        const response = await fetch(`${base}/api/news`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
          body: JSON.stringify({ title, content: `Written in round ${round} by writer ${worker}.` }),
          signal: AbortSignal.timeout(5000),
        });
        // Acknowledged only once the whole 201 answer has arrived.
        const text = await response.text();
        if (response.status === 201) {
          const article = JSON.parse(text) as { id: number; title: string };
          if (article.title !== title) serverErrors.push(`201 for "${title}" returned the title "${article.title}"`);
          acks.push({ id: article.id, title, round });
        } else if (response.status >= 500) {
          serverErrors.push(`${response.status}: ${text.slice(0, 200)}`);
        } else {
          refused++;
        }
      } catch {
        // The connection died with the server: not acknowledged, so nothing is promised.
        if (stop.now) return;
        await sleep(5);
      }
    }
  }

  for (let round = 1; round <= ROUNDS; round++) {
    const stop = { now: false };
    const before = acks.length;
    const writers = Array.from({ length: WORKERS }, (_, worker) => writer(round, worker, stop));
    // Kill at a random moment once writes are flowing, so some are always in flight.
    const flowing = Date.now() + 10_000;
    while (acks.length === before && Date.now() < flowing) await sleep(5);
    const killAfter = 20 + Math.floor(Math.random() * 300);
    await sleep(killAfter);
    await killServer();
    stop.now = true;
    await Promise.allSettled(writers);
    const roundAcks = acks.slice(before);
    log(`round ${round}: SIGKILL ${killAfter} ms after the first acknowledgement, ${roundAcks.length} writes acknowledged`);

    await startServer();
    // The restarted server serves what the killed one acknowledged.
    for (const ack of roundAcks.slice(-3)) {
      const response = await fetch(`${base}/api/news/${ack.id}`);
      const article = (await response.json()) as { title?: string };
      if (response.status !== 200 || article.title !== ack.title) {
        fail(`after restart, GET /api/news/${ack.id} answered ${response.status} ${JSON.stringify(article)}`);
      }
    }
  }
  await killServer();

  // Read the file directly, as an operator would after a crash.
  const db = new Database(databasePath);
  let verified = 0;
  const missing: string[] = [];
  let integrity: unknown;
  try {
    integrity = db.pragma("integrity_check", { simple: true });
    const select = db.prepare<[number], { title: string }>("SELECT title FROM news WHERE id = ?");
    for (const ack of acks) {
      const row = select.get(ack.id);
      if (row?.title === ack.title) verified++;
      else missing.push(`id ${ack.id} (round ${ack.round}) "${ack.title}": found ${row ? `"${row.title}"` : "nothing"}`);
    }
    const stored = db.prepare("SELECT COUNT(*) AS n FROM news WHERE title LIKE 'Durability r%'").get() as { n: number };
    const ids = new Set(acks.map((ack) => ack.id));

    console.log("");
    console.log(`Rounds (SIGKILL + restart):     ${ROUNDS}`);
    console.log(`Writes attempted:               ${attempted}`);
    console.log(`Writes acknowledged (201):      ${acks.length}`);
    console.log(`Acknowledged and verified:      ${verified}`);
    console.log(`Stored (incl. unacknowledged):  ${stored.n}`);
    console.log(`Refused with 4xx:               ${refused}`);
    console.log(`Server errors (5xx):            ${serverErrors.length}`);
    console.log(`PRAGMA integrity_check:         ${String(integrity)}`);
    console.log(`Time:                           ${elapsed()}`);

    if (acks.length === 0) fail("no write was acknowledged, so nothing was tested");
    if (ids.size !== acks.length) fail("the server acknowledged two writes with the same id");
    if (missing.length) fail(`${missing.length} acknowledged writes are missing or wrong:\n  ${missing.slice(0, 20).join("\n  ")}`);
    if (serverErrors.length) fail(`the server answered with errors:\n  ${serverErrors.slice(0, 10).join("\n  ")}`);
    if (refused) fail(`${refused} writes were refused with 4xx`);
    if (integrity !== "ok") fail(`integrity_check returned ${String(integrity)}`);
  } finally {
    db.close();
  }
  console.log("\nDurability OK: every acknowledged write survived SIGKILL and the database is intact.");
}

main().then(
  () => process.exit(0),
  (error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
