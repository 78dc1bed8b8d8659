// The one database both drill instances share. SQLite (one file, WAL) until the PostgreSQL engine
// lands; then a throw-away PostgreSQL started for the run.
import path from "node:path";
import Database from "better-sqlite3";
import { prepareDatabase } from "./production-server";

export interface DrillDatabase {
  url: string;
  description: string;
  /** How many pledges carry each reference. */
  pledgeCounts(references: string[]): Promise<Map<string, number>>;
  stop(): Promise<void>;
}

export async function prepareDrillDatabase(dir: string): Promise<DrillDatabase> {
  const file = path.join(dir, "cluster.sqlite");
  await prepareDatabase(file);
  return {
    url: `file:${file}`,
    description: `SQLite ${file} (shared by both instances)`,
    async pledgeCounts(references) {
      const db = new Database(file, { readonly: true });
      try {
        const counts = new Map<string, number>();
        const statement = db.prepare("SELECT COUNT(*) AS n FROM pledges WHERE reference = ?");
        for (const reference of references) counts.set(reference, (statement.get(reference) as { n: number }).n);
        return counts;
      } finally {
        db.close();
      }
    },
    stop: async () => undefined,
  };
}
