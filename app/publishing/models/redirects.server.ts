import type { Selectable } from "kysely";
import type { RedirectsTable } from "../../../db/schema";
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// Public addresses that moved (0044): each old path answers 301 with its new one. The rules
// (no loops, chains kept one step long) are the service's (app/publishing/services/redirects.server.ts).

export type Redirect = CamelRow<Selectable<RedirectsTable>>;
export type RedirectOrigin = RedirectsTable["origin"];

export async function findRedirect(db: DB, fromPath: string): Promise<Redirect | undefined> {
  const row = await db.selectFrom("redirects").selectAll().where("from_path", "=", fromPath).executeTakeFirst();
  return row ? camelRow(row) : undefined;
}

export async function getRedirect(db: DB, id: number): Promise<Redirect | undefined> {
  const row = await db.selectFrom("redirects").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? camelRow(row) : undefined;
}

export async function listRedirects(db: DB): Promise<Redirect[]> {
  const rows = await db.selectFrom("redirects").selectAll().orderBy("from_path").execute();
  return rows.map((row) => camelRow(row));
}

/** Stores `from → to`, replacing any redirect from the same address. */
export async function putRedirect(
  db: DB,
  redirect: { fromPath: string; toPath: string; origin: RedirectOrigin; createdBy: string | null },
): Promise<void> {
  await db.deleteFrom("redirects").where("from_path", "=", redirect.fromPath).execute();
  await db
    .insertInto("redirects")
    .values({
      from_path: redirect.fromPath,
      to_path: redirect.toPath,
      origin: redirect.origin,
      created_by: redirect.createdBy,
      created_at: nowIsoString(),
    })
    .execute();
}

/** Every redirect that led to `oldTo` now leads to `newTo` (a chain stays one step long). */
export async function repointRedirects(db: DB, oldTo: string, newTo: string): Promise<void> {
  await db.updateTable("redirects").set({ to_path: newTo }).where("to_path", "=", oldTo).execute();
}

/** Removes the redirect from this address, if any: the address is live content again. */
export async function deleteRedirectFrom(db: DB, fromPath: string): Promise<void> {
  await db.deleteFrom("redirects").where("from_path", "=", fromPath).execute();
}

/** Removes redirects that would now lead to their own address (a chain closed on itself). */
export async function deleteSelfRedirects(db: DB): Promise<void> {
  await db
    .deleteFrom("redirects")
    .where((eb) => eb("from_path", "=", eb.ref("to_path")))
    .execute();
}

export async function deleteRedirect(db: DB, id: number): Promise<void> {
  await db.deleteFrom("redirects").where("id", "=", id).execute();
}
