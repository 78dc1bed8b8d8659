import { sql } from "kysely";
import type { DB } from "~/utils/db.server";

/**
 * Changes whenever another connection (another process, a script, a test) has committed to
 * the database since this connection last asked. This connection's own writes do not change
 * it; those are announced by the models themselves (see onNewsChange).
 */
export async function getDataVersion(db: DB): Promise<number> {
  const result = await sql<{ data_version: number }>`pragma data_version`.execute(db);
  return Number(result.rows[0]?.data_version ?? 0);
}
