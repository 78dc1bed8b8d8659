import { sql, type Kysely } from "kysely";
import { caseInsensitiveText, isPostgres } from "./portable";

// Frozen in time: migrations never import application code.

export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL: the case-insensitive text type (see ./portable); a trusted extension since 13.
  if (isPostgres(db)) await sql`create extension if not exists citext`.execute(db);
  const nocase = caseInsensitiveText(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", nocase.type, (c) => nocase.modify(c.notNull().unique()))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('web', 'api')`))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires_at").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("news")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("image_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Every public list is "newest first".
  await db.schema.createIndex("news_created_at").on("news").columns(["created_at desc", "id desc"]).execute();

  await db.schema
    .createTable("login_failures")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("failed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_username")
    .on("login_failures")
    .columns(["username", "failed_at"])
    .execute();
  await db.schema.createIndex("login_failures_failed_at").on("login_failures").column("failed_at").execute();

  await db.schema
    .createTable("app_meta")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["app_meta", "login_failures", "news", "sessions", "users"]) {
    await db.schema.dropTable(table).execute();
  }
}
