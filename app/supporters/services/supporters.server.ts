import { volunteerKindLabels, volunteerStatusLabels } from "~/content/volunteers";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { londonToday } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { listAudit } from "~/site/index.server";
import { listDeclarationsOfSupporters } from "~/gift-aid/index.server";
import {
  findSupporterIdOfPledge,
  getSupporter,
  listSupporterClaims,
  listSupporterEmails,
  listSupporterEnquiries,
  listSupporterVolunteerApplications,
  listSupporterMail,
  listSupporterPayments,
  listSupporterPledges,
  listSupporters,
  listSupporterSubscriptions,
  type Supporter,
  type SupporterListItem,
} from "~/supporters/models/supporter.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatLongDate, toLondonDay } from "~/utils/dates";
import { coveringDeclaration } from "~/gift-aid/utils/gift-aid";
import { formatPence } from "~/utils/money";
import { netOfRefunds } from "~/utils/refund-netting";
import { PAGE_SIZE, pageCount } from "~/utils/pagination";
import { findRecordOr404 } from "~/utils/record-id";
import type { SupporterQuery } from "~/utils/supporters";
import { legalBasisLabels } from "~/content/soft-opt-in";
import { BY_THE_DONOR, DONOR_ACTOR } from "~/content/giving";
import { coverOf } from "~/gift-aid/index.server";
import { Refusal } from "~/utils/refusal";

// Supporters: the list staff search and one person's page (everything in one timeline, and which
// gifts each Gift Aid declaration covers). Merging two records of the same person is in
// supporter-merge.server.ts.

/** A refusal staff should read (a 4xx with this message), never a 500. */
export class SupporterError extends Refusal {}

export async function supportersPage(
  query: SupporterQuery,
  page: number,
  db: DB = getDb(),
): Promise<{ rows: (SupporterListItem & { giftAidClaimedPence: number })[]; total: number; pageCount: number }> {
  const { rows, total } = await listSupporters(
    db,
    query,
    { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE },
    londonToday(),
  );
  return {
    rows: rows.map((row) => ({ ...row, giftAidClaimedPence: giftAidOnPence(row.claimedPence) })),
    total,
    pageCount: pageCount(total),
  };
}

export interface TimelineEntry {
  /** ISO instant or YYYY-MM-DD: what it is sorted by. */
  at: string;
  kind:
    "pledge" | "payment" | "declaration" | "claim" | "mail" | "consent" | "enquiry" | "volunteer" | "merge" | "donor";
  title: string;
  detail: string | null;
  href: string | null;
}

export interface DeclarationCoverage {
  id: number;
  declaredOn: string;
  coversPastFourYears: boolean;
  cancelledOn: string | null;
  /** Whether the donor cancelled it themselves, at Your giving. */
  cancelledByDonor: boolean;
  /**
   * Made on a public form for this supporter's address after their first gift and not confirmed
   * (by the donor at Your giving or by staff): it covers only its own pledge's gifts.
   */
  waitingConfirmation: boolean;
  /** Who it names (staff compare it with the record before accepting it). */
  madeAs: string;
  /** Gifts it covers (claimed under it, or claimable under it now). */
  covers: { paymentId: number; reference: string; receivedOn: string; amountPence: number; claimId: number | null }[];
}

export interface UncoveredGift {
  paymentId: number;
  reference: string;
  receivedOn: string;
  amountPence: number;
  reason: string;
}

export interface SupporterPage {
  supporter: Supporter;
  emails: { address: string; primary: boolean }[];
  lifetimePence: number;
  giftAidClaimedPence: number;
  timeline: TimelineEntry[];
  declarations: DeclarationCoverage[];
  uncovered: UncoveredGift[];
}

const methodLabel = { manual: "recorded by hand", "bank-import": "bank statement import", card: "card" } as const;

export async function getSupporterPage(id: number, db: DB = getDb()): Promise<SupporterPage | null> {
  const supporter = await getSupporter(db, id);
  if (!supporter) return null;
  const emails = await listSupporterEmails(db, id);
  const addresses = emails.map((e) => e.address);
  const [pledges, payments, claims, mail, subscriptions, enquiries, volunteers, declarationMap, audit] =
    await Promise.all([
      listSupporterPledges(db, id),
      listSupporterPayments(db, id),
      listSupporterClaims(db, id),
      listSupporterMail(db, addresses),
      listSupporterSubscriptions(db, id),
      listSupporterEnquiries(db, id),
      listSupporterVolunteerApplications(db, id),
      listDeclarationsOfSupporters(db, [id]),
      listAudit(db, "supporter", id),
    ]);
  const declarations = declarationMap.get(id) ?? [];
  const covers = declarations.map(coverOf);
  const coverage: DeclarationCoverage[] = declarations.map((d) => ({
    id: d.id,
    declaredOn: toLondonDay(d.declaredAt),
    coversPastFourYears: d.coversPastFourYears,
    cancelledOn: d.cancelledAt ? toLondonDay(d.cancelledAt) : null,
    cancelledByDonor: d.cancelledBy === "donor",
    waitingConfirmation: d.ownGiftOnly && d.confirmedAt === null && d.cancelledAt === null,
    madeAs: [
      [d.title, d.firstName, d.lastName].filter(Boolean).join(" "),
      `${d.house} ${d.street}`,
      d.town,
      d.postcode,
    ].join(", "),
    covers: [],
  }));
  const uncovered: UncoveredGift[] = [];
  for (const { payment, keptPence: kept } of netOfRefunds(payments)) {
    const gift = {
      paymentId: payment.id,
      reference: payment.reference,
      receivedOn: payment.receivedOn,
      amountPence: kept,
    };
    if (payment.claimId !== null && payment.claimedUnder !== null) {
      coverage.find((d) => d.id === payment.claimedUnder)?.covers.push({ ...gift, claimId: payment.claimId });
      continue;
    }
    if (kept <= 0) {
      uncovered.push({ ...gift, amountPence: payment.amountPence, reason: "Refunded in full: no longer a gift" });
      continue;
    }
    const cover = coveringDeclaration(payment.receivedOn, covers, payment.pledgeId);
    if (cover.covered) coverage.find((d) => d.id === cover.declarationId)!.covers.push({ ...gift, claimId: null });
    else uncovered.push({ ...gift, reason: cover.reason });
  }

  const timeline: TimelineEntry[] = [
    ...pledges.map((p) => ({
      at: p.createdAt,
      kind: "pledge" as const,
      title: `Pledge ${p.reference}: ${formatPence(p.amountPence)}${p.type === "monthly" ? " a month" : ", one-time"}`,
      detail: `From ${p.email}${p.cancelledAt ? "; cancelled" : ""}`,
      href: adminPaths.donation(p.id),
    })),
    ...payments.map((p) => ({
      at: p.receivedOn,
      kind: "payment" as const,
      title: `${p.amountPence < 0 ? "Refund" : "Payment"} of ${formatPence(Math.abs(p.amountPence))} on ${p.reference}`,
      detail: methodLabel[p.method],
      href: adminPaths.donation(p.pledgeId),
    })),
    ...declarations.map((d) => ({
      at: d.declaredAt,
      kind: "declaration" as const,
      title:
        d.pledgeId === null ? `Gift Aid declaration made ${BY_THE_DONOR} at Your giving` : "Gift Aid declaration made",
      detail: d.cancelledAt
        ? `Cancelled ${formatLongDate(d.cancelledAt)}${d.cancelledBy === "donor" ? ` ${BY_THE_DONOR}` : ""}`
        : "In force",
      href: adminPaths.giftAidDeclaration(d.id),
    })),
    ...uniqueClaims(claims).map((c) => ({
      at: c.createdAt,
      kind: "claim" as const,
      title: `In Gift Aid claim batch ${c.claimId}: ${formatPence(c.amount)} of donations`,
      detail: c.submittedOn ? `Submitted to HMRC on ${formatLongDate(c.submittedOn)}` : "Not yet submitted",
      href: adminPaths.giftAidClaim(c.claimId),
    })),
    ...mail.map((m) => ({
      at: m.createdAt,
      kind: "mail" as const,
      title: `E-mail: ${m.subject}`,
      detail: `To ${m.toAddress}, ${m.status}`,
      href: adminPaths.mailMessage(m.id),
    })),
    ...subscriptions.events.map((e) => ({
      at: e.occurredAt,
      kind: "consent" as const,
      title: `Newsletter: ${e.kind.replace("-", " ")}`,
      detail: subscriptions.subscribers.find((s) => s.id === e.subscriberId)?.email ?? null,
      href: adminPaths.subscriber(e.subscriberId),
    })),
    // The newsletter's legal basis of each address (consent or the charity soft opt-in).
    ...subscriptions.subscribers
      .filter((sub) => sub.legalBasis && sub.basisAt)
      .map((sub) => ({
        at: sub.basisAt!,
        kind: "consent" as const,
        title: `Newsletter basis: ${legalBasisLabels[sub.legalBasis!]}`,
        detail: `${sub.email}, form ${sub.basisFormVersion ?? "unknown"}`,
        href: adminPaths.subscriber(sub.id),
      })),
    ...enquiries.map((e) => ({
      at: e.createdAt,
      kind: "enquiry" as const,
      title: `Enquiry: ${e.subject}`,
      detail: `From ${e.email}, ${e.status}`,
      href: adminPaths.enquiry(e.id),
    })),
    ...volunteers.map((v) => ({
      at: v.createdAt,
      kind: "volunteer" as const,
      title: `${volunteerKindLabels[v.kind]} application`,
      detail: `From ${v.email}, ${volunteerStatusLabels[v.status]}`,
      href: adminPaths.volunteer(v.id),
    })),
    ...audit
      .filter((a) => a.action === "supporter.merged")
      .map((a) => ({ at: a.createdAt, kind: "merge" as const, title: "Merged", detail: a.detail, href: null })),
    // What the donor did themselves at Your giving (docs/decisions/0028-your-giving.md).
    ...audit
      .filter((a) => a.actor === DONOR_ACTOR && a.action.startsWith("donor."))
      .map((a) => ({ at: a.createdAt, kind: "donor" as const, title: a.detail ?? a.action, detail: null, href: null })),
  ];
  // Days (YYYY-MM-DD) sort before instants of the same day: the money arrived that day.
  timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));

  const lifetimePence = payments.reduce((sum, p) => sum + p.amountPence, 0);
  const claimed = claims.reduce((sum, c) => sum + c.amountPence, 0);
  return {
    supporter,
    emails: emails.map((e) => ({ address: e.address, primary: e.isPrimary === 1 })),
    lifetimePence,
    giftAidClaimedPence: giftAidOnPence(claimed),
    timeline,
    declarations: coverage,
    uncovered,
  };
}

/** The claim batches the supporter's payments are in, each with the total of their claimed amounts. */
function uniqueClaims(
  items: { claimId: number; createdAt: string; submittedOn: string | null; amountPence: number }[],
) {
  const byClaim = new Map<number, { claimId: number; createdAt: string; submittedOn: string | null; amount: number }>();
  for (const item of items) {
    const claim = byClaim.get(item.claimId) ?? { ...item, amount: 0 };
    claim.amount += item.amountPence;
    byClaim.set(item.claimId, claim);
  }
  return [...byClaim.values()];
}

/** The supporter's page, or a 404 Response for a number that is not one. */
export async function requireSupporterPage(idParam: string | undefined): Promise<SupporterPage> {
  return findRecordOr404(
    idParam,
    (id) => getSupporterPage(id),
    "There is no supporter with this number. They may have been merged into another.",
  );
}

/** Throws a 404 SupporterError unless the supporter exists. */
export async function assertSupporterExists(id: number, db: DB = getDb()): Promise<void> {
  if (!(await getSupporter(db, id))) throw new SupporterError("There is no such supporter.", 404);
}

/** The supporter a pledge belongs to, for a link from the pledge's page. */
export async function supporterIdOfPledge(pledgeId: number, db: DB = getDb()): Promise<number | null> {
  return findSupporterIdOfPledge(db, pledgeId);
}
