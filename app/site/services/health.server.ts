import { nowDate } from "~/infra/clock.server";
import { backupSettings, readBackupStatus } from "~/infra/backup.server";
import { getDb, knownMigrations } from "~/infra/db.server";
import { getEnv, type Env } from "~/infra/env.server";
import { appliedMigrations } from "~/site/models/migrations.server";
import { countQueuedMail } from "~/mail/index.server";

export interface HealthReport {
  /** "ok" when a monitor need do nothing; "fail" with HTTP 503 otherwise. */
  status: "ok" | "fail";
  /** The engine DATABASE_URL names. */
  engine: "sqlite" | "postgres";
  database: "ok" | "unreadable";
  migrations: { applied: number; pending: string[]; latest: string | null } | null;
  /** Messages waiting in the outbox (queued, due or retrying): a steadily growing figure means delivery stopped. */
  outbox_backlog: number;
  /** Up to when the backup holds every write (null: none yet, or backup off). */
  last_backup_at: string | null;
  /**
   * SQLite (Litestream): "ok", "stale" (older than BACKUP_MAX_AGE_SECONDS), "starting" (none yet,
   * server younger than the limit) or "off". PostgreSQL: "external", backed up outside the app
   * (the provider's point-in-time recovery, or npm run backup:pg), so no backup age to report.
   */
  backup: "ok" | "stale" | "starting" | "off" | "external";
  backup_max_age_seconds: number;
}

/**
 * What /healthz reports: a read of the migration table (is the database readable, and is its
 * schema the one this code expects), the outbox backlog (a count on the outbox's status index)
 * and the backup status file written by the supervisor (scripts/serve.ts) on SQLite. Cheap: two
 * indexed reads and one small file.
 */
export async function checkHealth(
  options: { now?: Date; uptimeSeconds?: number; env?: Env } = {},
): Promise<HealthReport> {
  const { now = nowDate(), uptimeSeconds = process.uptime(), env = getEnv() } = options;
  const settings = backupSettings(env);

  let database: HealthReport["database"] = "ok";
  let migrations: HealthReport["migrations"] = null;
  let outboxBacklog = 0;
  try {
    const [applied, known, queued] = await Promise.all([
      appliedMigrations(getDb()),
      knownMigrations(),
      countQueuedMail(getDb()),
    ]);
    outboxBacklog = queued;
    migrations = {
      applied: applied.length,
      pending: known.filter((name) => !applied.includes(name)),
      latest: applied.at(-1) ?? null,
    };
  } catch {
    database = "unreadable";
  }

  const engine = env.databaseEngine;
  let backup: HealthReport["backup"] = engine === "postgres" ? "external" : "off";
  let lastBackupAt: string | null = null;
  if (engine === "sqlite" && settings.enabled) {
    lastBackupAt = readBackupStatus(settings.statusFile)?.last_backup_at ?? null;
    const ageSeconds = lastBackupAt ? (now.getTime() - Date.parse(lastBackupAt)) / 1000 : undefined;
    if (ageSeconds !== undefined && ageSeconds <= settings.maxAgeSeconds) backup = "ok";
    else if (ageSeconds === undefined && uptimeSeconds <= settings.maxAgeSeconds) backup = "starting";
    else backup = "stale";
  }

  const healthy = database === "ok" && migrations !== null && migrations.pending.length === 0 && backup !== "stale";
  return {
    status: healthy ? "ok" : "fail",
    engine,
    database,
    migrations,
    outbox_backlog: outboxBacklog,
    last_backup_at: lastBackupAt,
    backup,
    backup_max_age_seconds: settings.maxAgeSeconds,
  };
}
