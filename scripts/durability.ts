// Durability check (`npm run test:durability`): runs the production server on a throw-away
// database, sends bursts of concurrent POST /api/news writes, kills the server with SIGKILL
// part-way through each burst, restarts it, and finally checks, straight from the SQLite
// file, that every write the server acknowledged with 201 is there with its title and that
// `PRAGMA integrity_check` is ok. Loopback only; bounded to well under a minute.
//
// BUILD_DIR (default "build") selects the build; it is built first when missing.
// DURABILITY_ROUNDS (default 5) sets the number of kill/restart rounds.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  ensureBuild,
  freePort,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "./lib/production-server";

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 5);
const WORKERS = 8;
const TIME_LIMIT_MS = 58_000;

interface Ack {
  id: number;
  title: string;
  round: number;
}

let started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[durability ${elapsed()}] ${message}`);

let server: RunningServer | undefined;
let tmpDir: string | undefined;

function fail(message: string): never {
  console.error(`\nDURABILITY FAILED: ${message}`);
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
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => fail(`interrupted by ${signal}`));

async function main() {
  if (!fs.existsSync(path.join(BUILD_DIR, "index.js"))) log(`no build in ${BUILD_DIR}/, running remix build`);
  ensureBuild(BUILD_DIR);
  // The bound covers the test itself; a first build (only when missing) comes before it.
  started = Date.now();
  setTimeout(() => fail(`took longer than ${TIME_LIMIT_MS / 1000} s`), TIME_LIMIT_MS).unref();

  tmpDir = makeTempDir("durability");
  const databasePath = path.join(tmpDir, "durability.sqlite");
  await prepareDatabase(databasePath);
  // One port for every restart, so writers keep talking to the same address.
  const port = await freePort();

  async function restart() {
    try {
      server = await startServer({ buildDir: BUILD_DIR, databaseFile: databasePath, port, output: "capture" });
    } catch (error) {
      fail(`the server did not start: ${error instanceof Error ? error.message : error}`);
    }
  }

  async function killServer() {
    await server?.kill();
    server = undefined;
  }

  await restart();
  const base = server!.url;
  log(`server up on ${base} (build ${BUILD_DIR}/, database ${databasePath})`);

  const loginResponse = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
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
    log(
      `round ${round}: SIGKILL ${killAfter} ms after the first acknowledgement, ${roundAcks.length} writes acknowledged`,
    );

    await restart();
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
      else
        missing.push(`id ${ack.id} (round ${ack.round}) "${ack.title}": found ${row ? `"${row.title}"` : "nothing"}`);
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
    if (missing.length)
      fail(`${missing.length} acknowledged writes are missing or wrong:\n  ${missing.slice(0, 20).join("\n  ")}`);
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
