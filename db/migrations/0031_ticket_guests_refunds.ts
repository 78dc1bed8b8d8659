import type { Kysely } from "kysely";
import { caseInsensitiveText } from "./portable";

// Frozen in time: migrations never import application code.
//
// Event tickets, continued (docs/decisions/0032-event-tickets.md): the guests of a table, partial refunds and
// Gift Aid on the optional donation.
// An order keeps its guests (a JSON array of { name, email }) from the form until it is paid;
// each ticket then names its guest (null: the buyer's own ticket). `refunded_pence` is what
// Stripe has given back of the order so far, so a second partial refund releases only the whole
// tickets the two together cover. `gift_aid` keeps the declaration's details (JSON: version, title,
// address) from the form until the order is paid, when the donation becomes a pledge with its
// declaration. Portable: Kysely's schema builder only.

export async function up(db: Kysely<any>): Promise<void> {
  const email = caseInsensitiveText(db);
  await db.schema.alterTable("ticket_orders").addColumn("guests", "text").execute();
  await db.schema
    .alterTable("ticket_orders")
    .addColumn("refunded_pence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("ticket_orders").addColumn("gift_aid", "text").execute();
  await db.schema.alterTable("tickets").addColumn("guest_name", "text").execute();
  await db.schema
    .alterTable("tickets")
    .addColumn("guest_email", email.type, (c) => email.modify(c))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("tickets").dropColumn("guest_email").execute();
  await db.schema.alterTable("tickets").dropColumn("guest_name").execute();
  await db.schema.alterTable("ticket_orders").dropColumn("gift_aid").execute();
  await db.schema.alterTable("ticket_orders").dropColumn("refunded_pence").execute();
  await db.schema.alterTable("ticket_orders").dropColumn("guests").execute();
}
