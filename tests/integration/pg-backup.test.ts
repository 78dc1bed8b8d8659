// npm run backup:pg and npm run restore on PostgreSQL: a pg_dump custom-format file of a database
// with data, loaded into a new database, with the same rows.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "~/infra/db.server";
import { createNews } from "~/publishing/models/news.server";
import { createPledge } from "~/giving/models/pledge.server";
import { dumpFileName, pgTool, restoreDump } from "../../scripts/lib/pg-backup";
import { recordPaymentForTest } from "./gift-aid-support";
import { confirmedSubscriber } from "./helpers";
import { postgresForTest, type PostgresForTest } from "./postgres-target-support";

let server: PostgresForTest;
let dir: string;
let sourceUrl: string;

const tsx = (script: string, args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8", env });

async function counts(db: DB): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of await db.introspection.getTables()) {
    const row = await db
      .selectFrom(table.name as "pledges")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    result[table.name] = Number(row.n);
  }
  return result;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-pgbackup-"));
  // Fails (with how to install it) when PostgreSQL is missing: never skipped.
  server = await postgresForTest();
  sourceUrl = await server.emptyDatabase();
  const db = openDatabase(sourceUrl);
  try {
    await migrateToLatest(db);
    for (let i = 0; i < 5; i++) {
      const pledge = await createPledge(db, {
        type: "one-time",
        amountPence: 1500 + i,
        firstName: "Ada",
        lastName: `Donor ${i}`,
        email: `donor${i}@example.org`,
        inHonour: false,
      });
      await recordPaymentForTest(pledge.id, "2026-10-01", 1500 + i, db);
    }
    await confirmedSubscriber(db, "reader@example.org");
    await createNews(db, { title: "Backed up", content: "Safe." });
  } finally {
    await db.destroy();
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("backup:pg and restore", () => {
  it("dumps a database and restores it into a new one with the same rows", async () => {
    const out = path.join(dir, "nested", dumpFileName(new Date("2026-11-25T14:30:00Z")));
    expect(path.basename(out)).toBe("charity-20261125T143000Z.dump");
    const backup = tsx("scripts/backup-pg.ts", ["--out", out], { ...process.env, DATABASE_URL: sourceUrl });
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(
      new RegExp(`to ${out.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+(\\.\\d)? kB\\)`),
    );
    expect(fs.readFileSync(out).subarray(0, 5).toString()).toBe("PGDMP");

    // A database that does not exist yet is created.
    const targetUrl = server.adminUrl.replace(/\/postgres$/, `/restored_${crypto.randomBytes(4).toString("hex")}`);
    const restore = tsx("scripts/restore.ts", ["--from", out, "--to", targetUrl]);
    expect(restore.stderr).toBe("");
    expect(restore.status).toBe(0);
    expect(restore.stdout).toContain("(database created)");
    expect(restore.stdout).toMatch(/Migrations: \d+ applied, all this code knows/);
    expect(restore.stdout).toMatch(/^pledges\s+5$/m);
    expect(restore.stdout).toMatch(/^payments\s+5$/m);

    const source = openDatabase(sourceUrl);
    const target = openDatabase(targetUrl);
    try {
      expect(await counts(target)).toEqual(await counts(source));
      // The restored database is a working one: ids continue after the restored rows.
      const next = await createPledge(target, {
        type: "one-time",
        amountPence: 100,
        firstName: "After",
        lastName: "Restore",
        email: "after@example.org",
        inHonour: false,
      });
      expect(next.id).toBe(6);
    } finally {
      await source.destroy();
      await target.destroy();
    }

    // Never into a database that holds tables.
    const again = tsx("scripts/restore.ts", ["--from", out, "--to", targetUrl]);
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/Restore failed: the database .* is not empty \(public\.\w+/);
    await expect(restoreDump(out, sourceUrl)).rejects.toThrow(/not empty/);
  }, 60_000);

  it("says what is wrong instead of dumping: no PostgreSQL URL, an existing file, missing programs", () => {
    const noUrl = tsx("scripts/backup-pg.ts", [], { ...process.env, DATABASE_URL: "file:db/data/charity.sqlite" });
    expect(noUrl.status).toBe(2);
    expect(noUrl.stderr).toMatch(/set DATABASE_URL to a postgres:\/\/ URL or pass --url/);

    const existing = path.join(dir, "existing.dump");
    fs.writeFileSync(existing, "keep me");
    const refused = tsx("scripts/backup-pg.ts", ["--url", sourceUrl, "--out", existing]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/already exists; a backup never overwrites a file/);
    expect(fs.readFileSync(existing, "utf8")).toBe("keep me");

    const saved = { PG_BIN: process.env.PG_BIN, PATH: process.env.PATH };
    process.env.PG_BIN = dir;
    process.env.PATH = dir;
    try {
      expect(() => pgTool("pg_dump")).toThrow(/pg_dump was not found .*postgresql-client/);
    } finally {
      process.env.PG_BIN = saved.PG_BIN;
      process.env.PATH = saved.PATH;
      if (saved.PG_BIN === undefined) delete process.env.PG_BIN;
    }
  });
});
