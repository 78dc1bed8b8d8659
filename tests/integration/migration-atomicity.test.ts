import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { MigrationError, migrateToLatest, openDatabase, type DB } from "~/infra/db.server";

// Test-only migrations: a good one, then one that changes the schema and data before failing.
const good: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("widgets")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .execute();
    await db.insertInto("widgets").values({ id: 1 }).execute();
  },
};
const broken: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable("gadgets")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .execute();
    await db.schema.alterTable("widgets").addColumn("colour", "text").execute();
    await db.insertInto("widgets").values({ id: 2 }).execute();
    await sql`select * from no_such_table`.execute(db);
  },
};
const provider = (migrations: Record<string, Migration>): MigrationProvider => ({
  getMigrations: async () => migrations,
});

const dirs: string[] = [];
const dbs: DB[] = [];
afterEach(async () => {
  while (dbs.length) await dbs.pop()!.destroy();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

function tempFile() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-migrate-"));
  dirs.push(dir);
  return path.join(dir, "test.sqlite");
}

async function tables(db: DB) {
  const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(
    db,
  );
  return rows.rows.map((r) => r.name);
}

describe("migrations cannot half-apply", () => {
  it("a failing migration is rolled back whole, names itself, and keeps the ones before it", async () => {
    const db = openDatabase(tempFile());
    dbs.push(db);
    let error: unknown;
    try {
      await migrateToLatest(db, provider({ "0001_good": good, "0002_broken": broken }));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).migrationName).toBe("0002_broken");
    expect((error as Error).message).toContain("Migration 0002_broken failed");
    expect((error as Error).message).toContain("no_such_table");
    expect((error as MigrationError).applied).toEqual(["0001_good"]);

    // 0001 is applied; nothing of 0002 is: no table, no column, no row, no record of it.
    expect(await tables(db)).toContain("widgets");
    expect(await tables(db)).not.toContain("gadgets");
    const columns = await sql<{ name: string }>`pragma table_info(widgets)`.execute(db);
    expect(columns.rows.map((c) => c.name)).toEqual(["id"]);
    const widgets = await sql<{ id: number }>`select id from widgets`.execute(db);
    expect(widgets.rows).toEqual([{ id: 1 }]);
    const recorded = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    expect(recorded.rows.map((r) => r.name)).toEqual(["0001_good"]);

    // Once fixed, the migration applies cleanly from where it stopped.
    const fixed: Migration = {
      up: async (trx) => void (await trx.schema.createTable("gadgets").addColumn("id", "integer").execute()),
    };
    expect(await migrateToLatest(db, provider({ "0001_good": good, "0002_broken": fixed }))).toEqual(["0002_broken"]);
  });

  it("the real migrations each run in a transaction", async () => {
    const db = openDatabase(tempFile());
    dbs.push(db);
    expect(db.getExecutor().adapter.supportsTransactionalDdl).toBe(true);
    const applied = await migrateToLatest(db);
    expect(applied[0]).toBe("0001_init");
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it("db:setup (run before the server by npm start) exits non-zero with a message naming the migration", () => {
    const file = tempFile();
    // A database whose recorded history the code does not know: set-up must refuse it.
    const setup = () =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], {
        env: { ...process.env, DATABASE_URL: `file:${file}`, ADMIN_PASSWORD: "set-up-password", VITEST: "" },
        encoding: "utf8",
      });
    const first = setup();
    expect(first.status).toBe(0);
    const sqlite = openDatabase(file);
    dbs.push(sqlite);
    return sql`insert into kysely_migration (name, timestamp) values ('0000_unknown', '2000-01-01T00:00:00.000Z')`
      .execute(sqlite)
      .then(() => {
        const second = setup();
        expect(second.status).toBe(1);
        expect(second.stderr).toContain("Database set-up failed");
        expect(second.stderr).toContain("0000_unknown");
      });
    // Two cold starts of the set-up script (tsx, every migration and the seed's sample PDFs) on a
    // busy two-core machine: more than the default limit, never a hang.
  }, 60_000);
});
