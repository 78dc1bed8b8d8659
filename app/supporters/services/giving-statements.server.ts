import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { londonToday, now as clockNow } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { signLinkToken, verifyLinkToken } from "~/infra/signed-link.server";
import { listAuditOfKind, recordAudit, type AuditEvent } from "~/site/index.server";
import {
  donorOfPledge,
  donorPaymentSpan,
  findNewestPledgeIdOfDonor,
  listDonorGifts,
  listDonorPledgesWhoGave,
} from "~/supporters/models/giving.server";
import { listDeclarationsOfPledgeSupporter } from "~/gift-aid/index.server";
import { enqueueMail } from "~/mail/index.server";
import { getHeldDetails } from "~/supporters/models/supporter-details.server";
import { getPledge, type Pledge } from "~/giving/index.server";
import { charityPostalAddress, type CharitySettings } from "~/utils/charity-settings";
import { toLondonDay } from "~/utils/dates";
import { giftAidApplies } from "~/gift-aid/utils/gift-aid";
import { giftMethodLabel } from "~/giving/utils/payment-method";
import { formatPence } from "~/utils/money";
import { STATEMENT_LINK_DAYS } from "~/utils/receipts";
import { taxYearDays, taxYearLabel, taxYearOf, type TaxYear } from "~/utils/tax-year";
import { getCharitySettings } from "~/site/index.server";
import { coverOf } from "~/gift-aid/index.server";
import { donorStatementMail } from "~/mail/index.server";
import { Refusal } from "~/utils/refusal";
import { renderStatementPdf, type GivingStatement } from "./statement-pdf.server";

// Yearly giving statements: every gift a donor made in one UK tax year (6 April to 5 April,
// app/utils/tax-year.ts), as a PDF staff can download and donors get through a signed link
// that works for STATEMENT_LINK_DAYS. A donor is a supporter: every pledge of theirs under any
// of their addresses; Gift Aid per gift by the enduring rule (any declaration of theirs that
// covers its day). The link names one pledge of theirs, never the address.

export { STATEMENT_LINK_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;
const LINK_PURPOSE = "giving-statement";

export const statementPaths = {
  /** The page the e-mailed link opens (public, no sign-in). */
  page: (token: string) => `/statement/${token}`,
  /** The PDF behind it. */
  pdf: (token: string) => `/statement/${token}/pdf`,
};

export type { GivingStatement };

/** The statement of the donor of a pledge for one tax year, or undefined when the pledge is gone. */
export async function buildStatement(
  pledgeId: number,
  year: TaxYear,
  options: { db?: DB; charity?: CharitySettings; today?: string } = {},
): Promise<{ statement: GivingStatement; donor: Pledge } | undefined> {
  const db = options.db ?? getDb();
  const anchor = await getPledge(db, pledgeId);
  if (!anchor) return undefined;
  const key = await donorOfPledge(db, anchor.id);
  if (key === undefined) return undefined;
  // Their newest pledge gives the address the statement goes to (the name is the record's, below).
  const newestId = await findNewestPledgeIdOfDonor(db, key);
  const donor = (newestId !== undefined && newestId !== anchor.id ? await getPledge(db, newestId) : anchor) ?? anchor;
  const days = taxYearDays(year);
  const charity = options.charity ?? (await getCharitySettings(db));
  // Gift Aid by the enduring rule: any declaration of the supporter's that covers the gift's day.
  const declarations = (await listDeclarationsOfPledgeSupporter(db, anchor.id)).map(coverOf);
  const gifts = (await listDonorGifts(db, key, days)).map((gift) => ({
    receivedOn: gift.receivedOn,
    reference: gift.reference,
    amountPence: gift.amountPence,
    method: giftMethodLabel(gift.pledge, gift.payment),
    giftAid: giftAidApplies(gift, declarations),
  }));
  const giftAidBasePence = gifts.filter((gift) => gift.giftAid).reduce((sum, gift) => sum + gift.amountPence, 0);
  // Named as the supporter's record names them, never as a later public form typed it for their address.
  const held = await getHeldDetails(db, key);
  const named = held?.firstName ? { ...donor, firstName: held.firstName, lastName: held.lastName } : donor;
  return {
    donor: named,
    statement: {
      charityName: charity.name,
      charityNumber: charity.charityNumber,
      charityAddress: charityPostalAddress(charity),
      charityEmail: charity.email,
      donorName: `${named.firstName} ${named.lastName}`,
      taxYearLabel: taxYearLabel(year),
      firstDay: days.first,
      lastDay: days.last,
      issuedOn: options.today ?? londonToday(),
      gifts,
      totalPence: gifts.reduce((sum, gift) => sum + gift.amountPence, 0),
      byMethod: totalsByMethod(gifts),
      giftAidBasePence,
      giftAidPence: giftAidOnPence(giftAidBasePence),
    },
  };
}

/** The gifts' totals per method ("Direct Debit", "Cheque"…), in the order each first appears. */
function totalsByMethod(gifts: readonly { method: string; amountPence: number }[]) {
  const totals = new Map<string, { method: string; count: number; totalPence: number }>();
  for (const gift of gifts) {
    const entry = totals.get(gift.method) ?? { method: gift.method, count: 0, totalPence: 0 };
    entry.count += 1;
    entry.totalPence += gift.amountPence;
    totals.set(gift.method, entry);
  }
  return [...totals.values()];
}

/** The statement as a PDF (staff download; the public link). */
export async function statementPdf(pledgeId: number, year: TaxYear): Promise<Buffer | undefined> {
  const built = await buildStatement(pledgeId, year);
  return built ? renderStatementPdf(built.statement) : undefined;
}

/** "giving-statement-2025-to-2026.pdf" */
export function statementFileName(year: TaxYear): string {
  return `giving-statement-${taxYearLabel(year).replace(/ /g, "-")}.pdf`;
}

/** The tax years, newest first, in which the donor of this pledge has any payment. */
export async function donorTaxYears(pledge: Pledge): Promise<TaxYear[]> {
  const key = await donorOfPledge(getDb(), pledge.id);
  const span = key === undefined ? undefined : await donorPaymentSpan(getDb(), key);
  if (!span) return [];
  const years: TaxYear[] = [];
  for (let year = taxYearOf(span.last); year >= taxYearOf(span.first); year--) years.push(year);
  return years;
}

/** The tax years, newest first, in which a supporter has any payment (Your giving lists them). */
export async function supporterTaxYears(supporterId: number, db: DB = getDb()): Promise<TaxYear[]> {
  const span = await donorPaymentSpan(db, supporterId);
  if (!span) return [];
  const years: TaxYear[] = [];
  for (let year = taxYearOf(span.last); year >= taxYearOf(span.first); year--) years.push(year);
  return years;
}

/** A supporter's statement for a tax year as a PDF (Your giving: the donor downloads it directly), or undefined when they have no pledge. */
export async function supporterStatementPdf(supporterId: number, year: TaxYear): Promise<Buffer | undefined> {
  const pledgeId = await findNewestPledgeIdOfDonor(getDb(), supporterId);
  return pledgeId === undefined ? undefined : statementPdf(pledgeId, year);
}

// ---------------------------------------------------------------------------------------------
// The signed link

/** A link token for the statement of a pledge's donor for a tax year, valid STATEMENT_LINK_DAYS from `now` (`secrets`: tests of another process). */
export function statementToken(
  pledgeId: number,
  year: TaxYear,
  now: Date = new Date(clockNow()),
  secrets?: readonly string[],
): string {
  return signLinkToken(
    LINK_PURPOSE,
    [String(year), String(pledgeId)],
    new Date(now.getTime() + STATEMENT_LINK_DAYS * DAY_MS),
    secrets,
  );
}

// A result, not a refusal: the statement page shows what the link is (or why it no longer works) as its content.
export type StatementLinkCheck =
  { ok: true; pledgeId: number; year: TaxYear; expiresAt: string } | { ok: false; status: 404 | 410 };

/** What a statement link names, when it is genuine, unexpired and its pledge still exists. */
export async function checkStatementLink(token: string, now: Date = new Date(clockNow())): Promise<StatementLinkCheck> {
  const check = verifyLinkToken(LINK_PURPOSE, token, 2, now);
  if (!check.ok) return check;
  const [yearText, pledgeText] = check.fields;
  const year = Number(yearText);
  const pledgeId = Number(pledgeText);
  if (!Number.isSafeInteger(year) || !Number.isSafeInteger(pledgeId)) return { ok: false, status: 404 };
  // An erased donor's link leads nowhere.
  if (!(await getPledge(getDb(), pledgeId))) return { ok: false, status: 410 };
  return { ok: true, pledgeId, year, expiresAt: check.expiresAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// Sending

export type SentStatement = { giftCount: number; totalPence: number; to: string };

/** No statement to send: the pledge is gone (404) or its donor gave nothing in the tax year (409). */
export class StatementError extends Refusal {}

/**
 * Queues one donor's statement e-mail and audits it on the pledge, inside the caller's transaction;
 * throws `StatementError` (before writing anything) when there is none to send.
 */
async function queueStatement(
  trx: DB,
  pledgeId: number,
  year: TaxYear,
  actor: string,
  context: { charity: CharitySettings; now: Date; bulk: boolean },
): Promise<SentStatement> {
  const built = await buildStatement(pledgeId, year, { db: trx, charity: context.charity });
  if (!built) throw new StatementError("This pledge no longer exists: it may have been erased.", 404);
  const { statement, donor } = built;
  if (!statement.gifts.some((gift) => gift.amountPence > 0)) {
    throw new StatementError(`This donor has no gifts in the tax year ${taxYearLabel(year)}: nothing to send.`, 409);
  }
  const token = statementToken(donor.id, year, context.now);
  const expires = new Date(context.now.getTime() + STATEMENT_LINK_DAYS * DAY_MS);
  const mail = donorStatementMail(
    donor,
    { taxYearLabel: statement.taxYearLabel, giftCount: statement.gifts.length, totalPence: statement.totalPence },
    { url: absoluteUrl(statementPaths.page(token)), days: STATEMENT_LINK_DAYS, expiresOn: expires.toISOString() },
    context.charity,
  );
  await enqueueMail(trx, { kind: "statement.donor", to: donor.email.trim(), pledgeId: donor.id, ...mail }, context.now);
  await recordAudit(trx, {
    entity: "pledge",
    entityId: pledgeId,
    action: "statement.sent",
    detail: `Giving statement for the tax year ${statement.taxYearLabel} e-mailed (${statement.gifts.length} ${statement.gifts.length === 1 ? "gift" : "gifts"}, ${formatPence(statement.totalPence)}; link valid until ${toLondonDay(expires)})${context.bulk ? ", with the whole tax year's statements" : ""}`,
    actor,
  });
  return { giftCount: statement.gifts.length, totalPence: statement.totalPence, to: donor.email.trim() };
}

/** Staff send one donor's statement from a pledge's page (`StatementError` when there is none to send). */
export async function sendStatement(pledgeId: number, year: TaxYear, actor: string): Promise<SentStatement> {
  const charity = await getCharitySettings();
  const now = new Date(clockNow());
  const result = await immediateTransaction(getDb(), (trx) =>
    queueStatement(trx, pledgeId, year, actor, { charity, now, bulk: false }),
  );
  logger.info({ event: "statement.sent", pledge_id: pledgeId, tax_year: year }, "Giving statement queued");
  return result;
}

/** What sending a whole tax year's statements would do: how many donors, gifts and money, and how it was paid. */
export async function previewYearStatements(
  year: TaxYear,
): Promise<{ donors: number; totalPence: number; byMethod: ReturnType<typeof totalsByMethod> }> {
  const db = getDb();
  const days = taxYearDays(year);
  const pledgeIds = await listDonorPledgesWhoGave(db, days);
  const gifts: { method: string; amountPence: number }[] = [];
  for (const id of pledgeIds) {
    const key = await donorOfPledge(db, id);
    if (key === undefined) continue;
    for (const gift of await listDonorGifts(db, key, days)) {
      gifts.push({ method: giftMethodLabel(gift.pledge, gift.payment), amountPence: gift.amountPence });
    }
  }
  const totalPence = gifts.reduce((sum, gift) => sum + gift.amountPence, 0);
  return { donors: pledgeIds.length, totalPence, byMethod: totalsByMethod(gifts) };
}

/**
 * Staff send every donor who gave in a tax year their statement: one message per donor, all in
 * one transaction (all or nothing), each audited on the donor's pledge, and the whole send once
 * in the statements history.
 */
export async function sendYearStatements(year: TaxYear, actor: string): Promise<{ sent: number }> {
  const charity = await getCharitySettings();
  const now = new Date(clockNow());
  const sent = await immediateTransaction(getDb(), async (trx) => {
    let count = 0;
    for (const id of await listDonorPledgesWhoGave(trx, taxYearDays(year))) {
      try {
        await queueStatement(trx, id, year, actor, { charity, now, bulk: true });
        count++;
      } catch (error) {
        // A donor whose gifts were all refunded has nothing to send: skipped, not a failure.
        if (!(error instanceof StatementError)) throw error;
      }
    }
    await recordAudit(trx, {
      entity: "statements",
      entityId: null,
      action: "statements.sent",
      detail: `Giving statements for the tax year ${taxYearLabel(year)} e-mailed to ${count} ${count === 1 ? "donor" : "donors"}`,
      actor,
    });
    return count;
  });
  logger.info({ event: "statements.sent", tax_year: year, sent }, "Giving statements queued for a tax year");
  return { sent };
}

/** The whole-year sends so far, newest first. */
export function statementsHistory(): Promise<AuditEvent[]> {
  return listAuditOfKind(getDb(), "statements");
}
