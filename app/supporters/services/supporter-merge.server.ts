import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  countSupporterRecords,
  findSupporterIdByEmail,
  getSupporter,
  listSupporterEmails,
  mergeSupporterInto,
  type Supporter,
} from "~/supporters/models/supporter.server";
import { SupporterError } from "./supporters.server";

// Merging two supporter records of the same person: what would move, the merge itself (one
// transaction, audited), and finding the other supporter by number or e-mail address.

export interface MergePreview {
  survivor: Supporter & { emails: string[] };
  merged: Supporter & { emails: string[] };
  /** What moves from the merged-away supporter to the survivor. */
  moves: { label: string; count: number }[];
}

const moveLabels = {
  pledges: ["pledge", "pledges"],
  payments: ["payment (with its pledge)", "payments (with their pledges)"],
  gift_aid_declarations: ["Gift Aid declaration", "Gift Aid declarations"],
  newsletter_subscribers: ["newsletter subscription", "newsletter subscriptions"],
  contact_enquiries: ["enquiry", "enquiries"],
  volunteer_applications: ["volunteer application", "volunteer applications"],
} as const;

const counted = (count: number, [one, many]: readonly [string, string]) => ({ label: count === 1 ? one : many, count });

/** What merging `mergedId` into `survivorId` would move; refused for a missing or identical supporter. */
export async function previewMerge(survivorId: number, mergedId: number, db: DB = getDb()): Promise<MergePreview> {
  if (survivorId === mergedId) throw new SupporterError("A supporter cannot be merged with themselves.", 400);
  const [survivor, merged] = await Promise.all([getSupporter(db, survivorId), getSupporter(db, mergedId)]);
  if (!survivor) throw new SupporterError("There is no such supporter.", 404);
  if (!merged) throw new SupporterError(`There is no supporter number ${mergedId}.`, 400);
  const [survivorEmails, mergedEmails, counts] = await Promise.all([
    listSupporterEmails(db, survivorId),
    listSupporterEmails(db, mergedId),
    countSupporterRecords(db, mergedId),
  ]);
  return {
    survivor: { ...survivor, emails: survivorEmails.map((e) => e.address) },
    merged: { ...merged, emails: mergedEmails.map((e) => e.address) },
    moves: [
      counted(mergedEmails.length, ["e-mail address", "e-mail addresses"]),
      ...(Object.keys(moveLabels) as (keyof typeof moveLabels)[]).map((key) => counted(counts[key], moveLabels[key])),
    ],
  };
}

/**
 * Merges `mergedId` into `survivorId`: every record and address moves (the addresses as second
 * addresses), the merged-away supporter is deleted, and the audit trail says so; one transaction.
 */
export async function mergeSupporters(
  survivorId: number,
  mergedId: number,
  actor: string,
  db: DB = getDb(),
): Promise<MergePreview> {
  const preview = await immediateTransaction(db, async (trx) => {
    const preview = await previewMerge(survivorId, mergedId, trx);
    await mergeSupporterInto(trx, survivorId, mergedId);
    const detail = `Supporter ${mergedId} merged in: ${preview.moves
      .filter((m) => m.count > 0)
      .map((m) => `${m.count} ${m.label}`)
      .join(", ")}`;
    await recordAudit(trx, { entity: "supporter", entityId: survivorId, action: "supporter.merged", detail, actor });
    return preview;
  });
  logger.info({ event: "supporter.merged", survivor: survivorId, merged: mergedId }, "Supporters merged");
  return preview;
}

/** The supporter staff mean by "1234" (their number) or an e-mail address; a readable refusal otherwise. */
export async function resolveSupporterRef(ref: string, db: DB = getDb()): Promise<number> {
  const text = ref.trim();
  if (!text) throw new SupporterError("Enter the other supporter's number or e-mail address.", 400);
  if (/^\d{1,9}$/.test(text)) {
    if (!(await getSupporter(db, Number(text)))) throw new SupporterError(`There is no supporter number ${text}.`, 400);
    return Number(text);
  }
  if (text.length > 254 || !text.includes("@")) {
    throw new SupporterError("Enter the other supporter's number or e-mail address.", 400);
  }
  const id = await findSupporterIdByEmail(db, text);
  if (id === undefined) throw new SupporterError("No supporter has this e-mail address.", 400);
  return id;
}
