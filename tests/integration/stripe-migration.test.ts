import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "~/infra/db.server";
import { migrationsUpTo } from "./helpers";

// 0013 rebuilds the payments table (SQLite cannot change a CHECK in place): rows, ids,
// indexes and the Gift Aid claim items that point at payments must all survive it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-0013-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("migration 0013_stripe", () => {
  it("keeps payments and their claim items, allows card and negative amounts, and keeps foreign keys", async () => {
    const db = openDatabase(path.join(dir, "m.sqlite"));
    try {
      await migrateToLatest(db, await migrationsUpTo("0012_pledge_honoree"));
      const now = "2025-10-05T10:00:00.000Z";
      const anyDb = db as any;
      await anyDb
        .insertInto("pledges")
        .values({
          id: 1,
          reference: "CHA-AAAAAAAA",
          type: "one-time",
          amount_pence: 2500,
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.org",
          in_honour: 0,
          created_at: now,
          paid_pence: 2500,
          status: "paid",
        })
        .execute();
      await anyDb
        .insertInto("payments")
        .values({
          id: 7,
          pledge_id: 1,
          received_on: "2025-10-05",
          amount_pence: 2500,
          method: "bank-import",
          bank_line: "line-1",
          recorded_by: "admin",
          created_at: now,
        })
        .execute();
      await anyDb
        .insertInto("gift_aid_declarations")
        .values({
          id: 3,
          pledge_id: 1,
          first_name: "Ada",
          last_name: "Lovelace",
          house_name_or_number: "1",
          address_line: "High Street",
          town: "Leeds",
          postcode: "LS1 1AA",
          email: "ada@example.org",
          declaration_version: "v1",
          declaration_text: "I want to Gift Aid my donation",
          declared_at: now,
        })
        .execute();
      await anyDb
        .insertInto("gift_aid_claims")
        .values({ id: 2, created_at: now, created_by: "admin", total_pence: 2500, gift_aid_pence: 625, item_count: 1 })
        .execute();
      await anyDb
        .insertInto("gift_aid_claim_items")
        .values({
          claim_id: 2,
          payment_id: 7,
          declaration_id: 3,
          title: "Ms",
          first_name: "Ada",
          last_name: "Lovelace",
          house_name_or_number: "1",
          postcode: "LS1 1AA",
          donation_date: "2025-10-05",
          amount_pence: 2500,
        })
        .execute();

      await migrateToLatest(db);

      const payment = await db.selectFrom("payments").selectAll().where("id", "=", 7).executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ pledge_id: 1, amount_pence: 2500, bank_line: "line-1", stripe_id: null });
      const { rows: violations } = await sql`pragma foreign_key_check`.execute(db);
      expect(violations).toEqual([]);
      const item = await db.selectFrom("gift_aid_claim_items").select("payment_id").executeTakeFirstOrThrow();
      expect(item.payment_id).toBe(7);
      // The claim item still guards its payment.
      await expect(db.deleteFrom("payments").where("id", "=", 7).execute()).rejects.toThrow(/FOREIGN KEY/);
      // The unique bank-line fingerprint survived the rebuild.
      await expect(
        db
          .insertInto("payments")
          .values({
            pledge_id: 1,
            received_on: "2025-10-06",
            amount_pence: 1,
            method: "manual",
            bank_line: "line-1",
            recorded_by: "a",
            created_at: now,
          })
          .execute(),
      ).rejects.toThrow(/UNIQUE/);
      // Card payments and refunds (negative) are allowed now; zero and unknown methods are not.
      await db
        .insertInto("payments")
        .values({
          pledge_id: 1,
          received_on: "2025-10-06",
          amount_pence: -2500,
          method: "card",
          refund_of: 7,
          recorded_by: "stripe",
          created_at: now,
        })
        .execute();
      await expect(
        db
          .insertInto("payments")
          .values({
            pledge_id: 1,
            received_on: "2025-10-06",
            amount_pence: 0,
            method: "card",
            recorded_by: "stripe",
            created_at: now,
          })
          .execute(),
      ).rejects.toThrow(/CHECK/);
      await expect(
        db
          .insertInto("payments")
          .values({
            pledge_id: 1,
            received_on: "2025-10-06",
            amount_pence: 5,
            method: "cash" as never,
            recorded_by: "a",
            created_at: now,
          })
          .execute(),
      ).rejects.toThrow(/CHECK/);
      // Foreign keys still bite: a payment of a pledge that does not exist.
      await expect(
        db
          .insertInto("payments")
          .values({
            pledge_id: 99,
            received_on: "2025-10-06",
            amount_pence: 5,
            method: "manual",
            recorded_by: "a",
            created_at: now,
          })
          .execute(),
      ).rejects.toThrow(/FOREIGN KEY/);
      const indexes = await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'payments'`.execute(db);
      expect(indexes.rows.map((r) => r.name)).toEqual(
        expect.arrayContaining(["payments_pledge_id", "payments_received_on", "payments_stripe_id"]),
      );
    } finally {
      await db.destroy();
    }
  });
});
