import fs from "node:fs";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { SAMPLE_ARTICLES, seedDatabase } from "../../db/seed";
import { immediateTransaction, migrateToLatest, openDatabase } from "~/infra/db.server";
import { verifyLogin } from "~/staff/models/user.server";
import { listNews } from "~/publishing/models/news.server";
import { createTestDatabase } from "./helpers";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function freshDatabase() {
  const test = await createTestDatabase();
  cleanups.push(test.cleanup);
  return test;
}

describe("migrations", () => {
  it("apply once and are idempotent", async () => {
    const { db } = await freshDatabase();
    // createTestDatabase already migrated: a second run applies nothing.
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
    const names = tables.rows.map((r) => r.name);
    for (const table of [
      "users",
      "sessions",
      "news",
      "login_failures",
      "contact_enquiries",
      "newsletter_subscribers",
      "pledges",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("set the connection pragmas", async () => {
    const { db } = await freshDatabase();
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
    const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(db);
    expect(journal.rows[0].journal_mode).toBe("wal");
    expect(fk.rows[0].foreign_keys).toBe(1);
    // NORMAL: a commit does not wait for the disk; whoever acknowledges it waits for the group
    // commit's fsync of the WAL (app/infra/wal-sync.server.ts, tests/unit/wal-sync.test.ts).
    expect(sync.rows[0].synchronous).toBe(1);
    expect(Object.values(busy.rows[0])[0]).toBe(5000);
  });
});

describe("seed", () => {
  it("seeds sample articles with ids 1 and 2 and the first admin, once", async () => {
    const { db } = await freshDatabase();
    const first = await seedDatabase(db, { adminUsername: "admin", adminPassword: "a-long-password" });
    expect(first.seededArticles).toBe(true);
    expect(first.createdAdmin).toEqual({ username: "admin", generatedPassword: undefined });

    const second = await seedDatabase(db, { adminUsername: "admin", adminPassword: "a-long-password" });
    expect(second).toEqual({ seededArticles: false });

    const articles = await listNews(db);
    expect(articles).toHaveLength(SAMPLE_ARTICLES.length);
    const gala = articles.find((a) => a.id === 1)!;
    expect(gala.title).toContain("Charity Gala");
    expect(gala.content).toContain("Sunday 5 October 2025");
    expect(gala.content).toContain("£50 per person");
    expect(gala.content).toContain("5:30 PM");
    expect(articles.some((a) => a.id === 2)).toBe(true);
    expect(await verifyLogin(db, "admin", "a-long-password")).toMatchObject({ username: "admin" });
  });

  it("does not bring the samples back after staff deleted every article", async () => {
    const { db } = await freshDatabase();
    await seedDatabase(db, { adminUsername: "admin", adminPassword: "a-long-password" });
    await db.deleteFrom("news").execute();
    await seedDatabase(db, { adminUsername: "admin", adminPassword: "a-long-password" });
    expect(await listNews(db)).toEqual([]);
  });

  it("generates a password for the first admin when none is configured", async () => {
    const { db } = await freshDatabase();
    const result = await seedDatabase(db, { adminUsername: "staff" });
    const generated = result.createdAdmin?.generatedPassword;
    expect(generated).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await verifyLogin(db, "staff", generated!)).toMatchObject({ username: "staff" });
  });

  it("keeps data across reopening the file", async () => {
    const { db, file } = await freshDatabase();
    await seedDatabase(db, { adminUsername: "admin", adminPassword: "a-long-password" });
    const reopened = openDatabase(file);
    try {
      expect(await listNews(reopened)).toHaveLength(SAMPLE_ARTICLES.length);
    } finally {
      await reopened.destroy();
    }
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe("immediateTransaction", () => {
  async function twoConnections() {
    const { db, file } = await freshDatabase();
    const other = openDatabase(file);
    cleanups.push(() => other.destroy());
    // Fail fast instead of waiting five seconds for a lock this test holds on purpose.
    await sql`pragma busy_timeout = 50`.execute(other);
    return { db, other };
  }
  const failure = (username: string) => ({ username, failed_at: new Date().toISOString() });

  it("explains the bug it fixes: a deferred transaction that read cannot write after another commit", async () => {
    const { db, other } = await twoConnections();
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.selectFrom("login_failures").selectAll().execute();
        await other.insertInto("login_failures").values(failure("other")).execute();
        await trx.insertInto("login_failures").values(failure("mine")).execute();
      }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) });
  });

  it("holds the write lock from the start, so its read-then-write cannot be invalidated", async () => {
    const { db, other } = await twoConnections();
    await immediateTransaction(db, async (trx) => {
      await trx.selectFrom("login_failures").selectAll().execute();
      // Another writer has to wait for us (here it gives up after its short timeout)...
      await expect(other.insertInto("login_failures").values(failure("other")).execute()).rejects.toMatchObject({
        code: expect.stringMatching(/^SQLITE_BUSY/),
      });
      // ...and our write goes through.
      await trx.insertInto("login_failures").values(failure("mine")).execute();
    });
    const rows = await other.selectFrom("login_failures").select("username").execute();
    expect(rows.map((r) => r.username)).toEqual(["mine"]);
  });

  it("rolls back when the callback throws", async () => {
    const { db } = await twoConnections();
    await expect(
      immediateTransaction(db, async (trx) => {
        await trx.insertInto("login_failures").values(failure("rolled back")).execute();
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await db.selectFrom("login_failures").selectAll().execute()).toEqual([]);
    // The connection is usable afterwards (no transaction left open).
    await db.insertInto("login_failures").values(failure("after")).execute();
  });
});
