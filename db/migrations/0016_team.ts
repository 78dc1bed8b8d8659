import { sql, type Kysely } from "kysely";

// A staff team instead of one account: each user has a role, an e-mail address, a
// status and optionally a second factor; invitations and password resets are single-use
// tokens stored as SHA-256; recovery codes are stored hashed; sessions remember when they were
// last used and from which browser; audit rows name the person by id as well as by username.
// Existing users (the seeded first admin) become active admins.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("admin"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .execute();
  await db.schema.alterTable("users").addColumn("email", "text").execute();
  await db.schema.alterTable("users").addColumn("name", "text").execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_enabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
  await db.schema
    .createIndex("users_lower_username")
    .on("users")
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex("users_lower_email")
    .on("users")
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await db.schema.alterTable("sessions").addColumn("last_seen_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("user_agent", "text").execute();
  // 1: the password was right but the second factor is still to come (not yet a session).
  await db.schema
    .alterTable("sessions")
    .addColumn("pending", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("invitations")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("withdrawn_at", "text")
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema
    .createIndex("invitations_lower_email")
    .on("invitations")
    .expression(sql`lower(email)`)
    .execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_user_id").on("password_resets").column("user_id").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_user_id").on("recovery_codes").column("user_id").execute();

  await db.schema.alterTable("audit_events").addColumn("actor_id", "integer").execute();
  await db.schema.createIndex("audit_events_actor_id").on("audit_events").columns(["actor_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("audit_events_actor_id").execute();
  await db.schema.alterTable("audit_events").dropColumn("actor_id").execute();
  await db.schema.dropTable("recovery_codes").execute();
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("invitations").execute();
  await db.schema.alterTable("sessions").dropColumn("pending").execute();
  await db.schema.alterTable("sessions").dropColumn("user_agent").execute();
  await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
  await db.schema.dropIndex("users_lower_email").execute();
  await db.schema.dropIndex("users_lower_username").execute();
  for (const column of [
    "totp_last_step",
    "totp_enabled_at",
    "totp_secret",
    "last_sign_in_at",
    "name",
    "email",
    "status",
    "role",
  ]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
