import type { DB } from "../app/infra/db.server";
import { countUsers, createUser } from "../app/staff/models/user.server";
import { generatePassword } from "../app/infra/password.server";
import { databaseEngine } from "../app/infra/db.server";
import { parseEnv } from "../app/infra/env.server";
import { folderUploadStore, uploadStore } from "../app/infra/upload-store.server";
import { seedSitePages } from "../app/publishing/services/site-pages.server";
import { seedProjectRevisions } from "../app/publishing/services/projects.server";

const SEEDED_KEY = "seeded_at";

/** Sample articles: ids 1 and 2 come first, as the original site's built-in samples did. */
export const SAMPLE_ARTICLES = [
  {
    title: "Charity Gala Dinner: Sunday 5 October 2025",
    content:
      "We are delighted to invite you to our annual charity gala on Sunday 5 October 2025.\n\n" +
      "Doors open at 5:30 PM. Tickets are £50 per person and include a three-course dinner, " +
      "an update from our project teams and a charity auction.\n\n" +
      "Every ticket helps fund primary care clinics, education support and public health " +
      "programmes. To reserve your place, please contact us by e-mail.",
    image_url: null,
    created_at: "2025-09-01T09:00:00.000Z",
  },
  {
    title: "Prosthetic Limb Centre Reaches a New Milestone",
    content:
      "Thanks to your support, the prosthetic limb centre has now fitted more than one hundred " +
      "patients this year.\n\nEach fitting includes physiotherapy and training, so that every " +
      "patient can walk again with confidence. A donation of £125 covers the full support for one leg.",
    image_url: null,
    created_at: "2025-08-18T10:30:00.000Z",
  },
  {
    title: "Flood Relief: Food Parcels Delivered",
    content:
      "Our volunteers delivered food parcels and clean water to families affected by the recent " +
      "floods.\n\nRelief work continues, and we will share more news from the field soon.",
    image_url: null,
    created_at: "2025-07-22T08:15:00.000Z",
  },
  {
    title: "Supplementary Education Classes Open for the New Term",
    content:
      "Supplementary education classes are open again, with new IT equipment funded by donors " +
      "so that students can keep learning online.\n\nA gift of £50 buys equipment for online learning.",
    image_url: null,
    created_at: "2025-06-10T12:00:00.000Z",
  },
  {
    title: "Public Health Outreach in Rural Communities",
    content:
      "Our public health teams ran screening and vaccination days in rural communities, " +
      "working with local clinics and hospitals we support.",
    image_url: null,
    created_at: "2025-05-03T14:45:00.000Z",
  },
];

export interface SeedOptions {
  adminUsername: string;
  adminPassword?: string;
  /**
   * The DATABASE_URL a server will open this database with, when it is not this process's own
   * (the e2e server, the benchmarks): the sample documents go to that server's upload folder.
   */
  databaseUrl?: string;
}

export interface SeedResult {
  seededArticles: boolean;
  /** How many publications got a generated sample PDF (those without a document). */
  samplePublications?: number;
  createdAdmin?: { username: string; generatedPassword?: string };
}

/**
 * Idempotent. Articles are seeded once, into a database that has never been seeded (deleting
 * every article later does not bring the samples back); the first admin is created whenever
 * there is no user at all.
 */
export async function seedDatabase(db: DB, options: SeedOptions): Promise<SeedResult> {
  const result: SeedResult = { seededArticles: false };

  // The marker lives in the one settings store (charity_settings; migration 0035).
  const seeded = await db
    .selectFrom("charity_settings")
    .select("value")
    .where("key", "=", SEEDED_KEY)
    .executeTakeFirst();
  if (!seeded) {
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom("news").select("id").limit(1).executeTakeFirst();
      if (!existing) {
        for (const article of SAMPLE_ARTICLES) {
          await trx
            .insertInto("news")
            .values({ ...article, updated_at: article.created_at, publish_at: article.created_at })
            .execute();
        }
        result.seededArticles = true;
      }
      const at = new Date().toISOString();
      await trx
        .insertInto("charity_settings")
        .values({ key: SEEDED_KEY, value: at, updated_at: at, updated_by: "seed" })
        .execute();
    });
  }

  // Every publication without a document (the spec's three, from migration 0045) gets a sample
  // PDF, marked as one, so every card has a working Download link from the first start.
  // Loaded only when there is one to do: the publishing domain and pdfkit are large, and the set-up
  // runs before every start.
  const missing = await db
    .selectFrom("publications")
    .select("id")
    .where("document_key", "is", null)
    .limit(1)
    .executeTakeFirst();
  if (missing) {
    const store =
      options.databaseUrl && databaseEngine(db) === "sqlite"
        ? folderUploadStore(parseEnv({ ...process.env, DATABASE_URL: options.databaseUrl }).uploadsDir)
        : uploadStore(db);
    const { seedSamplePublicationDocuments } = await import("../app/publishing/services/publications.server");
    const samples = await seedSamplePublicationDocuments(db, store);
    if (samples) result.samplePublications = samples;
  }
  // The site's own pages start with today's words, each as its revision "Original words"
  // (docs/site-editor.md); a page already edited is left alone.
  await seedSitePages(db);
  // So are the projects: each one's first version in its history (docs/site-editor.md "Projects").
  await seedProjectRevisions(db);
  // (Loaded here, as above: the publications' service brings the PDF reader with it.)
  const { seedPublicationRevisions } = await import("../app/publishing/services/publications.server");
  await seedPublicationRevisions(db);

  if ((await countUsers(db)) === 0) {
    const generatedPassword = options.adminPassword ? undefined : generatePassword();
    await createUser(db, options.adminUsername, options.adminPassword ?? generatedPassword!);
    result.createdAdmin = { username: options.adminUsername, generatedPassword };
  }
  return result;
}
