import { londonToday, nowIsoString } from "~/infra/clock.server";
import { toCsv } from "~/infra/csv.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  deleteSmallDonation,
  firstSmallDonationDay,
  getSmallDonation,
  insertSmallDonation,
  listSmallDonationsBetween,
  sumClaimedGiftAidDonations,
  type SmallDonation,
} from "~/gift-aid/models/small-donations.server";
import { giftDayProblem, isCalendarDay } from "~/utils/dates";
import {
  gasdsClaim,
  isEligibleSmallDonation,
  type GasdsClaim,
  type SmallDonationKind,
  type SmallDonationMethod,
} from "~/gift-aid/utils/gasds";
import { formatPence, penceToDecimal } from "~/utils/money";
import { taxYearDays, taxYearLabel, taxYearOf, type TaxYear } from "~/utils/tax-year";
import { Refusal } from "~/utils/refusal";

// Gift Aid Small Donations Scheme: recording and deleting small donations (audited), and the claim
// for a tax year with its CSV. The rules are in app/gift-aid/utils/gasds.ts; docs/gift-aid.md explains them.

export class SmallDonationError extends Refusal {}

export interface SmallDonationEntry {
  collectedOn: string;
  amountPence: number;
  method: SmallDonationMethod;
  kind: SmallDonationKind;
  place: string;
}

/** The tax years a claim can be looked at for: from the first small donation (or two years back) to this one. */
export function claimYearChoices(firstDay: string | null, today: string): TaxYear[] {
  const current = taxYearOf(today);
  const earliest = Math.min(current - 2, firstDay ? taxYearOf(firstDay) : current);
  const years: TaxYear[] = [];
  for (let year = current; year >= earliest; year -= 1) years.push(year);
  return years;
}

export async function recordSmallDonation(
  entry: SmallDonationEntry,
  actor: string,
  db: DB = getDb(),
): Promise<SmallDonation> {
  const place = entry.place.trim();
  if (!isCalendarDay(entry.collectedOn)) throw new SmallDonationError("Enter the date it was collected.", 400);
  const problem = giftDayProblem(entry.collectedOn, londonToday());
  if (problem) throw new SmallDonationError(`${problem}.`, 400);
  if (!Number.isSafeInteger(entry.amountPence) || entry.amountPence <= 0) {
    throw new SmallDonationError("Enter an amount greater than £0.", 400);
  }
  if (!place) throw new SmallDonationError("Say where it was collected.", 400);
  const created = await immediateTransaction(db, async (trx) => {
    const row = await insertSmallDonation(trx, {
      ...entry,
      place,
      recordedBy: actor,
      createdAt: nowIsoString(),
    });
    await recordAudit(trx, {
      entity: "small-donation",
      entityId: row.id,
      action: "small_donation.recorded",
      detail: `${formatPence(row.amountPence)} ${row.method} ${row.kind}, ${row.collectedOn}, ${row.place}`,
      actor,
    });
    return row;
  });
  logger.info({ event: "gasds.recorded", small_donation_id: created.id }, "Small donation recorded");
  return created;
}

/** Deletes a small donation recorded by mistake; the audit log keeps what it was. */
export async function removeSmallDonation(id: number, actor: string, db: DB = getDb()): Promise<SmallDonation> {
  const removed = await immediateTransaction(db, async (trx) => {
    const row = await getSmallDonation(trx, id);
    if (!row || !(await deleteSmallDonation(trx, id))) {
      throw new SmallDonationError("There is no such small donation: it may have been deleted already.", 404);
    }
    await recordAudit(trx, {
      entity: "small-donation",
      entityId: id,
      action: "small_donation.deleted",
      detail: `${formatPence(row.amountPence)} ${row.method} ${row.kind}, ${row.collectedOn}, ${row.place}`,
      actor,
    });
    return row;
  });
  logger.info({ event: "gasds.deleted", small_donation_id: id }, "Small donation deleted");
  return removed;
}

export interface SmallDonationsYear {
  year: TaxYear;
  years: TaxYear[];
  claim: GasdsClaim;
  donations: (SmallDonation & { eligible: boolean })[];
}

/** The small donations of a tax year and the GASDS claim they make, with the years to choose from. */
export async function smallDonationsYear(year: TaxYear, db: DB = getDb()): Promise<SmallDonationsYear> {
  const { first, last } = taxYearDays(year);
  const [donations, giftAidDonations, firstDay] = await Promise.all([
    listSmallDonationsBetween(db, first, last),
    sumClaimedGiftAidDonations(db, first, last),
    firstSmallDonationDay(db),
  ]);
  const years = claimYearChoices(firstDay, londonToday());
  if (!years.includes(year)) years.push(year);
  years.sort((a, b) => b - a);
  return {
    year,
    years,
    claim: gasdsClaim(year, donations, giftAidDonations),
    donations: donations.map((donation) => ({ ...donation, eligible: isEligibleSmallDonation(donation) })),
  };
}

export const SMALL_DONATIONS_CSV_HEADER = [
  "Date collected",
  "Amount",
  "Method",
  "Kind",
  "Where",
  "Eligible for GASDS",
  "Recorded by",
] as const;

/** The tax year's small donations as CSV rows, then the claim's figures, with the file name. */
export async function smallDonationsCsv(year: TaxYear, db: DB = getDb()): Promise<{ filename: string; csv: string }> {
  const { claim, donations } = await smallDonationsYear(year, db);
  const rows: string[][] = donations
    .slice()
    .reverse()
    .map((d) => [
      d.collectedOn,
      penceToDecimal(d.amountPence),
      d.method,
      d.kind,
      d.place,
      d.eligible ? "yes" : "no (a single gift over £30)",
      d.recordedBy,
    ]);
  const summary: [string, number][] = [
    ["Eligible small donations", claim.eligiblePence],
    ["Not eligible", claim.notEligiblePence],
    ["Gift Aid donations claimed in the tax year", claim.giftAidDonationsPence],
    ["Matching limit (10 times Gift Aid donations)", claim.matchingLimitPence],
    ["Yearly limit", claim.yearlyLimitPence],
    ["Small donations to claim on", claim.claimablePence],
    ["Top-up (25%)", claim.topUpPence],
  ];
  rows.push([]);
  rows.push([`Tax year ${taxYearLabel(year)}`]);
  for (const [label, pence] of summary) rows.push([label, penceToDecimal(pence)]);
  return { filename: `gasds-${year}-${year + 1}.csv`, csv: toCsv(SMALL_DONATIONS_CSV_HEADER, rows) };
}

export async function findSmallDonation(id: number, db: DB = getDb()): Promise<SmallDonation | null> {
  return (await getSmallDonation(db, id)) ?? null;
}
