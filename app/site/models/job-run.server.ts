import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";

const NEVER = "1970-01-01T00:00:00.000Z";

/**
 * Claims this period's run of a periodic job: true for exactly one caller per period, whichever
 * instance (process or machine) asks first. The claim is one conditional update, which two
 * instances cannot both win on either engine.
 */
export async function claimJobRun(db: DB, name: string, now: Date, intervalMs: number): Promise<boolean> {
  await db
    .insertInto("job_runs")
    .values({ name, started_at: NEVER })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  return updatedAny(
    db
      .updateTable("job_runs")
      .set({ started_at: now.toISOString() })
      .where("name", "=", name)
      .where("started_at", "<=", new Date(now.getTime() - intervalMs).toISOString()),
  );
}
