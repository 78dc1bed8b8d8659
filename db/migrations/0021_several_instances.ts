import type { Kysely } from "kysely";
import { binaryType } from "./portable";

// Frozen in time: migrations never import application code.
//
// What several app instances on one PostgreSQL database need (unused, and harmless, on SQLite):
// - change_counters: a counter that moves with every change to what public pages show; the
//   instances read it to know that a cached page is stale (app/infra/db.server.ts,
//   dataVersionNow). SQLite's `pragma data_version` does that job there.
// - job_runs: when a periodic job (housekeeping) last started, claimed with a conditional
//   update so that it runs once per period across instances (app/site/models/job-run.server.ts).
// - upload_files: the re-encoded variants of uploaded photos, so that every instance serves
//   them (app/infra/upload-store.server.ts). On SQLite they stay in the uploads folder.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("change_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("change_counters").values({ name: "public", value: 0 }).execute();

  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("started_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("upload_files")
    .addColumn("upload_key", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("body", binaryType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint("upload_files_pk", ["upload_key", "name"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("upload_files").execute();
  await db.schema.dropTable("job_runs").execute();
  await db.schema.dropTable("change_counters").execute();
}
