// The one home of "which supporter is this address?": every row a person gives an address for
// (pledge, declaration, subscription, enquiry) gets its supporter here, in its own transaction.
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import { normaliseSupporterEmail } from "~/utils/supporters";

/**
 * The supporter an address belongs to, made (with the address as its first, primary one) when
 * there is none: call it in the transaction that writes the row the person gave the address
 * for, so the row and its supporter commit together. A name fills a supporter that had none.
 */
export async function findOrCreateSupporterByEmail(
  trx: DB,
  email: string,
  name: string | null = null,
  now: string = nowIsoString(),
): Promise<number> {
  return (await findOrCreateSupporter(trx, email, name, now)).id;
}

/** As findOrCreateSupporterByEmail, saying whether the supporter was made now (and so has no history). */
export async function findOrCreateSupporter(
  trx: DB,
  email: string,
  name: string | null = null,
  now: string = nowIsoString(),
): Promise<{ id: number; created: boolean }> {
  const address = normaliseSupporterEmail(email);
  const cleanName = name?.replace(/\s+/g, " ").trim() || null;
  // A write first (it finds the supporter, filling a missing name): on SQLite the transaction
  // takes the write lock before it reads, so a read-then-write can not fail on a busy database.
  const known = await trx
    .updateTable("supporters")
    .set((eb) => ({ display_name: eb.fn.coalesce("display_name", eb.val(cleanName)) }))
    .where("id", "=", (eb) =>
      eb
        .selectFrom("supporter_emails")
        .select("supporter_emails.supporter_id")
        .where("supporter_emails.address", "=", address),
    )
    .returning("id")
    .executeTakeFirst();
  if (known) return { id: known.id, created: false };
  const supporter = await trx
    .insertInto("supporters")
    .values({ display_name: cleanName, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const inserted = await trx
    .insertInto("supporter_emails")
    .values({ supporter_id: supporter.id, address, is_primary: 1, created_at: now })
    .onConflict((oc) => oc.column("address").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: supporter.id, created: true };
  // Another instance made the address's supporter meanwhile: use theirs.
  await trx.deleteFrom("supporters").where("id", "=", supporter.id).execute();
  return { id: (await findSupporterIdByEmail(trx, address))!, created: false };
}

export async function findSupporterIdByEmail(db: DB, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("supporter_emails")
    .select("supporter_id")
    .where("address", "=", normaliseSupporterEmail(email))
    .executeTakeFirst();
  return row?.supporter_id;
}
