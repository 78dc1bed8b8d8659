// npm run db:copy: a SQLite database with rows in many tables (pledges, payments, Gift Aid,
// news with a photo, subscribers, audit) copied into a new PostgreSQL database.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "~/infra/db.server";
import { storeImage } from "~/infra/images.server";
import { databaseUploadStore, folderUploadStore } from "~/infra/upload-store.server";
import { recordAudit } from "~/site/models/audit.server";
import { createNews } from "~/publishing/models/news.server";
import { createPledge } from "~/giving/models/pledge.server";
import {
  CopyCheckFailed,
  CopyError,
  batches,
  compareChecks,
  copySqliteToPostgres,
  foreignKeyOrder,
  formatChecks,
  rowsPerStatement,
} from "../../scripts/lib/db-copy";
import { pledgeWithDeclaration, recordPaymentForTest } from "./gift-aid-support";
import { confirmedSubscriber } from "./helpers";
import { postgresForTest, type PostgresForTest } from "./postgres-target-support";

let server: PostgresForTest;
let dir: string;
let sqliteFile: string;
let uploadsDir: string;
let photoKey: string;
const pledgeIds: number[] = [];

async function fillSqlite(db: DB): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const pledge = await createPledge(db, {
      type: i % 3 === 0 ? "monthly" : "one-time",
      amountPence: 1000 + i * 7,
      firstName: "Ada",
      lastName: `Donor ${i}`,
      email: `donor${i}@example.org`,
      inHonour: false,
    });
    pledgeIds.push(pledge.id);
    await recordPaymentForTest(pledge.id, "2026-10-01", 1000 + i * 7, db);
  }
  // Gaps in the ids, which the copy must keep.
  await db.deleteFrom("payments").where("pledge_id", "=", pledgeIds[3]).execute();
  await db.deleteFrom("pledges").where("id", "=", pledgeIds[3]).execute();
  await pledgeWithDeclaration({}, db);
  await pledgeWithDeclaration({ lastName: "O'Brien" }, db);
  for (let i = 0; i < 5; i++) await confirmedSubscriber(db, `reader${i}@example.org`);
  const bytes = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();
  const stored = await storeImage(bytes, folderUploadStore(uploadsDir));
  photoKey = stored.key;
  await createNews(db, {
    title: "Clinic opens",
    content: "A new clinic.\u0000",
    imageUpload: stored,
    imageAlt: "A clinic",
  });
  await createNews(db, { title: "Second story", content: "More news." });
  await recordAudit(db, { entity: "settings", entityId: null, action: "update", actor: "admin", actorId: null });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-dbcopy-"));
  sqliteFile = path.join(dir, "charity.sqlite");
  uploadsDir = path.join(dir, "uploads");
  const db = openDatabase(sqliteFile);
  try {
    await migrateToLatest(db);
    await fillSqlite(db);
  } finally {
    await db.destroy();
  }
  // Fails (with how to install it) when PostgreSQL is missing: never skipped.
  server = await postgresForTest();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("db:copy helpers", () => {
  it("orders tables after the tables their foreign keys point at, and names a cycle", () => {
    const tables = new Map([
      ["payments", new Set(["pledges", "users"])],
      ["pledges", new Set<string>()],
      ["users", new Set(["users"])],
      ["claims", new Set(["payments"])],
    ]);
    const order = foreignKeyOrder(tables);
    expect(order.indexOf("pledges")).toBeLessThan(order.indexOf("payments"));
    expect(order.indexOf("users")).toBeLessThan(order.indexOf("payments"));
    expect(order.indexOf("payments")).toBeLessThan(order.indexOf("claims"));
    expect(() =>
      foreignKeyOrder(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set(["a"])],
        ]),
      ),
    ).toThrow(/cycle.*a -> b -> a/);
  });

  it("batches rows under PostgreSQL's 65,535 parameters and a byte budget", () => {
    expect(rowsPerStatement(10)).toBe(6000);
    const rows = Array.from({ length: 25_000 }, (_, id) => ({ id, a: 1, b: 2, c: 3 }));
    const sizes = [...batches(rows, 4)].map((batch) => batch.length);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(25_000);
    expect(Math.max(...sizes) * 4).toBeLessThanOrEqual(65_535);
    const photos = Array.from({ length: 5 }, () => ({ body: Buffer.alloc(3 * 1024 * 1024) }));
    expect([...batches(photos, 1)].map((batch) => batch.length)).toEqual([2, 2, 1]);
  });

  it("reports a differing count or total", () => {
    const check = { table: "payments", sourceRows: 2, targetRows: 2, extraRows: 0 };
    expect(compareChecks([{ ...check, sourcePence: { amount_pence: 5 }, targetPence: { amount_pence: 5 } }])).toEqual(
      [],
    );
    expect(compareChecks([{ ...check, targetRows: 1, sourcePence: {}, targetPence: {} }])).toEqual([
      "payments: 2 rows expected, 1 in PostgreSQL",
    ]);
    expect(compareChecks([{ ...check, sourcePence: { amount_pence: 5 }, targetPence: { amount_pence: 4 } }])).toEqual([
      "payments.amount_pence: total 5 in SQLite, 4 in PostgreSQL",
    ]);
  });
});

describe("copying SQLite to PostgreSQL", () => {
  it("copies every table with its ids, counts and totals, moves the sequences on, and brings the photos", async () => {
    const target = await server.emptyDatabase();
    const lines: string[] = [];
    const result = await copySqliteToPostgres({ from: `file:${sqliteFile}`, to: target, log: (l) => lines.push(l) });
    expect(result.differences).toEqual([]);
    const byTable = new Map(result.tables.map((check) => [check.table, check]));
    for (const table of [
      "pledges",
      "payments",
      "gift_aid_declarations",
      "news",
      "newsletter_subscribers",
      "audit_events",
    ]) {
      expect(byTable.get(table)?.sourceRows, table).toBeGreaterThan(0);
      expect(byTable.get(table)?.targetRows, table).toBe(byTable.get(table)?.sourceRows);
    }
    // Tables other engineers add are copied without a list here: every SQLite table is checked.
    const source = openDatabase(sqliteFile);
    const pg = openDatabase(target);
    try {
      const sqliteTables = (await source.introspection.getTables())
        .map((t) => t.name)
        .filter((name) => !name.startsWith("kysely_migration"))
        // Site search's index is each engine's own: rebuilt on PostgreSQL from what was copied.
        .filter((name) => !name.startsWith("search_"));
      expect([...byTable.keys()].sort()).toEqual(sqliteTables.sort());
      const { rows: indexed } = await sql<{ n: number }>`select count(*) as n from search_documents`.execute(pg);
      expect(Number(indexed[0].n)).toBeGreaterThan(0);
      // Including tables this file names nowhere, with rows in them (e.g. supporters, from the pledges).
      const filled = result.tables.filter((check) => check.sourceRows > 0).map((check) => check.table);
      expect(filled.length, filled.join(", ")).toBeGreaterThanOrEqual(10);
      expect(byTable.get("payments")?.sourcePence.amount_pence).toBeGreaterThan(0);
      expect(byTable.get("payments")?.targetPence).toEqual(byTable.get("payments")?.sourcePence);

      // Ids kept, gaps included.
      const ids = async (db: DB) =>
        (await db.selectFrom("pledges").select("id").orderBy("id").execute()).map((r) => r.id);
      expect(await ids(pg)).toEqual(await ids(source));
      expect(await ids(pg)).not.toContain(pledgeIds[3]);

      // The next row gets the next id: the identity sequences were moved past the copied ids.
      const highest = Math.max(...(await ids(source)));
      const fresh = await createPledge(pg, {
        type: "one-time",
        amountPence: 500,
        firstName: "New",
        lastName: "Donor",
        email: "new@example.org",
        inHonour: false,
      });
      expect(fresh.id).toBe(highest + 1);
      const news = await createNews(pg, { title: "After the move", content: "Hello." });
      const newsIds = (await source.selectFrom("news").select("id").execute()).map((r) => r.id);
      expect(news.id).toBe(Math.max(...newsIds) + 1);

      // NUL, which PostgreSQL's text cannot hold, was dropped rather than failing the copy.
      const clinic = await pg
        .selectFrom("news")
        .select("content")
        .where("title", "=", "Clinic opens")
        .executeTakeFirstOrThrow();
      expect(clinic.content).toBe("A new clinic.");

      // The photo is now served from the database.
      const folder = folderUploadStore(uploadsDir);
      const store = databaseUploadStore(pg);
      expect(await store.keys()).toEqual([photoKey]);
      expect(await store.files(photoKey)).toEqual(await folder.files(photoKey));
      const name = (await folder.files(photoKey))[0];
      expect((await store.read(photoKey, name))?.equals((await folder.read(photoKey, name))!)).toBe(true);
      expect(byTable.get("upload_files")?.extraRows).toBe((await folder.files(photoKey)).length);
    } finally {
      await source.destroy();
      await pg.destroy();
    }

    // A second copy into the now non-empty target is refused, and changes nothing.
    const again = copySqliteToPostgres({ from: `file:${sqliteFile}`, to: target });
    await expect(again).rejects.toThrow(CopyError);
    await expect(again).rejects.toThrow(/already holds data: .*pledges \(\d+ rows\)/);
    const check = openDatabase(target);
    try {
      const { count } = await check
        .selectFrom("pledges")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(pledgeIds.length - 1 + 2 + 1);
    } finally {
      await check.destroy();
    }
  }, 60_000);

  it("rolls everything back and says what differs when the check at the end finds a difference", async () => {
    const target = await server.emptyDatabase();
    const pg = openDatabase(target);
    try {
      // A migrated database with no data is a fine target; a trigger there loses one payment.
      await migrateToLatest(pg);
      await sql
        .raw(
          "create function lose_one() returns trigger language plpgsql as $$ begin if new.amount_pence = 1014 then return null; end if; return new; end $$",
        )
        .execute(pg);
      await sql
        .raw("create trigger lose_one before insert on payments for each row execute function lose_one()")
        .execute(pg);
      const copy = copySqliteToPostgres({ from: `file:${sqliteFile}`, to: target });
      await expect(copy).rejects.toThrow(CopyCheckFailed);
      const error = (await copy.catch((e: unknown) => e)) as CopyCheckFailed;
      expect(error.differences).toEqual([
        "payments: 29 rows expected, 28 in PostgreSQL",
        expect.stringMatching(/^payments\.amount_pence: total \d+ in SQLite, \d+ in PostgreSQL$/),
      ]);
      expect(formatChecks(error.checks)).toMatch(/payments\s+29\s+28\s+amount_pence.*DIFFERENT/);
      const { count } = await pg
        .selectFrom("pledges")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    } finally {
      await pg.destroy();
    }
  }, 60_000);

  it("as a command: prints the check table, and exits non-zero with the reason when refused", async () => {
    const target = await server.emptyDatabase();
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/db-copy.ts", ...args], { encoding: "utf8" });
    const ok = run(["--from", `file:${sqliteFile}`, "--to", target, "--uploads", uploadsDir]);
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^payments\s+29\s+29\s+amount_pence\s+\d+\s+\d+\s+ok$/m);
    expect(ok.stdout).toContain("every count and total matches");
    const refused = run(["--from", `file:${sqliteFile}`, "--to", target]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/db:copy failed: the target database already holds data/);
    expect(run([]).status).toBe(2);
  }, 60_000);

  it("refuses a target that is not PostgreSQL and a source that is not SQLite", async () => {
    await expect(copySqliteToPostgres({ from: sqliteFile, to: `file:${sqliteFile}` })).rejects.toThrow(
      /--to must be a postgres/,
    );
    await expect(copySqliteToPostgres({ from: "postgres://x/y", to: "postgres://x/z" })).rejects.toThrow(
      /--from must be a SQLite file/,
    );
  });
});
