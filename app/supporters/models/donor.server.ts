// Your giving (/giving): the donor's single-use sign-in links and their sessions (0024). Only SQL
// here; the rules (how long a link or a session lasts, what a donor may do) are in
// app/supporters/services/donor-sign-in.server.ts.
import type { DB } from "~/infra/db.server";
import { deletedCount } from "~/infra/row-count.server";
import { markLinkUsed } from "~/site/index.server";

/** Records a new sign-in link (its token's hash). Earlier links of the supporter keep working until their hour ends. */
export async function insertDonorLink(
  db: DB,
  values: { tokenHash: string; supporterId: number; email: string; now: Date; ttlMs: number },
): Promise<void> {
  await db
    .insertInto("donor_links")
    .values({
      token_hash: values.tokenHash,
      supporter_id: values.supporterId,
      email: values.email,
      created_at: values.now.toISOString(),
      expires_at: new Date(values.now.getTime() + values.ttlMs).toISOString(),
      used_at: null,
    })
    .execute();
}

export interface DonorLinkRow {
  supporterId: number;
  email: string;
  expiresAt: string;
  usedAt: string | null;
}

/** The link with this token hash, used or not, expired or not (the page says which). */
export async function findDonorLink(db: DB, tokenHash: string): Promise<DonorLinkRow | undefined> {
  const row = await db
    .selectFrom("donor_links")
    .select(["supporter_id", "email", "expires_at", "used_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  return row && { supporterId: row.supporter_id, email: row.email, expiresAt: row.expires_at, usedAt: row.used_at };
}

/** Uses a link once: true only for the one call that marks it used (not used before, not expired). */
export function markDonorLinkUsed(db: DB, tokenHash: string, now: Date): Promise<boolean> {
  return markLinkUsed(db, "donor_links", tokenHash, now);
}

export async function insertDonorSession(
  db: DB,
  values: { id: string; supporterId: number; now: Date; ttlMs: number },
): Promise<void> {
  await db
    .insertInto("donor_sessions")
    .values({
      id: values.id,
      supporter_id: values.supporterId,
      created_at: values.now.toISOString(),
      expires_at: new Date(values.now.getTime() + values.ttlMs).toISOString(),
      last_seen_at: values.now.toISOString(),
    })
    .execute();
}

/** The supporter of a live session (not expired, used since `idleSince`), with when it was last seen. */
export async function findLiveDonorSession(
  db: DB,
  id: string,
  now: Date,
  idleSince: Date,
): Promise<{ supporterId: number; lastSeenAt: string } | undefined> {
  const row = await db
    .selectFrom("donor_sessions")
    .select(["supporter_id", "last_seen_at"])
    .where("id", "=", id)
    .where("expires_at", ">", now.toISOString())
    .where("last_seen_at", ">", idleSince.toISOString())
    .executeTakeFirst();
  return row && { supporterId: row.supporter_id, lastSeenAt: row.last_seen_at };
}

export async function touchDonorSession(db: DB, id: string, now: Date): Promise<void> {
  await db.updateTable("donor_sessions").set({ last_seen_at: now.toISOString() }).where("id", "=", id).execute();
}

export async function deleteDonorSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom("donor_sessions").where("id", "=", id).execute();
}

/**
 * Deletes links expired before `linksBefore` (kept a while after their hour, so opening one
 * again still says it was used or has expired) and sessions that have ended; how many rows.
 */
export async function deleteStaleDonorRows(db: DB, now: Date, idleSince: Date, linksBefore: Date): Promise<number> {
  const links = await deletedCount(db.deleteFrom("donor_links").where("expires_at", "<=", linksBefore.toISOString()));
  const sessions = await deletedCount(
    db
      .deleteFrom("donor_sessions")
      .where((eb) =>
        eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleSince.toISOString())]),
      ),
  );
  return links + sessions;
}
