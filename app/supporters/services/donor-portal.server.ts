// Your giving (/giving): donors see and look after their own gifts, with no password. A donor
// types their address and always gets the same answer; when the address is a supporter's who has
// given or pledged, a single-use link (1 hour, only its SHA-256 stored) is e-mailed through the
// outbox. Opening it starts a donor session: its own cookie (`__donor`, path /giving), apart
// from staff sessions, ending after 30 minutes idle. Every change a donor makes is audited on
// their supporter record with the actor "donor" (docs/decisions/0028-your-giving.md).
import { createCookie, type Cookie } from "@remix-run/node";
import {
  BY_THE_DONOR,
  DONOR_ACTOR,
  DONOR_IDLE_MINUTES,
  givingWords,
  LINK_MINUTES,
  type donorPledgeStatus,
} from "~/content/giving";
import { givingLinkWords } from "~/content/giving-link";
import { nowDate } from "~/infra/clock.server";
import { readCookie } from "~/infra/cookies.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { nodeEnvIs } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { getSessionSecrets } from "~/infra/session-secret.server";
import { recordAudit } from "~/site/index.server";
import {
  deleteDonorSession,
  findDonorLink,
  findLiveDonorSession,
  insertDonorLink,
  insertDonorSession,
  markDonorLinkUsed,
  touchDonorSession,
} from "~/supporters/models/donor.server";
import {
  getDeclaration,
  listDeclarationsOfSupporters,
  setDeclarationCancelled,
  type Declaration,
} from "~/gift-aid/index.server";
import { enqueueMail } from "~/mail/index.server";
import { hashToken, newToken } from "~/infra/secret-token.server";
import {
  getPledgeByReference,
  listPledgesOfSupporter,
  markPledgeCancelled,
  outstandingPence,
} from "~/giving/index.server";
import { addressesFor, findPersonalData, subjectAccessExport } from "./privacy.server";
import { receivesNewsletter, setNewsletterFromGiving } from "~/publishing/index.server";
import { taxYearLabel } from "~/utils/tax-year";
import { supporterTaxYears } from "./giving-statements.server";
import {
  findSupporterIdByEmail,
  findSupporterIdOfPledge,
  listSupporterEmails,
  listSupporterPayments,
  listSupporterPledges,
} from "~/supporters/models/supporter.server";
import { toLondonDay } from "~/utils/dates";
import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { getSupporterPage } from "./supporters.server";
import { cancelCardSubscription, CardGiftError, changeCardSubscriptionAmount } from "~/giving/index.server";
import { directDebitStatusLine, mailDirectDebitChangeByDonor } from "~/giving/index.server";
import { directDebitWords } from "~/content/direct-debit";
import { parseAmountToPence } from "~/giving/schemas/donation-rules";
import { formatPence } from "~/utils/money";
import { netOfRefunds } from "~/utils/refund-netting";
import { admitDoorAttempt } from "~/staff/index.server";
import { getCharitySettings } from "~/site/index.server";
import { donorGivingLinkMail } from "~/mail/index.server";
import { Refusal } from "~/utils/refusal";
import { givingPaths } from "~/utils/giving-paths";

const MINUTE_MS = 60 * 1000;
/** A sign-in link works once, for this long. */
export const DONOR_LINK_TTL_MS = LINK_MINUTES * MINUTE_MS;
/** A donor session unused for this long has ended. */
export const DONOR_IDLE_MS = DONOR_IDLE_MINUTES * MINUTE_MS;
/** However active, a donor session ends this long after it began. */
export const DONOR_SESSION_MAX_MS = 8 * 60 * MINUTE_MS;
/** "Last seen" is written at most this often per session. */
const TOUCH_EVERY_MS = MINUTE_MS;
/** Every answer to a link request takes at least this long, whether or not a link was sent. */
export const LINK_REQUEST_MIN_MS = 300;

export const DONOR_COOKIE_NAME = "__donor";

/** A donor's request or change refused (a 4xx with this message). */
export class DonorPortalError extends Refusal {}

/** A sign-in link that does not work: used, expired or not ours; the page says which and offers a new one. */
export class DonorLinkError extends Refusal {
  constructor(
    readonly reason: "used" | "expired" | "invalid",
    message: string,
  ) {
    super(message, reason === "invalid" ? 404 : 410);
  }
}

let cookie: Cookie | undefined;

/** The donor session's cookie: signed, HTTP only, sent to /giving only, ended by the browser's close or the server's idle rule. */
function donorCookie(): Cookie {
  cookie ??= createCookie(DONOR_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: nodeEnvIs("production"),
    path: "/giving",
    secrets: getSessionSecrets(),
  });
  return cookie;
}

/**
 * Asks for a sign-in link for `email`. The same answer (nothing) whether or not the address is a
 * donor's, after the same minimum time; a link is sent only to an address of a supporter who has
 * pledged. Throttled per address and per client (5 in 15 minutes each): a DonorPortalError 429.
 */
export async function requestDonorLink(
  email: string,
  request: Request,
  options: { minMs?: number } = {},
): Promise<void> {
  const started = performance.now();
  const address = email.trim().toLowerCase();
  const door = await admitDoorAttempt("giving-link", address, request);
  if (!door.allowed) throw new DonorPortalError(door.message, 429, door.retryAfterSeconds);
  const db = getDb();
  const supporterId = await findSupporterIdByEmail(db, address);
  if (supporterId !== undefined && (await listSupporterPledges(db, supporterId)).length > 0) {
    const token = newToken();
    const charity = await getCharitySettings(db);
    await db.transaction().execute(async (trx) => {
      await insertDonorLink(trx, {
        tokenHash: hashToken(token),
        supporterId,
        email: address,
        now: nowDate(),
        ttlMs: DONOR_LINK_TTL_MS,
      });
      const mail = donorGivingLinkMail(absoluteUrl(givingPaths.link(token)), charity);
      await enqueueMail(trx, { kind: "donor-giving-link", to: address, ...mail });
    });
    logger.info({ event: "giving.link_sent", supporter_id: supporterId }, "Your giving: sign-in link sent");
  }
  const wait = (options.minMs ?? LINK_REQUEST_MIN_MS) - (performance.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Whether a sign-in link would work, without using it up: what opening the link (a GET or HEAD,
 * which mail scanners and link previews make too) checks before it shows the "Sign in" button.
 * Throws the DonorLinkError signing in with it would.
 */
export async function checkDonorLink(token: string | undefined): Promise<void> {
  await usableDonorLink(token, nowDate());
}

async function usableDonorLink(token: string | undefined, now: Date) {
  if (!token || token.length > 100 || !/^[A-Za-z0-9_-]+$/.test(token)) {
    throw new DonorLinkError("invalid", givingLinkWords.linkBadText);
  }
  const tokenHash = hashToken(token);
  const link = await findDonorLink(getDb(), tokenHash);
  if (!link) throw new DonorLinkError("invalid", givingLinkWords.linkBadText);
  if (link.usedAt) throw new DonorLinkError("used", givingLinkWords.linkUsedText);
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new DonorLinkError("expired", givingLinkWords.linkExpiredText);
  return { link, tokenHash };
}

/**
 * Signs in with a sign-in link (the POST of its page's button): marks it used (once) and starts a donor session in its own transaction;
 * the Set-Cookie value. A link used before, expired or unknown throws a DonorLinkError. A
 * session this browser held already is ended.
 */
export async function openDonorLink(token: string | undefined, request: Request): Promise<string> {
  const db = getDb();
  const now = nowDate();
  const { link, tokenHash } = await usableDonorLink(token, now);
  const previous = await donorSessionToken(request);
  const sessionToken = newToken();
  const opened = await db.transaction().execute(async (trx) => {
    // Two tabs opening the same link at once: only one marks it used.
    if (!(await markDonorLinkUsed(trx, tokenHash, now))) return false;
    if (previous) await deleteDonorSession(trx, hashToken(previous));
    await insertDonorSession(trx, {
      id: hashToken(sessionToken),
      supporterId: link.supporterId,
      now,
      ttlMs: DONOR_SESSION_MAX_MS,
    });
    await recordAudit(trx, {
      entity: "supporter",
      entityId: link.supporterId,
      action: "donor.signed-in",
      detail: `Signed in to Your giving ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    return true;
  });
  if (!opened) throw new DonorLinkError("used", givingLinkWords.linkUsedText);
  return donorCookie().serialize(sessionToken);
}

async function donorSessionToken(request: Request): Promise<string | null> {
  if (readCookie(request, DONOR_COOKIE_NAME) === undefined) return null;
  try {
    const value = await donorCookie().parse(request.headers.get("Cookie"));
    return typeof value === "string" && value.length > 0 && value.length <= 100 ? value : null;
  } catch {
    return null;
  }
}

/** The supporter signed in to Your giving in this request, or null (no cookie, forged, ended, idle too long). Notes the use. */
export async function getDonorSupporterId(request: Request, db: DB = getDb()): Promise<number | null> {
  const token = await donorSessionToken(request);
  if (!token) return null;
  const id = hashToken(token);
  const now = nowDate();
  const session = await findLiveDonorSession(db, id, now, new Date(now.getTime() - DONOR_IDLE_MS));
  if (!session) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS) await touchDonorSession(db, id, now);
  return session.supporterId;
}

/** Ends the donor session in the request; the Set-Cookie value that clears the cookie. */
export async function endDonorSession(request: Request): Promise<string> {
  const token = await donorSessionToken(request);
  if (token) await deleteDonorSession(getDb(), hashToken(token));
  return donorCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/**
 * The donor cancels one of their own Gift Aid declarations. Gifts already in a claim batch stay
 * claimed; gifts received after today are no longer covered (the cover rule reads the day it
 * was cancelled). Audited on the declaration and on the supporter's record as the donor's own.
 */
export async function cancelDeclarationByDonor(supporterId: number, declarationId: number): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      const declaration = await getDeclaration(trx, declarationId);
      if (!declaration || declaration.supporterId !== supporterId) {
        throw new DonorPortalError(givingWords.noSuchDeclaration, 404);
      }
      const reason = `Cancelled ${BY_THE_DONOR} at Your giving`;
      if (!(await setDeclarationCancelled(trx, declarationId, { at: nowDate().toISOString(), reason, by: "donor" }))) {
        throw new DonorPortalError(givingWords.alreadyCancelled);
      }
      await recordAudit(trx, {
        entity: "declaration",
        entityId: declarationId,
        action: "declaration.cancelled",
        detail: reason,
        actor: DONOR_ACTOR,
        actorId: null,
      });
      await recordAudit(trx, {
        entity: "supporter",
        entityId: supporterId,
        action: "donor.declaration-cancelled",
        detail: `Gift Aid declaration ${declarationId} cancelled ${BY_THE_DONOR}`,
        actor: DONOR_ACTOR,
        actorId: null,
      });
    });
  logger.info(
    { event: "giving.declaration_cancelled", declaration_id: declarationId },
    "Declaration cancelled by donor",
  );
}

export interface DonorGiftRow {
  paymentId: number;
  reference: string;
  receivedOn: string;
  /** What the donor gave, less what was refunded of it. */
  amountPence: number;
  refundedPence: number;
  method: "manual" | "bank-import" | "card";
  giftAidPence: number;
  giftAid: "claimed" | "to-claim" | "none";
}

export interface DonorDeclarationRow {
  id: number;
  declaredOn: string;
  /** The exact words the donor agreed to, and their version. */
  text: string;
  version: string;
  coversPastFourYears: boolean;
  cancelledOn: string | null;
  covers: { paymentId: number; reference: string; receivedOn: string; amountPence: number }[];
  /**
   * Made on a public form with their address after their first gift, not confirmed: the name and
   * address it was made with (typed by whoever made it; shown only to the address's owner), so
   * they can confirm it is theirs. Null for one that covers all their gifts.
   */
  waiting: { name: string; address: string } | null;
}

export interface DonorPortal {
  name: string | null;
  email: string;
  gifts: DonorGiftRow[];
  pledges: {
    reference: string;
    type: "one-time" | "monthly";
    amountPence: number;
    createdAt: string;
    status: keyof typeof donorPledgeStatus;
    /** What a one-time bank-transfer pledge still awaits (0 for a monthly gift or a card gift). */
    outstandingPence: number;
    payBy: "bank" | "card";
    /** A Direct Debit gift: its state and next collection in words (with the Guarantee's advance-notice promise), else null. */
    directDebit: { status: string | null; notice: string } | null;
    /** A monthly gift the donor can stop here (a standing order, or a card gift with its Stripe subscription). */
    stoppable: boolean;
  }[];
  declarations: DonorDeclarationRow[];
  /** Whether their address gets the newsletter now. */
  newsletter: boolean;
  /** Tax years with a gift, newest first: a statement of each can be downloaded. */
  statementYears: { year: number; label: string }[];
}

/** A declaration waiting for its address's owner to confirm it: who it names. */
function waitingOf(d: Declaration | undefined): DonorDeclarationRow["waiting"] {
  if (!d || !d.ownGiftOnly || d.confirmedAt !== null || d.cancelledAt !== null) return null;
  return {
    name: [d.title, d.firstName, d.lastName].filter(Boolean).join(" "),
    address: [`${d.house} ${d.street}`, d.town, d.postcode].join(", "),
  };
}

/** What the signed-in donor sees: their gifts (net of refunds, with the Gift Aid on each), pledges and declarations. */
export async function getDonorPortal(supporterId: number, db: DB = getDb()): Promise<DonorPortal> {
  const page = await getSupporterPage(supporterId, db);
  if (!page) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  const [payments, pledges, declarationMap, years] = await Promise.all([
    listSupporterPayments(db, supporterId),
    listPledgesOfSupporter(db, supporterId),
    listDeclarationsOfSupporters(db, [supporterId]),
    supporterTaxYears(supporterId, db),
  ]);
  const wording = new Map((declarationMap.get(supporterId) ?? []).map((d) => [d.id, d]));
  const covered = new Map<number, boolean>();
  for (const declaration of page.declarations) {
    for (const gift of declaration.covers) covered.set(gift.paymentId, gift.claimId !== null);
  }
  const gifts: DonorGiftRow[] = netOfRefunds(payments)
    .map(({ payment: p, refundedPence, keptPence: amountPence }) => {
      const claimed = covered.get(p.id);
      const giftAid: DonorGiftRow["giftAid"] =
        claimed === undefined || amountPence === 0 ? "none" : claimed ? "claimed" : "to-claim";
      return {
        paymentId: p.id,
        reference: p.reference,
        receivedOn: p.receivedOn,
        amountPence,
        refundedPence,
        method: p.method,
        giftAidPence: giftAid === "none" ? 0 : giftAidOnPence(amountPence),
        giftAid,
      };
    })
    .reverse();
  return {
    name: page.supporter.displayName,
    email: page.emails[0]?.address ?? "",
    gifts,
    pledges: pledges
      .map((p) => ({
        reference: p.reference,
        type: p.type,
        amountPence: p.amountPence,
        createdAt: p.createdAt,
        status: p.status,
        outstandingPence: p.status === "pending" && p.payBy === "bank" ? outstandingPence(p) : 0,
        payBy: p.payBy,
        directDebit: p.directDebit
          ? { status: directDebitStatusLine(p), notice: directDebitWords.advanceNotice }
          : null,
        stoppable: p.type === "monthly" && !p.cancelledAt && (p.payBy === "bank" || p.stripeSubscription !== null),
      }))
      .reverse(),
    declarations: page.declarations
      .map((d) => ({
        id: d.id,
        declaredOn: d.declaredOn,
        text: wording.get(d.id)?.text ?? "",
        version: wording.get(d.id)?.version ?? "",
        coversPastFourYears: d.coversPastFourYears,
        cancelledOn: d.cancelledOn,
        waiting: waitingOf(wording.get(d.id)),
        covers: d.covers.map(({ paymentId, reference, receivedOn, amountPence }) => ({
          paymentId,
          reference,
          receivedOn,
          amountPence,
        })),
      }))
      .reverse(),
    statementYears: years.map((year) => ({ year, label: taxYearLabel(year) })),
    newsletter: page.emails[0] ? await receivesNewsletter(page.emails[0].address) : false,
  };
}

/** One of the donor's own declarations, for the confirmation page; a 404 DonorPortalError when it is not theirs. */
export async function getDonorDeclaration(
  supporterId: number,
  declarationId: number,
): Promise<{ id: number; declaredOn: string; cancelledOn: string | null }> {
  const declaration = await getDeclaration(getDb(), declarationId);
  if (!declaration || declaration.supporterId !== supporterId) {
    throw new DonorPortalError(givingWords.noSuchDeclaration, 404);
  }
  return {
    id: declaration.id,
    declaredOn: toLondonDay(declaration.declaredAt),
    cancelledOn: declaration.cancelledAt ? toLondonDay(declaration.cancelledAt) : null,
  };
}

/**
 * The donor's own subject access export (the privacy export staff make, for every address of
 * theirs), as JSON; the download is audited on their record as their own.
 */
export async function donorDataExport(supporterId: number): Promise<string> {
  const db = getDb();
  const [primary] = await listSupporterEmails(db, supporterId);
  if (!primary) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  const data = await findPersonalData(primary.address, db);
  const addresses = await addressesFor(primary.address, db);
  await recordAudit(db, {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.data-downloaded",
    detail: `Personal data downloaded ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
  return JSON.stringify(subjectAccessExport(primary.address, data, nowDate(), addresses), null, 2);
}

/** One of the donor's own monthly gifts that can be stopped (by standing order, or by card through Stripe), for the confirmation page. */
export async function getStoppableMonthlyGift(
  supporterId: number,
  reference: string,
): Promise<{ id: number; reference: string; amountPence: number; createdAt: string; payBy: "bank" | "card" }> {
  const pledge = await getPledgeByReference(getDb(), reference);
  if (!pledge || (await findSupporterIdOfPledge(getDb(), pledge.id)) !== supporterId) {
    throw new DonorPortalError(givingWords.noSuchPledge, 404);
  }
  if (pledge.type !== "monthly" || (pledge.payBy === "card" && !pledge.stripeSubscription)) {
    throw new DonorPortalError(givingWords.notABankMonthly);
  }
  if (pledge.cancelledAt) throw new DonorPortalError(givingWords.alreadyStopped);
  return {
    id: pledge.id,
    reference: pledge.reference,
    amountPence: pledge.amountPence,
    createdAt: pledge.createdAt,
    payBy: pledge.payBy,
  };
}

/**
 * The donor stops a monthly gift by standing order: the pledge is cancelled (staff see it
 * cancelled, the reason saying the donor did it) and audited on the pledge and the supporter.
 * The money is the bank's to stop: the page tells the donor to cancel the standing order there.
 */
export async function stopMonthlyGiftByDonor(supporterId: number, reference: string): Promise<void> {
  const gift = await getStoppableMonthlyGift(supporterId, reference);
  if (gift.payBy === "card") return stopMonthlyCardGift(supporterId, gift);
  await immediateTransaction(getDb(), async (trx) => {
    const pledge = await getPledgeByReference(trx, reference);
    if (!pledge) throw new DonorPortalError(givingWords.noSuchPledge, 404);
    const reason = `Stopped ${BY_THE_DONOR} at Your giving (told to cancel the standing order with their bank)`;
    if (!(await markPledgeCancelled(trx, pledge.id, reason))) throw new DonorPortalError(givingWords.alreadyStopped);
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledge.id,
      action: "pledge.cancelled",
      detail: `status ${pledge.status} → cancelled ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    await recordAudit(trx, {
      entity: "supporter",
      entityId: supporterId,
      action: "donor.monthly-stopped",
      detail: `Monthly gift ${pledge.reference} stopped ${BY_THE_DONOR}`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
  });
}

/** The donor turns the newsletter on or off for their address (consent recorded with the words shown), audited as theirs. */
export async function setDonorNewsletter(supporterId: number, on: boolean): Promise<void> {
  const [primary] = await listSupporterEmails(getDb(), supporterId);
  if (!primary) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  if (!(await setNewsletterFromGiving(primary.address, on))) return;
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: on ? "donor.newsletter-on" : "donor.newsletter-off",
    detail: `Newsletter turned ${on ? "on" : "off"} ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
}

/**
 * A monthly card gift: Stripe cancels the subscription at once (the staff service's own call,
 * `cancelCardSubscription`), the pledge is cancelled with the donor's reason, and the supporter's
 * record says the donor did it. Stripe's customer.subscription.deleted that follows adds nothing.
 */
async function stopMonthlyCardGift(supporterId: number, gift: { id: number; reference: string }): Promise<void> {
  try {
    await cancelCardSubscription(
      gift.id,
      `Stopped ${BY_THE_DONOR} at Your giving (card payments cancelled in Stripe)`,
      DONOR_ACTOR,
    );
  } catch (error) {
    if (!(error instanceof CardGiftError)) throw error;
    logger.warn(
      { event: "giving.card_stop_failed", pledge_id: gift.id, reason: error.message },
      "Could not stop a card gift",
    );
    throw new DonorPortalError(givingWords.cardStopFailed, 409);
  }
  await mailDirectDebitChangeByDonor(gift.reference, null);
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.monthly-stopped",
    detail: `Monthly card gift ${gift.reference} stopped ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
}

/**
 * The donor changes the monthly amount of their card gift: Stripe's subscription is updated
 * from the next payment; the pledge (and the staff page) follow from Stripe's webhook. Amounts as
 * on the donate form. Audited on the supporter's record as the donor's own.
 */
export async function changeMonthlyCardAmountByDonor(
  supporterId: number,
  reference: string,
  amount: string,
): Promise<number> {
  const gift = await getStoppableMonthlyGift(supporterId, reference);
  if (gift.payBy !== "card") throw new DonorPortalError(givingWords.notACardMonthly);
  const parsed = parseAmountToPence(amount);
  if (!parsed.ok) throw new DonorPortalError(parsed.error, 400);
  if (parsed.pence === gift.amountPence) throw new DonorPortalError(givingWords.sameAmount, 400);
  const pledge = (await getPledgeByReference(getDb(), reference))!;
  try {
    await changeCardSubscriptionAmount(pledge, parsed.pence);
  } catch (error) {
    if (!(error instanceof CardGiftError)) throw error;
    throw new DonorPortalError(givingWords.cardStopFailed, 409);
  }
  await mailDirectDebitChangeByDonor(reference, parsed.pence);
  await recordAudit(getDb(), {
    entity: "supporter",
    entityId: supporterId,
    action: "donor.monthly-amount-changed",
    detail: `Monthly card gift ${reference} changed to ${formatPence(parsed.pence)} ${BY_THE_DONOR} (Stripe updated)`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
  return parsed.pence;
}
