import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";

// The single-use links sent by e-mail (a password reset, an e-mail change, a donor's sign-in link)
// are rows keyed by their token's hash, with `used_at` and `expires_at`.

/** Uses a single-use link once: true only for the one call that marks it used (not used before, not expired). */
export async function markLinkUsed(
  db: DB,
  table: "password_resets" | "email_changes" | "donor_links",
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable(table)
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null)
      .where("expires_at", ">", now.toISOString()),
  );
}
