import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Migration, MigrationProvider } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../db/migrations";
import { migrateToLatest, openDatabase } from "~/infra/db.server";
import { migrationsUpTo } from "./helpers";

// 0018 makes a supporter for every address already on file (trimmed, lower-cased; nothing else
// merged) and points every pledge, declaration, subscriber and enquiry at theirs.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-0018-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration 0018_supporters", () => {
  it("back-fills one supporter per normalised address and links every row to it", async () => {
    const db = openDatabase(path.join(dir, "m.sqlite"));
    try {
      await migrateToLatest(db, await migrationsUpTo("0017_pledge_last_paid"));
      const anyDb = db as any;
      const pledge = (id: number, email: string, created: string, last = "Lovelace") => ({
        id,
        reference: `CHA-AAAAAAA${id}`,
        type: "one-time",
        amount_pence: 2500,
        first_name: "Ada",
        last_name: last,
        email,
        in_honour: 0,
        created_at: created,
        paid_pence: 0,
        status: "pending",
      });
      await anyDb
        .insertInto("pledges")
        .values([
          pledge(1, "Ada@Example.org", "2025-01-01T10:00:00.000Z", "Byron"),
          pledge(2, " ada@example.org ", "2025-06-01T10:00:00.000Z"),
          pledge(3, "a.da@example.org", "2025-07-01T10:00:00.000Z"),
        ])
        .execute();
      await anyDb
        .insertInto("gift_aid_declarations")
        .values({
          pledge_id: 1,
          first_name: "Ada",
          last_name: "Byron",
          house_name_or_number: "1",
          address_line: "Street",
          town: "Town",
          postcode: "LS1 4AP",
          email: "ADA@example.org",
          declaration_version: "v1",
          declaration_text: "text",
          declared_at: "2025-01-01T10:00:00.000Z",
        })
        .execute();
      await anyDb
        .insertInto("newsletter_subscribers")
        .values({ email: "reader@example.org", consented_at: "2024-01-01T00:00:00.000Z", status: "confirmed" })
        .execute();
      await anyDb
        .insertInto("contact_enquiries")
        .values([
          {
            name: "Reader",
            email: "Reader@example.org",
            subject: "general",
            message: "Hi",
            channel: "email",
            created_at: "2024-02-01T00:00:00.000Z",
          },
          {
            name: "Ada L",
            email: "ada@example.org",
            subject: "general",
            message: "Hi",
            channel: "email",
            created_at: "2026-02-01T00:00:00.000Z",
          },
        ])
        .execute();

      await migrateToLatest(db, await migrationsUpTo("0018_supporters"));

      const emails = await anyDb
        .selectFrom("supporter_emails")
        .innerJoin("supporters", "supporters.id", "supporter_emails.supporter_id")
        .select(["address", "supporter_id", "display_name", "supporters.created_at", "is_primary"])
        .orderBy("address")
        .execute();
      expect(emails.map((e: any) => [e.address, e.display_name, e.created_at, e.is_primary])).toEqual([
        ["a.da@example.org", "Ada Lovelace", "2025-07-01T10:00:00.000Z", 1],
        // The latest pledge's name wins over an enquiry's; the earliest record dates the supporter.
        ["ada@example.org", "Ada Lovelace", "2025-01-01T10:00:00.000Z", 1],
        ["reader@example.org", "Reader", "2024-01-01T00:00:00.000Z", 1],
      ]);
      const idOf = (address: string) => emails.find((e: any) => e.address === address).supporter_id;
      const pledges = await anyDb.selectFrom("pledges").select(["id", "supporter_id"]).orderBy("id").execute();
      expect(pledges.map((p: any) => p.supporter_id)).toEqual([
        idOf("ada@example.org"),
        idOf("ada@example.org"),
        idOf("a.da@example.org"),
      ]);
      const declaration = await anyDb.selectFrom("gift_aid_declarations").select("supporter_id").executeTakeFirst();
      expect(declaration.supporter_id).toBe(idOf("ada@example.org"));
      const subscriber = await anyDb.selectFrom("newsletter_subscribers").select("supporter_id").executeTakeFirst();
      expect(subscriber.supporter_id).toBe(idOf("reader@example.org"));
      const enquiries = await anyDb.selectFrom("contact_enquiries").select("supporter_id").orderBy("id").execute();
      expect(enquiries.map((e: any) => e.supporter_id)).toEqual([idOf("reader@example.org"), idOf("ada@example.org")]);
    } finally {
      await db.destroy();
    }
  });

  it("is all or nothing: a failure half-way leaves no supporter and no new column", async () => {
    const db = openDatabase(path.join(dir, "fail.sqlite"));
    try {
      await migrateToLatest(db, await migrationsUpTo("0017_pledge_last_paid"));
      const anyDb = db as any;
      await anyDb
        .insertInto("newsletter_subscribers")
        .values({ email: "x@example.org", consented_at: "2024-01-01T00:00:00.000Z", status: "confirmed" })
        .execute();
      const all = await migrationProvider.getMigrations();
      const broken: MigrationProvider = {
        getMigrations: async () => {
          const some = (await migrationsUpTo("0017_pledge_last_paid").then((p) => p.getMigrations())) as Record<
            string,
            Migration
          >;
          some["0018_supporters"] = {
            up: async (trx) => {
              await all["0018_supporters"].up(trx);
              throw new Error("power cut");
            },
          };
          return some;
        },
      };
      await expect(migrateToLatest(db, broken)).rejects.toThrow();
      const tables = await db.introspection.getTables();
      expect(tables.map((t) => t.name)).not.toContain("supporters");
      const subscribers = tables.find((t) => t.name === "newsletter_subscribers")!;
      expect(subscribers.columns.map((c) => c.name)).not.toContain("supporter_id");
    } finally {
      await db.destroy();
    }
  });
});
