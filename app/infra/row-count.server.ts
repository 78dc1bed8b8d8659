// How many rows a delete or an update touched. Kysely answers with a bigint in a result object;
// every model that counts (how many old rows a clean-up removed) or asks whether its write took
// effect (a row deleted by its key, a guarded update that won its race) runs its query through
// one of these.
import type { DeleteResult, UpdateResult } from "kysely";

type DeleteQuery = { executeTakeFirst(): Promise<DeleteResult> };
type UpdateQuery = { executeTakeFirst(): Promise<UpdateResult> };

/** Runs a delete query (one without `returning`) and answers how many rows it removed. */
export async function deletedCount(query: DeleteQuery): Promise<number> {
  return Number((await query.executeTakeFirst()).numDeletedRows);
}

/** Runs a delete query and answers whether it removed a row: false when there was none to remove. */
export async function deletedAny(query: DeleteQuery): Promise<boolean> {
  return (await deletedCount(query)) > 0;
}

/** Runs an update query (one without `returning`) and answers how many rows it changed. */
export async function updatedCount(query: UpdateQuery): Promise<number> {
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/**
 * Runs an update query and answers whether it changed a row: false when its conditions (the
 * status it moves from, "not used yet", a free lease) no longer held, e.g. another request got
 * there first.
 */
export async function updatedAny(query: UpdateQuery): Promise<boolean> {
  return (await updatedCount(query)) > 0;
}
