// The one database both drill instances share: a throw-away PostgreSQL started for the run
// (scripts/lib/postgres.ts), migrated and seeded like a fresh installation. Several instances on
// one database is what PostgreSQL is for; SQLite stays the one-machine default.
import { openDatabase } from "../../app/infra/db.server";
import { startPostgres } from "./postgres";
import { prepareDatabase } from "./production-server";

export interface DrillDatabase {
  url: string;
  description: string;
  /** How many pledges carry each reference. */
  pledgeCounts(references: string[]): Promise<Map<string, number>>;
  /** How many pledges' thank-you messages the outbox still has to send (claimed by a sender or not). */
  unsentMail(): Promise<number>;
  stop(): Promise<void>;
}

export async function prepareDrillDatabase(options: { articles?: number } = {}): Promise<DrillDatabase> {
  const server = await startPostgres();
  try {
    const url = await server.createDatabase("charity");
    await prepareDatabase(url, options);
    return {
      url,
      description: `PostgreSQL on 127.0.0.1:${server.port} (shared by both instances)`,
      async pledgeCounts(references) {
        const db = openDatabase(url);
        try {
          const counts = new Map<string, number>(references.map((reference) => [reference, 0]));
          const rows = references.length
            ? await db
                .selectFrom("pledges")
                .select(["reference", (eb) => eb.fn.countAll<number>().as("n")])
                .where("reference", "in", references)
                .groupBy("reference")
                .execute()
            : [];
          for (const row of rows) counts.set(row.reference, Number(row.n));
          return counts;
        } finally {
          await db.destroy();
        }
      },
      async unsentMail() {
        const db = openDatabase(url);
        try {
          const row = await db
            .selectFrom("outbox")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("kind", "=", "pledge.donor")
            .where("status", "=", "queued")
            .executeTakeFirstOrThrow();
          return Number(row.n);
        } finally {
          await db.destroy();
        }
      },
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
