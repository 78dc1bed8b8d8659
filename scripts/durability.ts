// Durability check (`npm run test:durability`): runs the production server on a throw-away
// database, sends bursts of concurrent POST /api/news writes, kills the server with SIGKILL
// part-way through each burst, restarts it, and finally checks, straight from the SQLite
// file, that every write the server acknowledged with 201 is there with its title and that
// `PRAGMA integrity_check` is ok. Then the restore drill: the server runs under the backup
// supervisor (scripts/serve.ts, as `npm start` runs it) with Litestream replicating to a
// folder; during writes the whole process group is killed with SIGKILL, the database file
// is deleted, `npm run restore` restores it into a new file, and every write acknowledged
// before the last replication point must be there, with integrity_check ok and the uploads
// folder restored too. Loopback only; bounded to well under a minute.
//
// BUILD_DIR (default "build") selects the build; it is built first when missing.
// DURABILITY_ROUNDS (default 3) sets the number of kill/restart rounds before the drill.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import { SYNC_INTERVAL_SECONDS, backupSettings, readBackupStatus, type BackupStatus } from "../app/infra/backup.server";
import { parseEnv } from "../app/infra/env.server";
import { waitUntil } from "./lib/wait";
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
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? 3);
const WORKERS = 8;
// About 20 s on an idle machine; the bound leaves room for a machine busy with other work.
const TIME_LIMIT_MS = 90_000;

interface Ack {
  id: number;
  title: string;
  round: number;
  /** When the 201 arrived (ms since the epoch). */
  at: number;
}

interface WriteStats {
  acks: Ack[];
  attempted: number;
  refused: number;
  serverErrors: string[];
}

/** Writes news through the API until `stop.now`, recording every acknowledged write. */
async function writer(
  base: string,
  token: string,
  round: number,
  worker: number,
  stop: { now: boolean },
  stats: WriteStats,
) {
  for (let n = 0; !stop.now; n++) {
    const title = `Durability r${round} w${worker} n${n} ${crypto.randomBytes(4).toString("hex")}`;
    stats.attempted++;
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
        if (article.title !== title)
          stats.serverErrors.push(`201 for "${title}" returned the title "${article.title}"`);
        stats.acks.push({ id: article.id, title, round, at: Date.now() });
      } else if (response.status >= 500) {
        stats.serverErrors.push(`${response.status}: ${text.slice(0, 200)}`);
      } else {
        stats.refused++;
      }
    } catch {
      // The connection died with the server: not acknowledged, so nothing is promised.
      if (stop.now) return;
      await pauseBeforeRetry();
    }
  }
}

async function apiLogin(base: string): Promise<string> {
  const loginResponse = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (loginResponse.status !== 200) fail(`login answered ${loginResponse.status}`);
  return ((await loginResponse.json()) as { token: string }).token;
}

let started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
/** A writer's pause before it tries again after a dead connection (a pace, not a wait for anything). */
const pauseBeforeRetry = () => new Promise((resolve) => setTimeout(resolve, 5));
const log = (message: string) => console.log(`[durability ${elapsed()}] ${message}`);

let server: RunningServer | undefined;
let tmpDir: string | undefined;

function fail(message: string): never {
  console.error(`\nDURABILITY FAILED: ${message}`);
  const output = server?.output().trim();
  if (output) console.error(`Last server output:\n${output.slice(-2000)}`);
  if (tmpDir) console.error(`Database kept for inspection in ${tmpDir}`);
  tmpDir = undefined;
  void server?.kill();
  process.exit(1);
}

process.on("exit", () => {
  void server?.kill();
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

  const token = await apiLogin(base);
  const stats: WriteStats = { acks: [], attempted: 0, refused: 0, serverErrors: [] };
  const { acks, serverErrors } = stats;

  for (let round = 1; round <= ROUNDS; round++) {
    const stop = { now: false };
    const before = acks.length;
    const writers = Array.from({ length: WORKERS }, (_, worker) => writer(base, token, round, worker, stop, stats));
    // Kill at a random moment once writes are flowing (after a random number of acknowledgements),
    // so some are always in flight.
    const killAfter = 1 + Math.floor(Math.random() * 40);
    await waitUntil(() => acks.length >= before + killAfter, {
      what: `${killAfter} acknowledged writes in round ${round}`,
      timeoutMs: 20_000,
      intervalMs: 2,
    }).catch((error: Error) => fail(error.message));
    await killServer();
    stop.now = true;
    await Promise.allSettled(writers);
    const roundAcks = acks.slice(before);
    log(`round ${round}: SIGKILL after acknowledgement ${killAfter}, ${roundAcks.length} writes acknowledged`);

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
    console.log(`Writes attempted:               ${stats.attempted}`);
    console.log(`Writes acknowledged (201):      ${acks.length}`);
    console.log(`Acknowledged and verified:      ${verified}`);
    console.log(`Stored (incl. unacknowledged):  ${stored.n}`);
    console.log(`Refused with 4xx:               ${stats.refused}`);
    console.log(`Server errors (5xx):            ${serverErrors.length}`);
    console.log(`PRAGMA integrity_check:         ${String(integrity)}`);
    console.log(`Time:                           ${elapsed()}`);

    if (acks.length === 0) fail("no write was acknowledged, so nothing was tested");
    if (ids.size !== acks.length) fail("the server acknowledged two writes with the same id");
    if (missing.length)
      fail(`${missing.length} acknowledged writes are missing or wrong:\n  ${missing.slice(0, 20).join("\n  ")}`);
    if (serverErrors.length) fail(`the server answered with errors:\n  ${serverErrors.slice(0, 10).join("\n  ")}`);
    if (stats.refused) fail(`${stats.refused} writes were refused with 4xx`);
    if (integrity !== "ok") fail(`integrity_check returned ${String(integrity)}`);
  } finally {
    db.close();
  }
  console.log("\nDurability OK: every acknowledged write survived SIGKILL and the database is intact.");

  await restoreDrill();
}

/** Polls the supervisor's status file until `ready` holds, for at most `ms`. */
async function waitForStatus(
  file: string,
  ready: (status: BackupStatus) => boolean,
  ms: number,
): Promise<BackupStatus> {
  return waitUntil(
    () => {
      const status = readBackupStatus(file);
      return status && ready(status) ? status : undefined;
    },
    { what: `the backup status (${file}) showing ${ready.toString()}`, timeoutMs: ms },
  ).catch((error: Error) => fail(`${error.message}: ${JSON.stringify(readBackupStatus(file))}`));
}

async function restoreDrill() {
  log("restore drill: server under the backup supervisor, Litestream replicating to a folder");
  const dataDir = path.join(tmpDir!, "drill");
  const databasePath = path.join(dataDir, "charity.sqlite");
  await prepareDatabase(databasePath);
  const settings = backupSettings(parseEnv({ DATABASE_URL: `file:${databasePath}`, BACKUP: "on" }));
  const image = path.join(settings.uploadsDir, "news", "drill.webp");
  fs.mkdirSync(path.dirname(image), { recursive: true });
  fs.writeFileSync(image, crypto.randomBytes(2048));

  try {
    server = await startServer({ buildDir: BUILD_DIR, databaseFile: databasePath, output: "capture", backup: true });
  } catch (error) {
    fail(`the supervised server did not start: ${error instanceof Error ? error.message : error}`);
  }
  const base = server.url;
  const token = await apiLogin(base);
  const stats: WriteStats = { acks: [], attempted: 0, refused: 0, serverErrors: [] };
  const stop = { now: false };
  const writers = Array.from({ length: WORKERS }, (_, worker) => writer(base, token, 99, worker, stop, stats));

  // Under load: the uploads are copied and the replica keeps up (healthz says so), then the
  // machine "dies" at a random moment while writes are in flight.
  await waitForStatus(settings.statusFile, (s) => s.uploads_copied_at !== null && s.last_backup_at !== null, 15_000);
  const health = await fetch(`${base}/healthz`);
  const report = (await health.json()) as { backup?: string; last_backup_at?: string };
  if (health.status !== 200 || report.backup !== "ok")
    fail(`/healthz under backup answered ${health.status} ${JSON.stringify(report)}`);
  // A random moment under load: after a random number of further acknowledged writes.
  const further = stats.acks.length + 20 + Math.floor(Math.random() * 100);
  await waitUntil(() => stats.acks.length >= further, {
    what: "more acknowledged writes under the backup supervisor",
    timeoutMs: 20_000,
    intervalMs: 5,
  }).catch((error: Error) => fail(error.message));
  const killedAt = Date.now();
  await server.kill();
  server = undefined;
  stop.now = true;
  await Promise.allSettled(writers);
  if (stats.serverErrors.length)
    fail(`the server answered with errors:\n  ${stats.serverErrors.slice(0, 10).join("\n  ")}`);
  log(`restore drill: SIGKILL to server and Litestream after ${stats.acks.length} acknowledged writes`);

  // The disk loses the database (and Litestream's local shadow copy) and the uploads.
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(databasePath + suffix, { force: true });
  fs.rmSync(path.join(dataDir, `.${path.basename(databasePath)}-litestream`), { recursive: true, force: true });
  fs.rmSync(settings.uploadsDir, { recursive: true, force: true });

  const restored = path.join(dataDir, "restored.sqlite");
  const restore = () =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", "--output", restored], {
      env: { ...process.env, DATABASE_URL: `file:${databasePath}`, BACKUP: "on", BACKUP_URL: "" },
      encoding: "utf8",
    });
  const result = restore();
  if (result.status !== 0) fail(`npm run restore failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  if (!result.stdout.includes("To switch to it")) fail(`npm run restore did not say how to switch:\n${result.stdout}`);
  const again = restore();
  if (again.status === 0 || !again.stderr.includes("never overwrites"))
    fail("a second restore to the same file was not refused");
  const uploadsRestored = /Uploads: \d+ files copied to (.+)/.exec(result.stdout)?.[1];
  if (
    !uploadsRestored ||
    !fs
      .readFileSync(path.join(uploadsRestored, "news", "drill.webp"))
      .equals(fs.readFileSync(path.join(settings.uploadsBackupDir, "news", "drill.webp")))
  ) {
    fail(`the uploads were not restored:\n${result.stdout}`);
  }

  const db = new Database(restored, { readonly: true });
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    const select = db.prepare<[number], { title: string }>("SELECT title FROM news WHERE id = ?");
    const acks = [...stats.acks].sort((a, b) => a.id - b.id);
    const present = acks.filter((ack) => select.get(ack.id)?.title === ack.title);
    // SQLite commits one write at a time, in id order, and Litestream ships the WAL in order:
    // the last replication point is the newest acknowledged write in the backup, and every
    // write acknowledged before it must be there too.
    const lastReplicated = present.at(-1);
    const holes = lastReplicated ? acks.filter((ack) => ack.id <= lastReplicated.id && !present.includes(ack)) : [];
    const lost = acks.length - present.length;
    const windowMs = lastReplicated ? killedAt - lastReplicated.at : Infinity;
    // A write is lost only if it came after the last sync: at most one sync interval
    // (plus scheduling slack on a loaded machine) before the kill.
    const allowedMs = SYNC_INTERVAL_SECONDS * 1000 + 1500;
    const tooOld = acks.filter((ack) => ack.at < killedAt - allowedMs && !present.includes(ack));

    console.log("");
    console.log(`Restore drill writes acknowledged: ${acks.length}`);
    console.log(`Restored from the backup:          ${present.length}`);
    console.log(
      `Lost after the last replication:   ${lost} (last replicated write ${windowMs} ms before SIGKILL; sync interval ${SYNC_INTERVAL_SECONDS} s)`,
    );
    console.log(`PRAGMA integrity_check:            ${String(integrity)}`);
    console.log(`Uploads restored to:               ${uploadsRestored}`);

    if (acks.length === 0 || !lastReplicated) fail("no acknowledged write reached the backup, so nothing was tested");
    if (holes.length)
      fail(
        `${holes.length} writes acknowledged before the last replication point are missing: ${holes
          .slice(0, 10)
          .map((a) => a.id)
          .join(", ")}`,
      );
    if (tooOld.length)
      fail(`${tooOld.length} writes acknowledged more than ${allowedMs} ms before the kill are missing`);
    if (integrity !== "ok") fail(`integrity_check of the restored database returned ${String(integrity)}`);
  } finally {
    db.close();
  }
  console.log("\nRestore drill OK: the backup held every write up to its last replication point and restores intact.");
}

main().then(
  () => process.exit(0),
  (error) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
