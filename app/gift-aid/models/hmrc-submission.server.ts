import type { Selectable, Updateable } from "kysely";
import type { HmrcMessagesTable, HmrcSubmissionState, HmrcSubmissionsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// Claim batches sent to HMRC: the submissions (a state machine, moved under a lease) and every
// message sent and received. Only SQL and row mapping; the protocol is the service's.

export type HmrcSubmission = CamelRow<Selectable<HmrcSubmissionsTable>>;
export type HmrcMessage = CamelRow<Selectable<HmrcMessagesTable>>;
export type { HmrcSubmissionState };

/** States a submission is still moving in (a worker's business). */
export const LIVE_STATES = ["submitted", "polling"] as const;

export async function insertSubmission(
  db: DB,
  row: Omit<
    Selectable<HmrcSubmissionsTable>,
    | "id"
    | "attempts"
    | "correlation_id"
    | "poll_url"
    | "poll_interval_seconds"
    | "sent_at"
    | "receipt"
    | "errors"
    | "problem"
    | "deleted_at"
    | "lease_owner"
    | "lease_expires_at"
    | "finished_at"
    | "gasds"
    | "gateway_test"
  > & { gasds?: string | null; gateway_test?: number },
): Promise<HmrcSubmission> {
  const inserted = await db.insertInto("hmrc_submissions").values(row).returningAll().executeTakeFirstOrThrow();
  return camelRow(inserted);
}

export async function getSubmission(db: DB, id: number): Promise<HmrcSubmission | undefined> {
  const row = await db.selectFrom("hmrc_submissions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? camelRow(row) : undefined;
}

/** The batch's submissions, newest first. */
export async function listSubmissionsOfClaim(db: DB, claimId: number): Promise<HmrcSubmission[]> {
  const rows = await db
    .selectFrom("hmrc_submissions")
    .selectAll()
    .where("claim_id", "=", claimId)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => camelRow(row));
}

/** Each batch's latest submission (its state, and whether it was a test), by claim id. */
export async function latestSubmissionOfClaims(
  db: DB,
): Promise<Map<number, { state: HmrcSubmissionState; gatewayTest: boolean }>> {
  const rows = await db
    .selectFrom("hmrc_submissions as s")
    .select(["s.claim_id", "s.state", "s.gateway_test"])
    .where("s.id", "=", (eb) =>
      eb
        .selectFrom("hmrc_submissions as later")
        .select((inner) => inner.fn.max("later.id").as("id"))
        .whereRef("later.claim_id", "=", "s.claim_id"),
    )
    .execute();
  return new Map(rows.map((row) => [row.claim_id, { state: row.state, gatewayTest: row.gateway_test === 1 }]));
}

/** Submissions still moving whose next step is due (or, with `dueBy` null, all of them). */
export async function listLiveSubmissionIds(db: DB, dueBy: string | null): Promise<number[]> {
  let query = db
    .selectFrom("hmrc_submissions")
    .select("id")
    .where("state", "in", [...LIVE_STATES]);
  if (dueBy !== null) query = query.where("next_attempt_at", "<=", dueBy);
  const rows = await query.orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** When the earliest live submission's next step is due (ISO), or null when none is live. */
export async function nextLiveSubmissionDue(db: DB): Promise<string | null> {
  const row = await db
    .selectFrom("hmrc_submissions")
    .select((eb) => eb.fn.min("next_attempt_at").as("due"))
    .where("state", "in", [...LIVE_STATES])
    .executeTakeFirst();
  return row?.due ?? null;
}

/**
 * Takes the submission's lease for `owner` until `expiresAt`: true for exactly one caller while
 * the lease holds, on either engine (one conditional update). Only a live submission whose next
 * step is due can be taken.
 */
export async function takeLease(
  db: DB,
  id: number,
  lease: { owner: string; now: string; expiresAt: string },
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("hmrc_submissions")
      .set({ lease_owner: lease.owner, lease_expires_at: lease.expiresAt })
      .where("id", "=", id)
      .where("state", "in", [...LIVE_STATES])
      .where("next_attempt_at", "<=", lease.now)
      .where((eb) => eb.or([eb("lease_expires_at", "is", null), eb("lease_expires_at", "<", lease.now)])),
  );
}

/** Changes a submission while `owner` holds its lease: false when the lease was lost. */
export async function updateUnderLease(
  db: DB,
  id: number,
  owner: string,
  change: Updateable<HmrcSubmissionsTable>,
): Promise<boolean> {
  return updatedAny(
    db.updateTable("hmrc_submissions").set(change).where("id", "=", id).where("lease_owner", "=", owner),
  );
}

/** Gives up `owner`'s lease on the submission (nothing when another worker holds it now). */
export async function releaseLease(db: DB, id: number, owner: string): Promise<void> {
  await db
    .updateTable("hmrc_submissions")
    .set({ lease_owner: null, lease_expires_at: null })
    .where("id", "=", id)
    .where("lease_owner", "=", owner)
    .execute();
}

/** The GASDS claimed by submissions under way or accepted (JSON texts). */
export async function listGasdsOfSubmissions(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom("hmrc_submissions")
    .select("gasds")
    .where("gasds", "is not", null)
    .where("gateway_test", "=", 0)
    .where("state", "in", ["submitted", "polling", "accepted"])
    .execute();
  return rows.map((row) => row.gasds!);
}

export async function insertMessage(
  db: DB,
  message: {
    submissionId: number;
    direction: HmrcMessagesTable["direction"];
    kind: HmrcMessagesTable["kind"];
    xml: string;
    at: string;
  },
): Promise<void> {
  await db
    .insertInto("hmrc_messages")
    .values({
      submission_id: message.submissionId,
      direction: message.direction,
      kind: message.kind,
      xml: message.xml,
      at: message.at,
    })
    .execute();
}

export async function listMessages(db: DB, submissionId: number): Promise<HmrcMessage[]> {
  const rows = await db
    .selectFrom("hmrc_messages")
    .selectAll()
    .where("submission_id", "=", submissionId)
    .orderBy("id")
    .execute();
  return rows.map((row) => camelRow(row));
}

/**
 * Takes lines out of a batch that was never submitted (they go back to the claimable list) and
 * sets its figures from what is left. Call inside the batch's transaction.
 */
export async function removeClaimItems(db: DB, claimId: number, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .deleteFrom("gift_aid_claim_items")
    .where("claim_id", "=", claimId)
    .where("id", "in", [...itemIds])
    .execute();
  const left = await db
    .selectFrom("gift_aid_claim_items")
    .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number>("amount_pence").as("total")])
    .where("claim_id", "=", claimId)
    .executeTakeFirstOrThrow();
  const total = Number(left.total ?? 0);
  await db
    .updateTable("gift_aid_claims")
    .set({ total_pence: total, gift_aid_pence: giftAidOnPence(total), item_count: Number(left.count) })
    .where("id", "=", claimId)
    .execute();
}

/** HMRC accepted the batch: it is submitted (locked), with HMRC's reference and receipt. */
export async function setClaimAcceptedByHmrc(
  db: DB,
  claimId: number,
  accepted: { on: string; by: string; correlationId: string; receipt: string },
): Promise<void> {
  await db
    .updateTable("gift_aid_claims")
    .set({ hmrc_correlation_id: accepted.correlationId, hmrc_receipt: accepted.receipt })
    .where("id", "=", claimId)
    .execute();
  await db
    .updateTable("gift_aid_claims")
    .set({ submitted_on: accepted.on, submitted_by: accepted.by })
    .where("id", "=", claimId)
    .where("submitted_on", "is", null)
    .execute();
}
