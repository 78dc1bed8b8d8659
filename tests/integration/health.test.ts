import fs from "node:fs";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { backupSettings, writeBackupStatus } from "~/infra/backup.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { loader } from "~/routes/_ops+/healthz";
import { checkHealth } from "~/site/services/health.server";
import { enqueueMail, markMailSent, recordMailFailure } from "~/mail/models/outbox.server";

const settings = () => backupSettings(getEnv());
// The suite runs on both engines (TEST_DATABASE=postgres); the Litestream backup age applies to
// SQLite installations, so those cases name the engine, and run on both databases.
const onPostgres = getEnv().databaseEngine === "postgres";
const sqliteEnv = () => ({ ...getEnv(), databaseEngine: "sqlite" as const });
const postgresEnv = () => ({ ...getEnv(), databaseEngine: "postgres" as const });
const now = new Date("2026-11-22T12:00:00.000Z");
const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000).toISOString();

function recordBackup(lastBackupAt: string | null) {
  writeBackupStatus(settings().statusFile, {
    checked_at: now.toISOString(),
    last_backup_at: lastBackupAt,
    uploads_copied_at: null,
    replica: "test",
  });
}

afterEach(() => fs.rmSync(settings().statusFile, { force: true }));

describe("checkHealth", () => {
  it("reports the mail waiting in the outbox, and not what was sent or failed", async () => {
    const mail = { kind: "test", to: "a@example.org", subject: "Hello", text: "Hello", html: "<p>Hello</p>" };
    const [first, second] = [await enqueueMail(getDb(), mail, now), await enqueueMail(getDb(), mail, now)];
    await enqueueMail(getDb(), mail, now);
    await markMailSent(getDb(), first, now);
    await recordMailFailure(getDb(), second, "550 no such user", null);
    expect((await checkHealth({ now, uptimeSeconds: 5000, env: sqliteEnv() })).outbox_backlog).toBe(1);
    await getDb().deleteFrom("outbox").execute();
  });

  it("is ok with a readable, migrated database and a recent backup", async () => {
    recordBackup(secondsAgo(20));
    const report = await checkHealth({ now, uptimeSeconds: 5000, env: sqliteEnv() });
    expect(report).toMatchObject({
      status: "ok",
      database: "ok",
      outbox_backlog: 0,
      last_backup_at: secondsAgo(20),
      backup: "ok",
      backup_max_age_seconds: 300,
    });
    expect(report.migrations?.pending).toEqual([]);
    expect(report.migrations?.latest).toMatch(/^\d{4}_/);
  });

  it("fails when the last backup is older than BACKUP_MAX_AGE_SECONDS", async () => {
    recordBackup(secondsAgo(301));
    expect(await checkHealth({ now, uptimeSeconds: 5000, env: sqliteEnv() })).toMatchObject({
      status: "fail",
      backup: "stale",
    });
    const strict = { ...sqliteEnv(), BACKUP_MAX_AGE_SECONDS: 3600 };
    expect(await checkHealth({ now, uptimeSeconds: 5000, env: strict })).toMatchObject({ status: "ok", backup: "ok" });
  });

  it("gives a just-started server time for its first backup, then fails without one", async () => {
    expect(await checkHealth({ now, uptimeSeconds: 10, env: sqliteEnv() })).toMatchObject({
      status: "ok",
      backup: "starting",
      last_backup_at: null,
    });
    expect(await checkHealth({ now, uptimeSeconds: 301, env: sqliteEnv() })).toMatchObject({
      status: "fail",
      backup: "stale",
    });
  });

  it("says when backup is off and does not fail on it", async () => {
    const off = { ...sqliteEnv(), BACKUP: "off" as const };
    expect(await checkHealth({ now, uptimeSeconds: 99_999, env: off })).toMatchObject({
      status: "ok",
      backup: "off",
      last_backup_at: null,
    });
  });

  it("on PostgreSQL reports the database without a backup age (backups are outside the app)", async () => {
    // Even a stale Litestream status file left from a SQLite past does not count.
    recordBackup(secondsAgo(99_999));
    const report = await checkHealth({ now, uptimeSeconds: 99_999, env: postgresEnv() });
    expect(report).toMatchObject({
      status: "ok",
      engine: "postgres",
      database: "ok",
      backup: "external",
      last_backup_at: null,
    });
    expect(report.migrations?.pending).toEqual([]);
  });

  it("names the engine this run's database uses", async () => {
    recordBackup(secondsAgo(1));
    const report = await checkHealth({ now, uptimeSeconds: 5000 });
    expect(report).toMatchObject({ status: "ok", database: "ok", engine: onPostgres ? "postgres" : "sqlite" });
    expect(report.backup).toBe(onPostgres ? "external" : "ok");
  });

  it("fails when the database cannot be read", async () => {
    recordBackup(secondsAgo(1));
    await sql`alter table kysely_migration rename to kysely_migration_hidden`.execute(getDb());
    try {
      expect(await checkHealth({ now, uptimeSeconds: 5000, env: sqliteEnv() })).toMatchObject({
        status: "fail",
        database: "unreadable",
        migrations: null,
      });
    } finally {
      await sql`alter table kysely_migration_hidden rename to kysely_migration`.execute(getDb());
    }
  });

  it("fails when a migration this code expects has not been applied", async () => {
    recordBackup(secondsAgo(1));
    const db = getDb();
    const last = await db
      .withTables<{ kysely_migration: { name: string; timestamp: string } }>()
      .selectFrom("kysely_migration")
      .selectAll()
      .orderBy("name", "desc")
      .executeTakeFirstOrThrow();
    await sql`delete from kysely_migration where name = ${last.name}`.execute(db);
    try {
      const report = await checkHealth({ now, uptimeSeconds: 5000, env: sqliteEnv() });
      expect(report).toMatchObject({ status: "fail", database: "ok" });
      expect(report.migrations?.pending).toEqual([last.name]);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last.name}, ${last.timestamp})`.execute(db);
    }
  });
});

describe("GET /healthz", () => {
  const get = () => loader({ request: new Request("http://localhost/healthz"), params: {}, context: {} });

  it("answers 200 JSON that no cache keeps and no search engine indexes", async () => {
    recordBackup(new Date().toISOString());
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
    const body = await response.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining(["status", "engine", "database", "migrations", "outbox_backlog", "last_backup_at"]),
    );
    expect(body.status).toBe("ok");
  });

  it("answers 503 when unhealthy", async () => {
    recordBackup("2000-01-01T00:00:00.000Z");
    // On PostgreSQL a stale Litestream file means nothing; an unreadable database still fails.
    if (onPostgres) await sql`alter table kysely_migration rename to kysely_migration_hidden`.execute(getDb());
    try {
      const response = await get();
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.status).toBe("fail");
      expect(body).toMatchObject(onPostgres ? { database: "unreadable", backup: "external" } : { backup: "stale" });
    } finally {
      if (onPostgres) await sql`alter table kysely_migration_hidden rename to kysely_migration`.execute(getDb());
    }
  });
});
