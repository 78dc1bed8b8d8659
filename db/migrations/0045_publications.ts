import { sql, type Kysely } from "kysely";
import { caseInsensitiveText } from "./portable";

// Frozen in time: migrations never import application code.
//
// Publications move from app/content/publications.ts into the database (issue 52), so staff add
// a newsletter, an annual report or a research paper with its PDF without a developer:
// - publication_types: the badge on each card (Newsletter, Annual Report, Research Paper, and any
//   type staff add); a name is unique whatever its letter case; `position` orders the staff list.
// - publications: one card on /publications. `slug` is the download's stable address
//   (/publications/<slug>.pdf), set once and kept when the document is replaced; `published_on`
//   (YYYY-MM-DD) is the date shown; `status` 'published' or 'hidden' (unpublished: kept, not
//   shown). The document is a PDF in the upload store (a folder beside the SQLite file, the
//   upload_files table on PostgreSQL; app/infra/upload-store.server.ts) under `document_key`,
//   with the name it was uploaded as, its size, its SHA-256 (the download's ETag) and its text
//   (read once at upload, for site search). The document columns are all set or all null.
// The spec's three publications are inserted here with their words of today and no document:
// the seed (db/seed.ts) gives each a generated sample PDF, clearly marked as a sample, so every
// card has a working Download link from the first start.

const TYPES = ["Newsletter", "Annual Report", "Research Paper"] as const;

const PUBLICATIONS = [
  {
    slug: "newsletter-autumn-2025",
    title: "Autumn 2025 Newsletter",
    description:
      "News from our projects, the prosthetic limb centre's milestone and an invitation to our charity gala.",
    published_on: "2025-09-01",
    type: "Newsletter",
  },
  {
    slug: "annual-report-2024",
    title: "Annual Report 2024",
    description: "What we did in 2024, where the money went, and our plans for the year ahead.",
    published_on: "2025-03-31",
    type: "Annual Report",
  },
  {
    slug: "research-community-health-access",
    title: "Access to Primary Care in Rural Communities",
    description: "A study of the barriers families face in reaching primary care, and what helps overcome them.",
    published_on: "2024-11-15",
    type: "Research Paper",
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const name = caseInsensitiveText(db);
  await db.schema
    .createTable("publication_types")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("name", name.type, (c) => name.modify(c.notNull().unique()))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("publications")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type_id", "integer", (c) => c.notNull().references("publication_types.id").onDelete("restrict"))
    .addColumn("published_on", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("published")
        .check(sql`status in ('published', 'hidden')`),
    )
    .addColumn("document_key", "text")
    .addColumn("document_name", "text")
    .addColumn("document_bytes", "integer")
    .addColumn("document_sha256", "text")
    .addColumn("document_text", "text")
    .addColumn("document_uploaded_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "publications_document_whole",
      sql`(document_key is null) = (document_name is null) and (document_key is null) = (document_bytes is null)
        and (document_key is null) = (document_sha256 is null) and (document_key is null) = (document_uploaded_at is null)`,
    )
    .execute();
  await db.schema.createIndex("publications_type_id").on("publications").column("type_id").execute();
  await db.schema
    .createIndex("publications_status_published_on")
    .on("publications")
    .columns(["status", "published_on"])
    .execute();

  // The rows of today's words are dated by their publication, not by the day of the upgrade.
  const at = "2025-09-01T12:00:00.000Z";
  const ids = new Map<string, number>();
  for (const [position, type] of TYPES.entries()) {
    const row = await db
      .insertInto("publication_types")
      .values({ name: type, position, created_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(type, Number(row.id));
  }
  for (const publication of PUBLICATIONS) {
    const { type, ...fields } = publication;
    await db
      .insertInto("publications")
      .values({
        ...fields,
        type_id: ids.get(type)!,
        status: "published",
        created_at: `${fields.published_on}T12:00:00.000Z`,
        updated_at: `${fields.published_on}T12:00:00.000Z`,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("publications").execute();
  await db.schema.dropTable("publication_types").execute();
}
