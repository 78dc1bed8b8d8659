import type { Kysely } from "kysely";
import { caseInsensitiveText } from "./portable";

// Events and tickets: an event, its ticket types, the orders that hold and then buy
// places, the tickets themselves and the waiting list. Places are never oversold: a ticket type
// keeps its `sold` and `held` counts beside `places`, and a hold is one conditional UPDATE
// (`where places - sold - held >= quantity`), atomic on SQLite and PostgreSQL alike
// (docs/decisions/0032-event-tickets.md). Portable: Kysely's schema builder only.

export async function up(db: Kysely<any>): Promise<void> {
  const email = caseInsensitiveText(db);
  await db.schema
    .createTable("events")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    // Markdown, rendered on the server (app/infra/markdown.server.ts).
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("venue", "text", (c) => c.notNull())
    // ISO-8601 UTC; staff type it as UK local time.
    .addColumn("starts_at", "text", (c) => c.notNull())
    // An uploaded photo (the news pipeline): its folder and widths, and its alt text.
    .addColumn("image_upload", "text")
    .addColumn("image_widths", "text")
    .addColumn("image_alt", "text")
    .addColumn("suggested_donation_pence", "integer")
    // "draft" (staff only) or "published".
    .addColumn("status", "text", (c) => c.notNull().defaultTo("published"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("events_starts_at").on("events").column("starts_at").execute();

  await db.schema
    .createTable("ticket_types")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_pence", "integer", (c) => c.notNull())
    .addColumn("places", "integer", (c) => c.notNull())
    // Places bought (tickets) and places held by open checkouts or waiting-list offers.
    .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("held", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sale_starts_at", "text")
    .addColumn("sale_ends_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ticket_types_event").on("ticket_types").column("event_id").execute();

  await db.schema
    .createTable("ticket_orders")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("ticket_type_id", "integer", (c) => c.notNull().references("ticket_types.id").onDelete("cascade"))
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("buyer_name", "text", (c) => c.notNull())
    .addColumn("buyer_email", email.type, (c) => email.modify(c.notNull()))
    // The tickets' price (quantity × price) and the separate, optional donation.
    .addColumn("tickets_pence", "integer", (c) => c.notNull())
    .addColumn("donation_pence", "integer", (c) => c.notNull().defaultTo(0))
    // held → paid (tickets made) | released (expired, cancelled) ; paid → refunded.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hold_expires_at", "text")
    .addColumn("stripe_session", "text")
    .addColumn("stripe_payment_intent", "text")
    .addColumn("waitlist_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("released_at", "text")
    .execute();
  await db.schema
    .createIndex("ticket_orders_hold")
    .on("ticket_orders")
    .columns(["status", "hold_expires_at"])
    .execute();
  await db.schema.createIndex("ticket_orders_session").on("ticket_orders").column("stripe_session").execute();
  await db.schema
    .createIndex("ticket_orders_payment_intent")
    .on("ticket_orders")
    .column("stripe_payment_intent")
    .execute();

  await db.schema
    .createTable("tickets")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("order_id", "integer", (c) => c.notNull().references("ticket_orders.id").onDelete("cascade"))
    // Random letters and digits; the ticket's QR code carries it inside a signed token.
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("checked_in_at", "text")
    .addColumn("checked_in_by", "text")
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema.createIndex("tickets_order").on("tickets").column("order_id").execute();

  await db.schema
    .createTable("event_waitlist")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
    .addColumn("ticket_type_id", "integer", (c) => c.notNull().references("ticket_types.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", email.type, (c) => email.modify(c.notNull()))
    // waiting → offered → booked | lapsed.
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("offer_expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("event_waitlist_queue")
    .on("event_waitlist")
    .columns(["ticket_type_id", "status", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("event_waitlist").execute();
  await db.schema.dropTable("tickets").execute();
  await db.schema.dropTable("ticket_orders").execute();
  await db.schema.dropTable("ticket_types").execute();
  await db.schema.dropTable("events").execute();
}
