import type { Kysely } from "kysely";

// Staff passkeys (WebAuthn, docs/team.md "Passkeys"): a person's registered credentials, the
// challenges handed to browsers (kept here, single use, a few minutes), how each session was
// signed in (a password or a passkey, for "Where you are signed in"), and the device a failed
// sign-in came from (the smart lock-out counts a known browser's own failures, not its address's).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("passkeys")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The credential's id as the browser gives it (base64url), unique across every person.
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    // The COSE public key, base64url.
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("counter", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("transports", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("webauthn_challenges")
    .addColumn("challenge", "text", (c) => c.primaryKey())
    // "register" (bound to the person adding a passkey) or "sign-in" (anyone, or the person halfway through signing in).
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("webauthn_challenges_expires_at")
    .on("webauthn_challenges")
    .column("expires_at")
    .execute();

  await db.schema.alterTable("sessions").addColumn("via", "text").execute();

  await db.schema.alterTable("login_failures").addColumn("device", "text").execute();
  await db.schema.createIndex("login_failures_device").on("login_failures").columns(["device", "failed_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("login_failures_device").execute();
  await db.schema.alterTable("login_failures").dropColumn("device").execute();
  await db.schema.alterTable("sessions").dropColumn("via").execute();
  await db.schema.dropTable("webauthn_challenges").execute();
  await db.schema.dropTable("passkeys").execute();
}
