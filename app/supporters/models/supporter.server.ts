// Long because it is the only SQL that reads across a person's records (the privacy model aside):
// the staff list with its filters, each kind of record on one supporter's page, and the merge of
// two people that moves them all. Supporters: one per person, found by any of their addresses
// (supporter_emails); finding or creating one by address is in supporter-identity.server.ts.
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Database, SupporterEmailsTable, SupportersTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import type { SupporterQuery } from "~/utils/supporters";
import { lapseCutoff, pledgeStatusWhere, referencePrefix } from "~/giving/index.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";
export { findOrCreateSupporterByEmail, findSupporterIdByEmail } from "./supporter-identity.server";

export type Supporter = CamelRow<Selectable<SupportersTable>>;

/** One of a supporter's addresses; `isPrimary` is 1 for the one mail goes to. */
export type SupporterEmail = CamelRow<Selectable<SupporterEmailsTable>>;

export async function getSupporter(db: DB, id: number): Promise<Supporter | undefined> {
  const row = await db.selectFrom("supporters").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

export async function findSupporterIdOfPledge(db: DB, pledgeId: number): Promise<number | null> {
  const row = await db.selectFrom("pledges").select("supporter_id").where("id", "=", pledgeId).executeTakeFirst();
  return row?.supporter_id ?? null;
}

/** The supporter's addresses, the primary first. */
export async function listSupporterEmails(db: DB, id: number): Promise<SupporterEmail[]> {
  const rows = await db
    .selectFrom("supporter_emails")
    .selectAll()
    .where("supporter_id", "=", id)
    .orderBy("is_primary", "desc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

// ---------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------

export interface SupporterListItem {
  id: number;
  displayName: string | null;
  email: string | null;
  /** Payments received less refunds, pence. */
  lifetimePence: number;
  firstGiftOn: string | null;
  lastGiftOn: string | null;
  /** Donations in claim batches (the Gift Aid on them is 25% of this). */
  claimedPence: number;
}

const upperBound = (prefix: string) => `${prefix}\uffff`;

function supporterWhere(query: SupporterQuery, today: string) {
  return (eb: ExpressionBuilder<Database, "supporters">) => {
    const conditions = [];
    const pledgesOf = () =>
      eb.selectFrom("pledges").select("pledges.id").whereRef("pledges.supporter_id", "=", "supporters.id");
    const q = query.q?.trim().toLowerCase();
    if (q) {
      const name = eb.fn<string>("lower", [eb.ref("supporters.display_name")]);
      const alternatives = [
        eb.and([eb(name, ">=", q), eb(name, "<", upperBound(q))]),
        // A last name: the name has a word starting with it.
        eb(name, "like", `% ${q.replace(/[\\%_]/g, "")}%`),
        eb.exists(
          eb
            .selectFrom("supporter_emails")
            .select("supporter_emails.id")
            .whereRef("supporter_emails.supporter_id", "=", "supporters.id")
            .where("supporter_emails.address", ">=", q)
            .where("supporter_emails.address", "<", upperBound(q)),
        ),
      ];
      const reference = referencePrefix(q);
      if (reference) {
        alternatives.push(
          eb.exists(
            pledgesOf()
              .where("pledges.reference", ">=", reference)
              .where("pledges.reference", "<", upperBound(reference)),
          ),
        );
      }
      conditions.push(eb.or(alternatives));
    }
    if (query.giftAid) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom("gift_aid_declarations")
            .select("gift_aid_declarations.id")
            .whereRef("gift_aid_declarations.supporter_id", "=", "supporters.id")
            .where("gift_aid_declarations.cancelled_at", "is", null)
            // One waiting for confirmation (a public form's, for a known address) covers its own gift only.
            .where((w) =>
              w.or([
                w("gift_aid_declarations.own_gift_only", "=", 0),
                w("gift_aid_declarations.confirmed_at", "is not", null),
              ]),
            ),
        ),
      );
    }
    if (query.gaveFrom || query.gaveTo) {
      let gifts = eb
        .selectFrom("payments")
        .innerJoin("pledges", "pledges.id", "payments.pledge_id")
        .select("payments.id")
        .whereRef("pledges.supporter_id", "=", "supporters.id")
        .where("payments.amount_pence", ">", 0);
      if (query.gaveFrom) gifts = gifts.where("payments.received_on", ">=", query.gaveFrom);
      if (query.gaveTo) gifts = gifts.where("payments.received_on", "<=", query.gaveTo);
      conditions.push(eb.exists(gifts));
    }
    if (query.monthly) {
      const cutoff = lapseCutoff(today);
      conditions.push(
        eb.exists(
          eb
            .selectFrom("pledges")
            .select("pledges.id")
            .whereRef("pledges.supporter_id", "=", "supporters.id")
            .where("pledges.type", "=", "monthly")
            .where((p) => pledgeStatusWhere(p, query.monthly === "lapsed" ? "lapsed" : "active", cutoff)),
        ),
      );
    }
    return eb.and(conditions);
  };
}

/** A page of supporters matching the query, newest first, with their giving, and how many match. */
export async function listSupporters(
  db: DB,
  query: SupporterQuery,
  page: { offset: number; limit: number },
  today: string,
): Promise<{ rows: SupporterListItem[]; total: number }> {
  const where = supporterWhere(query, today);
  const [rows, count] = await Promise.all([
    db
      .selectFrom("supporters")
      .where(where)
      .select((eb) => {
        const gifts = () =>
          eb
            .selectFrom("payments")
            .innerJoin("pledges", "pledges.id", "payments.pledge_id")
            .whereRef("pledges.supporter_id", "=", "supporters.id");
        return [
          "supporters.id",
          "supporters.display_name",
          eb
            .selectFrom("supporter_emails")
            .select("supporter_emails.address")
            .whereRef("supporter_emails.supporter_id", "=", "supporters.id")
            .orderBy("supporter_emails.is_primary", "desc")
            .orderBy("supporter_emails.id", "asc")
            .limit(1)
            .as("email"),
          gifts()
            .select((g) => g.fn.sum<number>("payments.amount_pence").as("s"))
            .as("lifetime"),
          gifts()
            .where("payments.amount_pence", ">", 0)
            .select((g) => g.fn.min<string>("payments.received_on").as("m"))
            .as("first_gift"),
          gifts()
            .where("payments.amount_pence", ">", 0)
            .select((g) => g.fn.max<string>("payments.received_on").as("m"))
            .as("last_gift"),
          eb
            .selectFrom("gift_aid_claim_items")
            .innerJoin("payments", "payments.id", "gift_aid_claim_items.payment_id")
            .innerJoin("pledges", "pledges.id", "payments.pledge_id")
            .whereRef("pledges.supporter_id", "=", "supporters.id")
            .select((g) => g.fn.sum<number>("gift_aid_claim_items.amount_pence").as("s"))
            .as("claimed"),
        ];
      })
      .orderBy("supporters.created_at", "desc")
      .orderBy("supporters.id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("supporters")
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      email: row.email ?? null,
      lifetimePence: Number(row.lifetime ?? 0),
      firstGiftOn: row.first_gift ?? null,
      lastGiftOn: row.last_gift ?? null,
      claimedPence: Number(row.claimed ?? 0),
    })),
    total: Number(count.total),
  };
}

// ---------------------------------------------------------------------------------------
// One supporter's records
// ---------------------------------------------------------------------------------------

// Each list is what the supporter's page shows (app/supporters/services/supporters.server.ts), oldest first.

export async function listSupporterPledges(db: DB, id: number) {
  const rows = await db
    .selectFrom("pledges")
    .select(["id", "reference", "type", "amount_pence", "email", "created_at", "cancelled_at"])
    .where("supporter_id", "=", id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

/** Their payments, each with its pledge's reference and, once claimed, its claim and declaration. */
export async function listSupporterPayments(db: DB, id: number) {
  const rows = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .leftJoin("gift_aid_claim_items", "gift_aid_claim_items.payment_id", "payments.id")
    .selectAll("payments")
    .select([
      "pledges.reference",
      "gift_aid_claim_items.claim_id",
      "gift_aid_claim_items.declaration_id as claimed_under",
    ])
    .where("pledges.supporter_id", "=", id)
    .orderBy("payments.received_on", "asc")
    .orderBy("payments.id", "asc")
    .execute();
  return rows.map(camelRow);
}

/** Their payments in Gift Aid claim batches: the batch and the amount claimed on. */
export async function listSupporterClaims(db: DB, id: number) {
  const rows = await db
    .selectFrom("gift_aid_claim_items as item")
    .innerJoin("gift_aid_claims as claim", "claim.id", "item.claim_id")
    .innerJoin("payments", "payments.id", "item.payment_id")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .select(["item.claim_id", "claim.created_at", "claim.submitted_on", "item.payment_id", "item.amount_pence"])
    .where("pledges.supporter_id", "=", id)
    .orderBy("claim.created_at", "asc")
    .orderBy("item.id", "asc")
    .execute();
  return rows.map(camelRow);
}

export async function listSupporterMail(db: DB, addresses: readonly string[]) {
  if (addresses.length === 0) return [];
  const rows = await db
    .selectFrom("outbox")
    .select(["id", "kind", "subject", "to_address", "status", "created_at", "sent_at"])
    .where((eb) => eb(eb.fn("lower", [eb.ref("to_address")]), "in", [...addresses]))
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

export async function listSupporterSubscriptions(db: DB, id: number) {
  const subscribers = (
    await db
      .selectFrom("newsletter_subscribers")
      .select(["id", "email", "status", "legal_basis", "basis_form_version", "basis_at"])
      .where("supporter_id", "=", id)
      .orderBy("id", "asc")
      .execute()
  ).map(camelRow);
  if (subscribers.length === 0) return { subscribers, events: [] };
  const events = await db
    .selectFrom("newsletter_consent_events")
    .select(["id", "subscriber_id", "kind", "occurred_at"])
    .where(
      "subscriber_id",
      "in",
      subscribers.map((s) => s.id),
    )
    .orderBy("occurred_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return { subscribers, events: events.map(camelRow) };
}

export async function listSupporterEnquiries(db: DB, id: number) {
  const rows = await db
    .selectFrom("contact_enquiries")
    .select(["id", "subject", "email", "created_at", "status"])
    .where("supporter_id", "=", id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

export async function listSupporterVolunteerApplications(db: DB, id: number) {
  const rows = await db
    .selectFrom("volunteer_applications")
    .select(["id", "kind", "email", "created_at", "status"])
    .where("supporter_id", "=", id)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

// ---------------------------------------------------------------------------------------
// Merge
// ---------------------------------------------------------------------------------------

/** The tables whose rows point at a supporter, as the merge moves them. */
const OWNED_TABLES = [
  "pledges",
  "gift_aid_declarations",
  "newsletter_subscribers",
  "contact_enquiries",
  "volunteer_applications",
] as const;
export type OwnedTable = (typeof OWNED_TABLES)[number];

/** How many rows of each kind the supporter owns. */
export async function countSupporterRecords(db: DB, id: number): Promise<Record<OwnedTable | "payments", number>> {
  const counts = {} as Record<OwnedTable | "payments", number>;
  for (const table of OWNED_TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("supporter_id", "=", id)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const payments = await db
    .selectFrom("payments")
    .innerJoin("pledges", "pledges.id", "payments.pledge_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("pledges.supporter_id", "=", id)
    .executeTakeFirstOrThrow();
  counts.payments = Number(payments.n);
  return counts;
}

/**
 * Moves everything of `mergedId` to `survivorId` (its addresses become the survivor's second
 * addresses) and deletes the merged-away supporter. Call inside a transaction.
 */
export async function mergeSupporterInto(db: DB, survivorId: number, mergedId: number): Promise<void> {
  for (const table of OWNED_TABLES) {
    await db.updateTable(table).set({ supporter_id: survivorId }).where("supporter_id", "=", mergedId).execute();
  }
  await db
    .updateTable("supporter_emails")
    .set({ supporter_id: survivorId, is_primary: 0 })
    .where("supporter_id", "=", mergedId)
    .execute();
  // Details a public form typed for the merged-away address wait on the survivor's page.
  await db
    .updateTable("supporter_pending_details")
    .set({ supporter_id: survivorId })
    .where("supporter_id", "=", mergedId)
    .execute();
  const merged = await getSupporter(db, mergedId);
  if (merged?.displayName) {
    await db
      .updateTable("supporters")
      .set({ display_name: merged.displayName })
      .where("id", "=", survivorId)
      .where("display_name", "is", null)
      .execute();
  }
  await db.deleteFrom("supporters").where("id", "=", mergedId).execute();
}

/** Deletes a supporter nothing points at any more (after an erasure); true when deleted. */
export async function deleteSupporterIfUnused(db: DB, id: number): Promise<boolean> {
  const counts = await countSupporterRecords(db, id);
  if (Object.values(counts).some((n) => n > 0)) return false;
  await db.deleteFrom("supporter_emails").where("supporter_id", "=", id).execute();
  await db.deleteFrom("supporters").where("id", "=", id).execute();
  return true;
}
