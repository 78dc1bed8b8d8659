import { sql, type Kysely } from "kysely";

// Frozen in time: migrations never import application code.
//
// The charity's projects become content staff edit (issue 52), and renamed addresses keep working:
// - projects: title, address (slug), summary, status (Active, Completed, Planned), Markdown body,
//   draft or published, the card picture with its alt text (or marked decorative), whether its
//   link is in the menu and in the footer, and its place in the lists (position);
// - project_pictures: a project's gallery in order, each picture with its alt text (or marked
//   decorative). A picture is either one of the site's own files (src, the seeded artwork) or an
//   upload (upload key and widths, the image pipeline's);
// - redirects: a public address that moved (from_path) and where it went (to_path), answered 301.
//   Recorded automatically when a project's address changes, or by staff.
// Seeded with the seven projects the site showed until now (app/content/projects.ts), word for word.

export interface SeedPicture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface SeedProject {
  slug: string;
  title: string;
  summary: string;
  status: "Active" | "Completed" | "Planned";
  image: string;
  imageAlt: string;
  gallery: SeedPicture[];
  inMenu: boolean;
  inFooter: boolean;
}

const SIZE = { width: 800, height: 500 } as const;

const gallery = (slug: string, alts: string[]): SeedPicture[] =>
  alts.map((alt, i) => ({ src: `/images/projects/${slug}-${i + 1}.svg`, alt, ...SIZE }));

/** The projects as the site showed them before 0044 (the four Active cards, then the footer's others). */
export const SEEDED_PROJECTS: readonly SeedProject[] = [
  {
    slug: "flood-relief",
    title: "Food and Flood Relief",
    summary: "Food parcels, clean water and shelter for families after floods.",
    status: "Active",
    image: "/images/projects/flood-relief.svg",
    imageAlt: "Volunteers carrying food parcels through flood water",
    gallery: gallery("flood-relief", [
      "Food parcels packed for delivery",
      "Volunteers handing out bottled clean water",
      "Temporary shelter tents",
    ]),
    inMenu: true,
    inFooter: true,
  },
  {
    slug: "primary-care",
    title: "Primary Care Assistance",
    summary: "Support for clinics and hospitals that give everyday medical care.",
    status: "Active",
    image: "/images/projects/primary-care.svg",
    imageAlt: "Two patients arriving at a village clinic",
    gallery: gallery("primary-care", [
      "A mobile clinic van marked with a red cross",
      "Medical supplies and medicine bottles on a table",
      "A doctor and a patient in a consultation room",
    ]),
    inMenu: true,
    inFooter: false,
  },
  {
    slug: "education",
    title: "Educational Assistance",
    summary: "Supplementary classes and IT equipment so students keep learning.",
    status: "Active",
    image: "/images/projects/education.svg",
    imageAlt: "A classroom with a blackboard and laptops",
    gallery: gallery("education", [
      "A teacher and a student at the blackboard of a supplementary class",
      "Laptops for online learning",
      "A stack of books on a table",
    ]),
    inMenu: true,
    inFooter: false,
  },
  {
    slug: "public-health",
    title: "Public Health Supports",
    summary: "Screening, vaccination and health education in rural communities.",
    status: "Active",
    image: "/images/projects/public-health.svg",
    imageAlt: "A health worker and a patient beside a vaccination syringe",
    gallery: gallery("public-health", [
      "People queueing at a health screening tent",
      "A vaccination syringe at an outreach day",
      "A health education session with a heart drawn on the board",
    ]),
    inMenu: true,
    inFooter: false,
  },
  {
    slug: "palliative-care",
    title: "Palliative Care",
    summary: "Comfort and dignity for patients with life-limiting illness.",
    status: "Planned",
    image: "/images/projects/palliative-care.svg",
    imageAlt: "A nurse beside a patient resting in bed",
    gallery: gallery("palliative-care", [
      "A quiet care room with a bed, a window and a plant",
      "A carer arriving for a home visit",
    ]),
    inMenu: false,
    inFooter: true,
  },
  {
    slug: "water-filtration",
    title: "Water Filtration",
    summary: "Filters and wells that bring safe drinking water to villages.",
    status: "Completed",
    image: "/images/projects/water-filtration.svg",
    imageAlt: "A water filter beside a village well",
    gallery: gallery("water-filtration", ["A new village well", "Household water filters"]),
    inMenu: false,
    inFooter: true,
  },
  {
    slug: "gender-equality",
    title: "Gender Equality",
    summary: "Health education and training that open doors for women and girls.",
    status: "Completed",
    image: "/images/projects/gender-equality.svg",
    imageAlt: "Women at a training workshop in front of a blackboard",
    gallery: gallery("gender-equality", [
      "Women studying together at a workshop table",
      "A health education class with a heart drawn on the board",
    ]),
    inMenu: false,
    inFooter: true,
  },
];

function sqlCheck(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("projects")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sqlCheck("status", ["Active", "Completed", "Planned"])))
    .addColumn("body", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sqlCheck("state", ["draft", "published"])),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("in_menu", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("in_footer", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("card_src", "text")
    .addColumn("card_upload", "text")
    .addColumn("card_widths", "text")
    .addColumn("card_alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("card_decorative", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("published_at", "text")
    .execute();
  await db.schema.createIndex("projects_state_position").on("projects").columns(["state", "position"]).execute();

  await db.schema
    .createTable("project_pictures")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("project_id", "integer", (c) => c.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("src", "text")
    .addColumn("upload", "text")
    .addColumn("widths", "text")
    .addColumn("alt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("decorative", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("project_pictures_project")
    .on("project_pictures")
    .columns(["project_id", "position"])
    .execute();

  await db.schema
    .createTable("redirects")
    .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    .addColumn("from_path", "text", (c) => c.notNull().unique())
    .addColumn("to_path", "text", (c) => c.notNull())
    // 'automatic' (an address changed) or 'staff' (added by hand).
    .addColumn("origin", "text", (c) => c.notNull().check(sqlCheck("origin", ["automatic", "staff"])))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("redirects_to_path").on("redirects").column("to_path").execute();

  // The seeded projects date from before content was editable: a fixed instant, not the clock.
  const at = "2025-01-01T00:00:00.000Z";
  for (const [index, project] of SEEDED_PROJECTS.entries()) {
    const row = await db
      .insertInto("projects")
      .values({
        slug: project.slug,
        title: project.title,
        summary: project.summary,
        status: project.status,
        body: "",
        state: "published",
        position: index + 1,
        in_menu: project.inMenu ? 1 : 0,
        in_footer: project.inFooter ? 1 : 0,
        card_src: project.image,
        card_alt: project.imageAlt,
        card_decorative: 0,
        created_at: at,
        updated_at: at,
        published_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("project_pictures")
      .values(
        project.gallery.map((picture, position) => ({
          project_id: row.id,
          position: position + 1,
          src: picture.src,
          alt: picture.alt,
          decorative: 0,
        })),
      )
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("redirects").execute();
  await db.schema.dropTable("project_pictures").execute();
  await db.schema.dropTable("projects").execute();
}
