import type { Kysely } from "kysely";

// Sign-in failures are also counted per client (a keyed hash of its address, never the address),
// so one client spraying guesses is stopped without a global counter that would lock every
// account, the admin with the right password included.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("login_failures")
    .addColumn("client", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("login_failures_client").on("login_failures").columns(["client", "failed_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_failures_client").execute();
  await db.schema.alterTable("login_failures").dropColumn("client").execute();
}
