// What several instances on one database rely on, on whichever engine this run uses (npm test
// runs this file on SQLite and on PostgreSQL): one claim per housekeeping hour, the change
// signal the page cache reads, photos in the database store, text with a NUL in it; and, where
// only PostgreSQL has several writers at once, migrations and write-locked transactions racing.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  databaseEngine,
  dataVersionNow,
  immediateTransaction,
  migrateToLatest,
  notePublicChange,
  openDatabase,
  type DB,
} from "~/infra/db.server";
import { asOneRequest } from "~/infra/request-scope.server";
import { databaseUploadStore } from "~/infra/upload-store.server";
import { claimJobRun } from "~/site/models/job-run.server";
import { createNews, getNews } from "~/publishing/models/news.server";
import { setSettingSwitch, settingSwitchOn } from "~/site/services/charity-settings.server";
import { createPostgresDatabase, createTestDatabase } from "./helpers";

const onPostgres = process.env.TEST_DATABASE === "postgres";

let first: Awaited<ReturnType<typeof createTestDatabase>>;
let second: DB;
beforeAll(async () => {
  first = await createTestDatabase();
  second = openDatabase(first.file);
});
afterAll(async () => {
  await second.destroy();
  await first.cleanup();
});

describe("two instances on one database", () => {
  it("opens the engine the URL names", () => {
    expect(databaseEngine(first.db)).toBe(onPostgres ? "postgres" : "sqlite");
  });

  it("claims each housekeeping hour once, whichever instance asks first", async () => {
    const hour = 60 * 60 * 1000;
    const t0 = new Date("2031-02-03T10:00:00Z");
    const claims = await Promise.all([
      claimJobRun(first.db, "housekeeping", t0, hour),
      claimJobRun(second, "housekeeping", t0, hour),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(second, "housekeeping", new Date(t0.getTime() + hour - 1), hour)).toBe(false);
    expect(await claimJobRun(first.db, "housekeeping", new Date(t0.getTime() + hour), hour)).toBe(true);
  });

  it("moves the change signal when the other instance publishes", async () => {
    const before = await dataVersionNow(first.db);
    await second.transaction().execute(async (trx) => {
      await createNews(trx, { title: "From the other instance", content: "Seen by the first at once." });
      await notePublicChange(trx);
    });
    expect(await dataVersionNow(first.db)).not.toBe(before);
  });

  it("reads the change signal once per request: one number for all of it, the next request sees the change", async () => {
    const publish = () =>
      second.transaction().execute(async (trx) => {
        await createNews(trx, { title: "Published meanwhile", content: "Seen by the next request." });
        await notePublicChange(trx);
      });
    const [atStart, afterPublish] = await asOneRequest(async () => {
      const start = await dataVersionNow(first.db);
      await publish();
      return [start, await dataVersionNow(first.db)];
    });
    expect(afterPublish).toBe(atStart);
    expect(await asOneRequest(() => dataVersionNow(first.db))).not.toBe(atStart);
  });

  it("keeps photos in the database store, readable by the other instance", async () => {
    const key = "0123456789abcdef0123456789abcdef";
    const body = Buffer.from([0, 1, 2, 255, 254]);
    await databaseUploadStore(first.db).save(key, [{ name: "480.webp", body, contentType: "image/webp" }]);
    const other = databaseUploadStore(second);
    expect(await other.read(key, "480.webp")).toEqual(body);
    expect(await other.files(key)).toEqual(["480.webp"]);
    await other.remove(key);
    expect(await databaseUploadStore(first.db).keys()).toEqual([]);
  });

  it("stores text holding a NUL character (dropped on PostgreSQL, which cannot hold it)", async () => {
    const article = await createNews(first.db, { title: "Nul\u0000 title", content: "Body with a NUL\u0000 inside." });
    const stored = await getNews(second, article.id);
    expect(stored?.title).toBe(onPostgres ? "Nul title" : "Nul\u0000 title");
  });
});

describe("Settings switches across instances", () => {
  it("sees a switch another instance turned, reading it once while nothing changed", async () => {
    const key = "reminders-probe";
    expect(await settingSwitchOn(key, false, first.db)).toBe(false);
    expect(await setSettingSwitch({ key, label: "Probe", absent: false, on: true }, "admin", second)).toBe(true);
    expect(await settingSwitchOn(key, false, first.db)).toBe(true);
    expect(await setSettingSwitch({ key, label: "Probe", absent: false, on: false }, "admin", second)).toBe(true);
    expect(await settingSwitchOn(key, false, first.db)).toBe(false);
  });
});

describe.runIf(onPostgres)("PostgreSQL only: instances racing", () => {
  it("applies each migration once when two instances start together on an empty database", async () => {
    const empty = await createPostgresDatabase({ migrated: false });
    const [a, b] = [openDatabase(empty), openDatabase(empty)];
    try {
      const [ranA, ranB] = await Promise.all([migrateToLatest(a), migrateToLatest(b)]);
      const names = await a
        .selectFrom("kysely_migration" as never)
        .select("name" as never)
        .execute();
      expect([...ranA, ...ranB].sort()).toEqual((names as { name: string }[]).map((n) => n.name).sort());
      expect(new Set([...ranA, ...ranB]).size).toBe(ranA.length + ranB.length);
    } finally {
      await a.destroy();
      await b.destroy();
    }
  });

  it("runs write-locked transactions one at a time across instances", async () => {
    await first.db.insertInto("job_runs").values({ name: "counter", started_at: "0" }).execute();
    const bump = (db: DB) =>
      immediateTransaction(db, async (trx) => {
        const row = await trx
          .selectFrom("job_runs")
          .select("started_at")
          .where("name", "=", "counter")
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setImmediate(resolve));
        await trx
          .updateTable("job_runs")
          .set({ started_at: String(Number(row.started_at) + 1) })
          .where("name", "=", "counter")
          .execute();
      });
    await Promise.all([bump(first.db), bump(second), bump(first.db), bump(second)]);
    const row = await first.db
      .selectFrom("job_runs")
      .select("started_at")
      .where("name", "=", "counter")
      .executeTakeFirstOrThrow();
    expect(row.started_at).toBe("4");
  });

  it.runIf(onPostgres)(
    "holds a keyed lock against the same key only, never against other keys or the write lock",
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const holder = immediateTransaction(
        first.db,
        async () => {
          entered();
          await held;
        },
        { lockKey: "form-post:a" },
      );
      await inside;
      const order: string[] = [];
      const sameKey = immediateTransaction(second, async () => void order.push("same key"), { lockKey: "form-post:a" });
      // Another key and the one write lock go through while "a" is held...
      await immediateTransaction(second, async () => void order.push("other key"), { lockKey: "form-post:b" });
      await immediateTransaction(second, async () => void order.push("write lock"));
      expect(order).toEqual(["other key", "write lock"]);
      // ...and the same key waits for it.
      release();
      await Promise.all([holder, sameKey]);
      expect(order).toEqual(["other key", "write lock", "same key"]);
    },
  );

  it("keeps one lock's waiters in an instance to one pool connection, so a burst on one key leaves the pool to others", async () => {
    // A small pool, and the key held by the other instance: a burst on that key waits, taking
    // one connection at most, and a query on this instance still gets one.
    const small = openDatabase(first.file, { poolSize: 2 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const holder = immediateTransaction(
      second,
      async () => {
        entered();
        await held;
      },
      { lockKey: "form-post:burst" },
    );
    try {
      await inside;
      const ran: number[] = [];
      const burst = Array.from({ length: 5 }, (_, i) =>
        immediateTransaction(small, async () => void ran.push(i), { lockKey: "form-post:burst" }),
      );
      const other = await small.selectFrom("job_runs").select("name").execute();
      expect(other).toBeInstanceOf(Array);
      expect(ran).toEqual([]);
      release();
      await Promise.all([holder, ...burst]);
      expect(ran).toEqual([0, 1, 2, 3, 4]);
    } finally {
      release();
      await small.destroy();
    }
  });

  it("does not wait for the disk in a transaction that need not be durable, and does in one that must", async () => {
    // The test server waits for no disk at all; this database's own connections do, as a real one.
    const { name } = (await sql<{ name: string }>`select current_database() as name`.execute(first.db)).rows[0];
    await sql.raw(`alter database "${name}" set synchronous_commit = on`).execute(first.db);
    const fresh = openDatabase(first.file);
    try {
      const setting = (durable: boolean) =>
        immediateTransaction(
          fresh,
          async (trx) =>
            (await sql<{ s: string }>`select current_setting('synchronous_commit') as s`.execute(trx)).rows[0].s,
          { durable, lockKey: "form-post:setting" },
        );
      expect(await setting(false)).toBe("off");
      expect(await setting(true)).toBe("on");
      expect(await setting(false)).toBe("off");
    } finally {
      await fresh.destroy();
      await sql.raw(`alter database "${name}" reset synchronous_commit`).execute(first.db);
    }
  });

  it("prepares a query once a connection, except one that reads `*`, which a migration adding a column would break", async () => {
    await createNews(first.db, { title: "Prepared", content: "Prepared once a connection." });
    const named = (db: DB) => db.selectFrom("news").select(["id", "title"]).where("title", "=", "Prepared").execute();
    const star = (db: DB) => db.selectFrom("news").selectAll().where("title", "=", "Prepared").execute();
    const prepared = await first.db.transaction().execute(async (trx) => {
      await named(trx);
      await star(trx);
      await named(trx);
      const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
      return rows.rows.map((row) => row.statement);
    });
    expect(prepared.filter((text) => text.includes('from "news"'))).toEqual([
      'select "id", "title" from "news" where "title" = $1',
    ]);
    // Another instance's migration adds a column: both queries still answer on every connection.
    await sql`alter table news add column prepared_probe text`.execute(second);
    try {
      for (let i = 0; i < 12; i++) {
        expect(await named(first.db)).toHaveLength(1);
        expect((await star(first.db))[0]).toHaveProperty("prepared_probe", null);
      }
    } finally {
      await sql`alter table news drop column prepared_probe`.execute(second);
    }
  });
});
