// `npm start` / `npm run serve` after db:setup: runs the production server (remix-serve) and,
// unless BACKUP=off, Litestream beside it replicating the database, plus a periodic copy of
// the uploads folder and a status file for /healthz. Litestream's own `-exec` mode is not used
// because it reports every failure of the server as exit code 1; here the server's exit code
// (or 128 + signal number) is this process's exit code, and Litestream is stopped after the
// server, with a last sync. SIGINT/SIGTERM go to the server first. A server that exits on its own
// (a crash) is started again, a few times a minute at most (docs/operations.md, "If the server
// stops"). On PostgreSQL (DATABASE_URL postgres://) Litestream, which is SQLite's, is not started
// (scripts/lib/backup-mode.ts).
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { pipeRedacted } from "./lib/access-log";
import { constants } from "node:os";
import { promisify } from "node:util";
import { ConfigError, parseEnv } from "../app/infra/env.server";
import {
  CHECK_INTERVAL_SECONDS,
  backupSettings,
  copyNewFiles,
  describeReplica,
  lastBackupAt,
  litestreamBinary,
  parseGenerations,
  readBackupStatus,
  writeBackupStatus,
  writeLitestreamConfig,
  type BackupSettings,
} from "../app/infra/backup.server";
import { logger } from "../app/infra/logger.server";
import { backupMode } from "./lib/backup-mode";
import { nowIsoString } from "../app/infra/clock.server";

const run = promisify(execFile);
const buildDir = process.env.BUILD_DIR ?? "build";

function exitCodeOf(code: number | null, signal: NodeJS.Signals | null): number {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 0) : 0);
}

function startServer(): ChildProcess {
  const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", `${buildDir}/index.js`], {
    stdio: ["inherit", "pipe", "pipe"],
  });
  // remix-serve's access log holds full paths, and some carry tokens: redact them.
  pipeRedacted(server.stdout!, process.stdout);
  pipeRedacted(server.stderr!, process.stderr);
  return server;
}

/** Litestream, restarted (after a pause) if it dies while the server runs. */
function superviseLitestream(settings: BackupSettings) {
  const config = writeLitestreamConfig(settings);
  let child: ChildProcess | undefined;
  let stopping = false;
  const launch = () => {
    child = spawn(litestreamBinary(), ["replicate", "-config", config, "-no-expand-env"], { stdio: "inherit" });
    child.on("exit", (code, signal) => {
      // A Ctrl-C in a terminal signals the whole process group, Litestream included, just
      // before the server stops: decide after a pause whether this was an unexpected death.
      setTimeout(() => {
        if (stopping) return;
        logger.error(
          { event: "backup.litestream_exited", code, signal },
          "Litestream stopped unexpectedly; restarting it",
        );
        launch();
      }, 5000).unref();
    });
  };
  launch();
  return {
    /** SIGTERM: Litestream syncs what is left, then exits. */
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child?.kill("SIGKILL"), 15_000);
        child.once("exit", () => {
          clearTimeout(force);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Copies new uploads and records how current the replica is, for /healthz. */
async function checkBackup(settings: BackupSettings): Promise<void> {
  const previous = readBackupStatus(settings.statusFile);
  let uploadsCopiedAt = previous?.uploads_copied_at ?? null;
  const errors: string[] = [];
  try {
    const copied = copyNewFiles(settings.uploadsDir, settings.uploadsBackupDir);
    uploadsCopiedAt = nowIsoString();
    if (copied.length)
      logger.info({ event: "backup.uploads_copied", files: copied.length }, "Copied new uploads to the backup");
  } catch (error) {
    errors.push(`uploads: ${error instanceof Error ? error.message : String(error)}`);
  }
  let last = previous?.last_backup_at ?? null;
  try {
    const { stdout } = await run(litestreamBinary(), [
      "generations",
      "-config",
      settings.configFile,
      "-no-expand-env",
      settings.databasePath,
    ]);
    last = lastBackupAt(parseGenerations(stdout), new Date()) ?? last;
  } catch (error) {
    errors.push(`replica: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (errors.length) logger.warn({ event: "backup.check_failed", errors }, "Backup check failed");
  writeBackupStatus(settings.statusFile, {
    checked_at: new Date().toISOString(),
    last_backup_at: last,
    uploads_copied_at: uploadsCopiedAt,
    replica: describeReplica(settings.replica),
    ...(errors.length ? { error: errors.join("; ") } : {}),
  });
}

async function main() {
  const env = parseEnv();
  const settings = backupSettings(env);
  const mode = backupMode(env);
  if (mode === "postgres") {
    logger.info(
      { event: "backup.postgres" },
      "PostgreSQL: Litestream is not started; back up with the provider's point-in-time recovery or npm run backup:pg",
    );
  } else if (mode === "off") {
    logger.info({ event: "backup.off" }, "BACKUP=off: the database is not being backed up");
  } else {
    logger.info({ event: "backup.started", replica: describeReplica(settings.replica) }, "Continuous backup started");
  }
  const enabled = mode === "litestream";
  const litestream = enabled ? superviseLitestream(settings) : undefined;
  let checking: Promise<void> = Promise.resolve();
  const check = () => {
    checking = checking.then(() => checkBackup(settings)).catch(() => {});
  };
  const timer = enabled ? setInterval(check, CHECK_INTERVAL_SECONDS * 1000) : undefined;
  // The first check once Litestream has had time for its first sync.
  if (enabled) setTimeout(check, 3000).unref();

  // The server is started again if it exits on its own (a crash: the last-resort handler of
  // app/infra/last-resort.server.ts ends it on an exception nothing caught), at most
  // RESTARTS_PER_WINDOW times in RESTART_WINDOW_MS; after that, or after SIGINT/SIGTERM, this
  // process ends with the server's exit code and the service manager decides (docs/operations.md).
  let server = startServer();
  let stopping = false;
  const restarts: number[] = [];
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      stopping = true;
      server.kill(signal);
    });
  }
  const finish = async (code: number | null, signal: NodeJS.Signals | null) => {
    clearInterval(timer);
    await checking;
    if (litestream) {
      await litestream.stop();
      await checkBackup(settings).catch(() => {});
    }
    process.exit(exitCodeOf(code, signal));
  };
  const watch = () =>
    server.on("exit", (code, signal) => {
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
      if (stopping || restarts.length >= RESTARTS_PER_WINDOW) return void finish(code, signal);
      restarts.push(now);
      logger.error(
        { event: "server.exited", code, signal, restarts: restarts.length },
        "The server stopped unexpectedly; starting it again",
      );
      setTimeout(() => {
        if (stopping) return void finish(code, signal);
        server = startServer();
        watch();
      }, 1000);
    });
  watch();
}

const RESTARTS_PER_WINDOW = 5;
const RESTART_WINDOW_MS = 60_000;

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
