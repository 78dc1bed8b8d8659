import { sql, type ExpressionBuilder, type Selectable } from "kysely";
import type { Database, InvitationsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedCount, updatedAny, updatedCount } from "~/infra/row-count.server";
import type { Role } from "~/utils/admin-paths";
import { camelRow, type CamelRow } from "~/utils/row-shape";
import { markLinkUsed } from "~/site/index.server";

export type Invitation = CamelRow<Selectable<InvitationsTable>>;

/** An invitation still waiting for an answer: neither accepted nor withdrawn (an expired one included). */
function pending(eb: ExpressionBuilder<Database, "invitations">) {
  return eb.and([eb("accepted_at", "is", null), eb("withdrawn_at", "is", null)]);
}

/** When a link made `now` stops working. */
function expiryOf(now: Date, ttlMs: number): string {
  return new Date(now.getTime() + ttlMs).toISOString();
}

/** The row of a person's new single-use link (a password reset, an e-mail change). */
function linkRow(values: { userId: number; tokenHash: string; now: Date; ttlMs: number }) {
  return {
    token_hash: values.tokenHash,
    user_id: values.userId,
    created_at: values.now.toISOString(),
    expires_at: expiryOf(values.now, values.ttlMs),
  };
}

export async function createInvitation(
  db: DB,
  values: { name: string; email: string; role: Role; tokenHash: string; invitedBy: string; now: Date; ttlMs: number },
): Promise<Invitation> {
  const row = await db
    .insertInto("invitations")
    .values({
      name: values.name,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      created_at: values.now.toISOString(),
      expires_at: expiryOf(values.now, values.ttlMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return camelRow(row);
}

export async function getInvitation(db: DB, id: number): Promise<Invitation | undefined> {
  const row = await db.selectFrom("invitations").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

/** An invitation that can still be accepted: not used, not withdrawn, not expired. */
export async function findOpenInvitation(db: DB, tokenHash: string, now: Date): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .where(pending)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row && camelRow(row);
}

/** Invitations neither accepted nor withdrawn (expired ones included, so they can be resent). */
export async function listPendingInvitations(db: DB): Promise<Invitation[]> {
  const rows = await db.selectFrom("invitations").selectAll().where(pending).orderBy("created_at", "desc").execute();
  return rows.map(camelRow);
}

export async function pendingInvitationFor(db: DB, email: string): Promise<Invitation | undefined> {
  const row = await db
    .selectFrom("invitations")
    .selectAll()
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .where(pending)
    .executeTakeFirst();
  return row && camelRow(row);
}

/** A new link for a pending invitation: the old one stops working. */
export async function renewInvitation(
  db: DB,
  id: number,
  tokenHash: string,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("invitations")
      .set({ token_hash: tokenHash, expires_at: expiryOf(now, ttlMs) })
      .where("id", "=", id)
      .where(pending),
  );
}

export async function withdrawInvitation(db: DB, id: number, now: Date): Promise<boolean> {
  return updatedAny(
    db.updateTable("invitations").set({ withdrawn_at: now.toISOString() }).where("id", "=", id).where(pending),
  );
}

/** Withdraws every invitation still waiting for this address (case ignored); how many. */
export async function withdrawInvitationsFor(db: DB, email: string, now: Date): Promise<number> {
  return updatedCount(
    db
      .updateTable("invitations")
      .set({ withdrawn_at: now.toISOString() })
      .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
      .where(pending),
  );
}

/** Marks an open invitation used (only once: false when someone got there first). */
export async function markInvitationAccepted(db: DB, id: number, userId: number, now: Date): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("invitations")
      .set({ accepted_at: now.toISOString(), user_id: userId })
      .where("id", "=", id)
      .where(pending)
      .where("expires_at", ">", now.toISOString()),
  );
}

export async function createPasswordReset(
  db: DB,
  values: { userId: number; tokenHash: string; now: Date; ttlMs: number },
): Promise<void> {
  // One live link per person: asking again replaces the earlier one.
  await deletePasswordResetsOf(db, values.userId);
  await db.insertInto("password_resets").values(linkRow(values)).execute();
}

/** The user id of a reset link that still works, or undefined. */
export async function findOpenPasswordReset(db: DB, tokenHash: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .select("password_resets.user_id")
    .where("password_resets.token_hash", "=", tokenHash)
    .where("password_resets.used_at", "is", null)
    .where("password_resets.expires_at", ">", now.toISOString())
    .where("users.status", "=", "active")
    .executeTakeFirst();
  return row?.user_id;
}

/** Deletes every password-reset link of a person, used or not. */
export async function deletePasswordResetsOf(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("password_resets").where("user_id", "=", userId).execute();
}

export async function markPasswordResetUsed(db: DB, tokenHash: string, now: Date): Promise<boolean> {
  return markLinkUsed(db, "password_resets", tokenHash, now);
}

/** A pending change of a person's own e-mail address; one per person (asking again replaces it). */
export async function createEmailChange(
  db: DB,
  values: { userId: number; newEmail: string; tokenHash: string; now: Date; ttlMs: number },
): Promise<void> {
  await db.deleteFrom("email_changes").where("user_id", "=", values.userId).execute();
  await db
    .insertInto("email_changes")
    .values({ ...linkRow(values), new_email: values.newEmail })
    .execute();
}

/** An e-mail change whose link still works (not used, not expired, its person active), or undefined. */
export async function findOpenEmailChange(
  db: DB,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; newEmail: string } | undefined> {
  const row = await db
    .selectFrom("email_changes")
    .innerJoin("users", "users.id", "email_changes.user_id")
    .select(["email_changes.user_id", "email_changes.new_email"])
    .where("email_changes.token_hash", "=", tokenHash)
    .where("email_changes.used_at", "is", null)
    .where("email_changes.expires_at", ">", now.toISOString())
    .where("users.status", "=", "active")
    .executeTakeFirst();
  return row ? { userId: row.user_id, newEmail: row.new_email } : undefined;
}

/** Uses an e-mail change's link once: true only for the one call that marks it used. */
export async function markEmailChangeUsed(db: DB, tokenHash: string, now: Date): Promise<boolean> {
  return markLinkUsed(db, "email_changes", tokenHash, now);
}

/**
 * Deletes password-reset links that are used or expired (they can never work again); how many.
 * Invitations stay: the Team section lists an expired one until an admin resends or withdraws it.
 */
export async function deleteStaleStaffTokens(db: DB, now: Date): Promise<number> {
  return deletedCount(
    db
      .deleteFrom("password_resets")
      .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("used_at", "is not", null)])),
  );
}
