/**
 * Continuous backup: where it goes, the Litestream configuration that sends it there, the
 * copy of the uploads folder, and the status file the supervisor (scripts/serve.ts) writes
 * and /healthz reads. Litestream itself runs beside the server, started by scripts/serve.ts;
 * scripts/restore.ts restores from the same configuration. See docs/operations.md.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Env } from "./env.server";

/** How often Litestream ships new WAL frames: the most a crash can lose from the replica. */
export const SYNC_INTERVAL_SECONDS = 1;
/** How long point-in-time history is kept (older snapshots and WAL are pruned). */
export const RETENTION_HOURS = 168;
/** How often the supervisor copies new uploads and checks the replica's lag. */
export const CHECK_INTERVAL_SECONDS = 15;

export type Replica =
  | { type: "file"; path: string }
  | { type: "url"; url: string; endpoint?: string; region?: string; forcePathStyle?: boolean; skipVerify?: boolean };

export interface BackupSettings {
  enabled: boolean;
  databasePath: string;
  replica: Replica;
  /** Where the uploads folder is copied: always a local folder (see docs/operations.md). */
  uploadsBackupDir: string;
  uploadsDir: string;
  statusFile: string;
  configFile: string;
  maxAgeSeconds: number;
}

export function backupSettings(env: Env): BackupSettings {
  const databasePath = path.resolve(env.databasePath);
  const dataDir = env.dataDir;
  const defaultFolder = path.join(dataDir, "backup");
  const replica = parseBackupUrl(env.BACKUP_URL, defaultFolder);
  return {
    enabled: env.BACKUP === "on",
    databasePath,
    replica,
    uploadsBackupDir: path.join(replica.type === "file" ? path.dirname(replica.path) : defaultFolder, "uploads"),
    uploadsDir: env.uploadsDir,
    statusFile: path.join(dataDir, "backup-status.json"),
    configFile: path.join(dataDir, "litestream.yml"),
    maxAgeSeconds: env.BACKUP_MAX_AGE_SECONDS,
  };
}

/**
 * BACKUP_URL → a Litestream replica. A folder (path or file:///path) holds `database/` (the
 * Litestream replica) and `uploads/`. Any other URL goes to Litestream as it is, with the
 * query parameters endpoint, region, force-path-style and skip-verify moved into the
 * configuration (Litestream 0.3 does not read them from the URL).
 */
export function parseBackupUrl(value: string | undefined, defaultFolder: string): Replica {
  if (!value) return { type: "file", path: path.join(defaultFolder, "database") };
  if (/^file:/i.test(value)) {
    return { type: "file", path: path.join(path.resolve(decodeURIComponent(new URL(value).pathname)), "database") };
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
    return { type: "file", path: path.join(path.resolve(value), "database") };
  const url = new URL(value);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  const flag = (name: string) => (param(name) === undefined ? undefined : ["1", "true", "yes"].includes(param(name)!));
  const replica: Replica = {
    type: "url",
    url: `${url.protocol}//${url.host}${url.pathname}`,
    endpoint: param("endpoint"),
    region: param("region"),
    forcePathStyle: flag("force-path-style"),
    skipVerify: flag("skip-verify"),
  };
  return replica;
}

/** A replica's location without credentials, for logs and /healthz. */
export function describeReplica(replica: Replica): string {
  return replica.type === "file" ? replica.path : replica.url.replace(/\/\/[^@/]*@/, "//");
}

/** The Litestream configuration (JSON is valid YAML, and quoting is then never a question). */
export function litestreamConfig(settings: BackupSettings): string {
  const common = {
    "sync-interval": `${SYNC_INTERVAL_SECONDS}s`,
    retention: `${RETENTION_HOURS}h`,
    "snapshot-interval": "24h",
  };
  const replica =
    settings.replica.type === "file"
      ? { type: "file", path: settings.replica.path, ...common }
      : {
          url: settings.replica.url,
          ...(settings.replica.endpoint ? { endpoint: settings.replica.endpoint } : {}),
          ...(settings.replica.region ? { region: settings.replica.region } : {}),
          ...(settings.replica.forcePathStyle !== undefined
            ? { "force-path-style": settings.replica.forcePathStyle }
            : {}),
          ...(settings.replica.skipVerify !== undefined ? { "skip-verify": settings.replica.skipVerify } : {}),
          ...common,
        };
  const config = {
    logging: { level: "info", type: "json" },
    dbs: [{ path: settings.databasePath, replicas: [replica] }],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

export function writeLitestreamConfig(settings: BackupSettings): string {
  fs.mkdirSync(path.dirname(settings.configFile), { recursive: true });
  fs.writeFileSync(settings.configFile, litestreamConfig(settings), { mode: 0o600 });
  return settings.configFile;
}

/**
 * The Litestream binary from @flydotio/litestream's platform package, run directly: the
 * package's `litestream` wrapper neither passes on the exit code nor forwards signals.
 */
export function litestreamBinary(): string {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`@flydotio/litestream-${process.platform}-${process.arch}/package.json`);
  return path.join(path.dirname(packageJson), "litestream");
}

// ---------------------------------------------------------------------------------------
// Replica lag, from `litestream generations`

/** Go's duration text ("1h2m3.5s", "-9ms", "850µs") in milliseconds. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^(-?)((?:\d+(?:\.\d+)?(?:h|m|s|ms|us|µs|ns))+)$/.exec(text.trim());
  if (!match) return undefined;
  const units: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 1e-3, µs: 1e-3, ns: 1e-6 };
  let total = 0;
  for (const [, amount, unit] of match[2].matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)/g)) {
    total += Number(amount) * units[unit];
  }
  return match[1] ? -total : total;
}

export interface Generation {
  replica: string;
  generation: string;
  lagMs: number;
  start: string;
  end: string;
}

/** Rows of `litestream generations DB` (name, generation, lag, start, end). */
export function parseGenerations(stdout: string): Generation[] {
  return stdout
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.length === 5)
    .flatMap(([replica, generation, lag, start, end]) => {
      const lagMs = parseGoDuration(lag);
      return lagMs === undefined || Number.isNaN(Date.parse(end)) ? [] : [{ replica, generation, lagMs, start, end }];
    });
}

/**
 * Up to when the replica holds every write. Litestream's lag is the database's last change
 * minus the replica's last update: when it is within one sync interval the replica is
 * caught up, so the answer is `now`; otherwise it is the replica's last update.
 */
export function lastBackupAt(generations: Generation[], now: Date): string | null {
  const latest = [...generations].sort((a, b) => Date.parse(b.end) - Date.parse(a.end))[0];
  if (!latest) return null;
  if (latest.lagMs <= SYNC_INTERVAL_SECONDS * 1000 * 2) return now.toISOString();
  return new Date(Date.parse(latest.end)).toISOString();
}

// ---------------------------------------------------------------------------------------
// Status file: written by the supervisor, read by /healthz

export interface BackupStatus {
  checked_at: string;
  last_backup_at: string | null;
  uploads_copied_at: string | null;
  replica: string;
  error?: string;
}

export function writeBackupStatus(file: string, status: BackupStatus): void {
  const temporary = `${file}.tmp`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(temporary, JSON.stringify(status));
  fs.renameSync(temporary, file);
}

export function readBackupStatus(file: string): BackupStatus | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as BackupStatus;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------
// Uploads

/**
 * Copies every file of `source` that `target` lacks or holds with another size or an older
 * modification time (write to a temporary name, then rename, so a copy is never half there).
 * Never deletes: an image removed from the site stays in the backup. Returns the files copied.
 */
export function copyNewFiles(source: string, target: string): string[] {
  const copied: string[] = [];
  if (!fs.existsSync(source)) return copied;
  for (const entry of fs.readdirSync(source, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const from = path.join(entry.parentPath, entry.name);
    const relative = path.relative(source, from);
    const to = path.join(target, relative);
    const fromStat = fs.statSync(from);
    const toStat = fs.statSync(to, { throwIfNoEntry: false });
    // Within a millisecond: the copy's time is set from a Date, which loses the sub-millisecond
    // part the file system keeps for the original (and a little more in floating point).
    if (toStat && toStat.size === fromStat.size && toStat.mtimeMs + 1 >= fromStat.mtimeMs) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const temporary = `${to}.${process.pid}.tmp`;
    fs.copyFileSync(from, temporary);
    fs.utimesSync(temporary, fromStat.atime, fromStat.mtime);
    fs.renameSync(temporary, to);
    copied.push(relative);
  }
  return copied;
}
