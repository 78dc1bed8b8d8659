import { nowDate, nowIsoString } from "~/infra/clock.server";
import { getEnv } from "~/infra/env.server";
import { createEnquiry, type ContactEnquiry, type EnquiryInput } from "~/supporters/models/enquiry.server";
import { enqueueMail } from "~/mail/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { getCharitySettings } from "~/site/index.server";
import { enquiryAcknowledgement, staffEnquiryAlert } from "~/mail/index.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  deleteEnquiriesReceivedBefore,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  listEnquiriesForExport,
  setEnquiryStatus,
} from "~/supporters/models/enquiry.server";
import type { EnquiryFilter, EnquiryStatus } from "~/supporters/schemas/enquiry";

/**
 * A visitor's enquiry, the acknowledgement to the visitor and, when STAFF_EMAIL is set, the
 * staff alert about it, in one transaction. The alert links to the enquiry in the staff area and
 * leaves the message out (it may hold health details) unless STAFF_ALERT_INCLUDE_MESSAGE=true.
 */
export async function submitEnquiry(input: EnquiryInput, now: Date = nowDate()): Promise<ContactEnquiry> {
  const { STAFF_EMAIL, STAFF_ALERT_INCLUDE_MESSAGE } = getEnv();
  const charity = await getCharitySettings();
  const enquiry = await getDb()
    .transaction()
    .execute(async (trx) => {
      const enquiry = await createEnquiry(trx, input);
      await enqueueMail(
        trx,
        { kind: "enquiry.ack", to: enquiry.email, enquiryId: enquiry.id, ...enquiryAcknowledgement(enquiry, charity) },
        now,
      );
      if (STAFF_EMAIL) {
        const alert = staffEnquiryAlert(
          enquiry,
          absoluteUrl(adminPaths.enquiry(enquiry.id)),
          STAFF_ALERT_INCLUDE_MESSAGE,
          charity,
        );
        await enqueueMail(trx, { kind: "enquiry.staff", to: STAFF_EMAIL, enquiryId: enquiry.id, ...alert }, now);
      }
      return enquiry;
    });
  return enquiry;
}

// Staff changes to enquiries. Each change and its audit row commit together; the log line
// names the enquiry by id only (never the sender, their address or the message).

export type StatusChange = "changed" | "unchanged" | "missing";

/** Marks an enquiry handled, or reopens it (status new). */
export async function changeEnquiryStatus(
  id: number,
  status: EnquiryStatus,
  actor: string,
  db: DB = getDb(),
): Promise<StatusChange> {
  const outcome = await immediateTransaction(db, async (trx) => {
    const now = nowIsoString();
    const result = await setEnquiryStatus(trx, id, status, now);
    if (!result) return "missing" as const;
    if (result.before === status) return "unchanged" as const;
    await recordAudit(
      trx,
      { entity: "enquiry", entityId: id, action: status === "handled" ? "enquiry.handled" : "enquiry.reopened", actor },
      now,
    );
    return "changed" as const;
  });
  if (outcome === "changed") {
    logger.info(
      { event: status === "handled" ? "enquiry.handled" : "enquiry.reopened", enquiryId: id },
      "Enquiry status changed",
    );
  }
  return outcome;
}

/** Deletes an enquiry; its history stays in the audit trail (which holds no personal data). */
export async function removeEnquiry(id: number, actor: string, db: DB = getDb()): Promise<boolean> {
  const deleted = await immediateTransaction(db, async (trx) => {
    if (!(await deleteEnquiry(trx, id))) return false;
    await recordAudit(trx, { entity: "enquiry", entityId: id, action: "enquiry.deleted", actor });
    return true;
  });
  if (deleted) logger.info({ event: "enquiry.deleted", enquiryId: id }, "Enquiry deleted");
  return deleted;
}

/** The actor recorded for what the server does on its own. */
export const SYSTEM_ACTOR = "system (retention)";

/**
 * Deletes enquiries received more than `retentionDays` days before `now` (the privacy page's
 * promise); how many. An erasure by the clock is audited like one by staff: a count, no data.
 */
export async function deleteExpiredEnquiries(now: Date, retentionDays: number, db: DB = getDb()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const deleted = await db.transaction().execute(async (trx) => {
    const count = await deleteEnquiriesReceivedBefore(trx, cutoff);
    if (count > 0) {
      await recordAudit(
        trx,
        {
          entity: "privacy",
          entityId: null,
          action: "retention.enquiries-deleted",
          detail: `${count} ${count === 1 ? "enquiry" : "enquiries"} older than ${retentionDays} days`,
          actor: SYSTEM_ACTOR,
        },
        now.toISOString(),
      );
    }
    return count;
  });
  if (deleted > 0)
    logger.info({ event: "retention.enquiries-deleted", count: deleted, retentionDays }, "Old enquiries deleted");
  return deleted;
}

/** One page of the staff list of enquiries, newest first within each status. */
export async function enquiriesPage(filter: EnquiryFilter, page: number, pageSize: number) {
  return listEnquiries(getDb(), filter, page, pageSize);
}

/** Every enquiry that matches the filter, for the CSV export. */
export async function enquiriesForExport(filter: EnquiryFilter): Promise<ContactEnquiry[]> {
  return listEnquiriesForExport(getDb(), filter);
}

/**
 * One enquiry, or undefined when there is none with that id: for staff, and for its sender's
 * confirmation page (where the id comes from their signed cookie).
 */
export async function findEnquiry(id: number): Promise<ContactEnquiry | undefined> {
  return getEnquiry(getDb(), id);
}
