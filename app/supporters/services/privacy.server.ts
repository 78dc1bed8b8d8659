import { nowDate } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  deleteRowsByEmail,
  deleteUnpaidPledgesByEmail,
  deleteUnusedDeclarationsByEmail,
  deleteEventWaitlistByEmail,
  eraseEventBookingsByEmail,
  findDeclarationsByEmail,
  findEventBookingsByEmail,
  findEventWaitlistByEmail,
  findEnquiriesByEmail,
  findPledgesByEmail,
  findSubscriptionsByEmail,
  findVolunteerApplicationsByEmail,
  type DeclarationRecord,
  type EnquiryRecord,
  type EventBookingRecord,
  type EventWaitlistRecord,
  type PledgeRecord,
  type SubscriberRecord,
  type VolunteerRecord,
  type WhollyErasedTable,
  normaliseEmail,
} from "~/supporters/models/privacy.server";
import {
  deleteSupporterIfUnused,
  findSupporterIdByEmail,
  listSupporterEmails,
} from "~/supporters/models/supporter.server";
import { deletePendingDetailsOf } from "~/supporters/models/supporter-pending.server";

/**
 * Privacy requests (subject access and erasure) over every table that holds a person's data.
 * Each kind of record is a holder that can find a person's records and erase them, keeping what
 * the law says must be kept. A new kind of personal data (Gift Aid declarations, consent
 * history without a cascade…) is one more holder here and one more section on the page.
 */
interface Holder<T> {
  /** A few words for the audit trail and the page. */
  label: string;
  find(db: DB, email: string): Promise<T[]>;
  /** Deletes what may go; how many were deleted and how many had to be kept. */
  erase(db: DB, email: string): Promise<{ deleted: number; kept: number }>;
}

/**
 * An erase that keeps some records: `remove` deletes (or clears) what may go; what `find` no
 * longer finds counts as deleted, what it still finds as kept.
 */
function keepingWhatRemains<T>(
  find: (db: DB, email: string) => Promise<T[]>,
  remove: (db: DB, email: string) => Promise<unknown>,
): Holder<T>["erase"] {
  return async (db, email) => {
    const before = (await find(db, email)).length;
    await remove(db, email);
    const kept = (await find(db, email)).length;
    return { deleted: before - kept, kept };
  };
}

/** An erase that keeps nothing: every record with the address is deleted. */
function deletingAll(table: WhollyErasedTable): Holder<unknown>["erase"] {
  return async (db, email) => ({ deleted: await deleteRowsByEmail(db, table, email), kept: 0 });
}

export const holders = {
  enquiries: {
    label: "enquiries",
    find: findEnquiriesByEmail,
    erase: deletingAll("contact_enquiries"),
  } satisfies Holder<EnquiryRecord>,
  // Before pledges: a declaration refers to its pledge, so it must go first.
  giftAid: {
    label: "Gift Aid declarations",
    find: findDeclarationsByEmail,
    erase: keepingWhatRemains(findDeclarationsByEmail, deleteUnusedDeclarationsByEmail),
  } satisfies Holder<DeclarationRecord>,
  pledges: {
    label: "pledges",
    find: findPledgesByEmail,
    erase: keepingWhatRemains(findPledgesByEmail, deleteUnpaidPledgesByEmail),
  } satisfies Holder<PledgeRecord>,
  newsletter: {
    label: "newsletter subscriptions",
    find: findSubscriptionsByEmail,
    erase: deletingAll("newsletter_subscribers"),
  } satisfies Holder<SubscriberRecord>,
  volunteers: {
    label: "volunteer applications",
    find: findVolunteerApplicationsByEmail,
    erase: deletingAll("volunteer_applications"),
  } satisfies Holder<VolunteerRecord>,
  eventBookings: {
    label: "event bookings",
    find: findEventBookingsByEmail,
    // Deleted: the bookings that no longer name the person (gone, or their guest entry cleared).
    erase: keepingWhatRemains(findEventBookingsByEmail, eraseEventBookingsByEmail),
  } satisfies Holder<EventBookingRecord>,
  eventWaitlist: {
    label: "event waiting lists",
    find: findEventWaitlistByEmail,
    erase: keepingWhatRemains(findEventWaitlistByEmail, deleteEventWaitlistByEmail),
  } satisfies Holder<EventWaitlistRecord>,
};

export type HolderKind = keyof typeof holders;
const kinds = Object.keys(holders) as HolderKind[];

export type PersonalData = { [K in HolderKind]: Awaited<ReturnType<(typeof holders)[K]["find"]>> };

/**
 * The addresses a request about `email` covers: every address of the supporter it belongs to
 * (a merged supporter has several), or the address alone when no supporter has it.
 */
export async function addressesFor(email: string, db: DB = getDb()): Promise<string[]> {
  const supporterId = await findSupporterIdByEmail(db, email);
  if (supporterId === undefined) return [normaliseEmail(email)];
  return (await listSupporterEmails(db, supporterId)).map((row) => row.address);
}

/** Everything held about the person an address belongs to: all their addresses (case-insensitive exact matches). */
export async function findPersonalData(email: string, db: DB = getDb()): Promise<PersonalData> {
  const addresses = await addressesFor(email, db);
  const entries = await Promise.all(
    kinds.map(async (kind) => {
      const found: { id: number }[] = [];
      for (const address of addresses) {
        for (const record of await holders[kind].find(db, address)) {
          if (!found.some((seen) => seen.id === record.id)) found.push(record);
        }
      }
      return [kind, found] as const;
    }),
  );
  return Object.fromEntries(entries) as PersonalData;
}

/** Whether anything at all is held. */
export function holdsAnything(data: PersonalData): boolean {
  return kinds.some((kind) => data[kind].length > 0);
}

/** How many records of each kind are held: what the log and audit may say (never the data). */
export function countsOf(data: PersonalData): Record<HolderKind, number> {
  return Object.fromEntries(kinds.map((kind) => [kind, data[kind].length])) as Record<HolderKind, number>;
}

/** The subject access export: every record held, as one JSON document. */
export function subjectAccessExport(
  email: string,
  data: PersonalData,
  now: Date = nowDate(),
  addresses: readonly string[] = [normaliseEmail(email)],
) {
  return {
    subject: email.trim(),
    addresses,
    exported_at: now.toISOString(),
    note: "Everything this website's database holds for this person (all of their e-mail addresses). Money is in pence; times are UTC.",
    ...data,
  };
}

export type ErasureReport = Record<HolderKind, { deleted: number; kept: number }>;

/** "enquiries: 2 deleted; pledges: 1 deleted, 1 kept (paid)" — counts only, for the audit trail. */
export function describeErasure(report: ErasureReport): string {
  return kinds
    .map((kind) => {
      const { deleted, kept } = report[kind];
      return `${holders[kind].label}: ${deleted} deleted${kept ? `, ${kept} kept` : ""}`;
    })
    .join("; ");
}

/**
 * Erases everything held about an address that the law lets us erase, in one transaction with
 * its audit row: who, when, and how many of each kind (never the address or the data).
 */
export async function erasePersonalData(email: string, actor: string, db: DB = getDb()): Promise<ErasureReport> {
  const report = await immediateTransaction(db, async (trx) => {
    const supporterId = await findSupporterIdByEmail(trx, email);
    const addresses = await addressesFor(email, trx);
    const result = {} as ErasureReport;
    for (const kind of kinds) {
      result[kind] = { deleted: 0, kept: 0 };
      for (const address of addresses) {
        const { deleted, kept } = await holders[kind].erase(trx, address);
        result[kind].deleted += deleted;
        result[kind].kept += kept;
      }
    }
    // Names and addresses public forms typed for these addresses (waiting for staff) go, and the
    // supporter record (their name and addresses) too once nothing kept needs it.
    if (supporterId !== undefined) await deletePendingDetailsOf(trx, supporterId);
    if (supporterId !== undefined) await deleteSupporterIfUnused(trx, supporterId);
    await recordAudit(trx, {
      entity: "privacy",
      entityId: null,
      action: "privacy.erased",
      detail: describeErasure(result),
      actor,
    });
    return result;
  });
  logger.info({ event: "privacy.erased", report }, "Personal data erased");
  return report;
}
