import { nowDate } from "~/infra/clock.server";
import { newsletterConsent } from "~/content/newsletter-consent";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { logger } from "~/infra/logger.server";
import { newToken } from "~/infra/secret-token.server";
import {
  createPendingSubscriber,
  deleteSubscriber,
  expireConfirmTokens,
  findToken,
  getNewsletterSubscriber,
  getSubscriberById,
  latestTokenAt,
  listConfirmedSubscribers,
  listConsentEvents,
  listSubscribers,
  recordConsentEvent,
  setSubscriberStatus,
  storeToken,
  useToken,
  type NewsletterSubscriber,
  type TokenMatch,
  setLegalBasis,
} from "~/publishing/models/subscriber.server";
import { recordAudit } from "~/site/index.server";
import { deleteQueuedMailForSubscriber, enqueueMail } from "~/mail/index.server";
import { findRecordOr404 } from "~/utils/record-id";
import type { CharitySettings } from "~/utils/charity-settings";
import { getCharitySettings } from "~/site/index.server";
import { newsletterConfirmationMail } from "~/mail/index.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link works this long; unconfirmed sign-ups are deleted after it. */
export const CONFIRM_TOKEN_TTL_MS = 7 * DAY_MS;
/** At most one confirmation message per address in this period, however often it is typed in. */
export const CONFIRMATION_RESEND_INTERVAL_MS = DAY_MS;

// Tokens are URL-safe; a path segment typed by hand may not be (an emoji in a one-click URL must
// still make a valid Location header), so each is encoded.
export const newsletterPaths = {
  confirm: (token: string) => `/newsletter/confirm/${encodeURIComponent(token)}`,
  /** The page with an Unsubscribe button (the link in the message's text). */
  unsubscribe: (token: string) => `/newsletter/unsubscribe/${encodeURIComponent(token)}`,
  /** The List-Unsubscribe header's URL, for a mail program's one-click POST. */
  oneClick: (token: string) => `/newsletter/one-click/${encodeURIComponent(token)}`,
};

/**
 * Queues the confirmation message with a fresh confirmation link and a fresh unsubscribe link
 * (every newsletter message carries one). The tokens exist only in the message; the database
 * keeps their hashes.
 */
async function queueConfirmation(
  trx: DB,
  subscriber: NewsletterSubscriber,
  now: Date,
  charity: CharitySettings,
): Promise<void> {
  const confirm = newToken();
  const unsubscribe = newToken();
  await storeToken(trx, {
    subscriberId: subscriber.id,
    purpose: "confirm",
    token: confirm,
    now,
    expiresAt: new Date(now.getTime() + CONFIRM_TOKEN_TTL_MS),
  });
  await storeToken(trx, {
    subscriberId: subscriber.id,
    purpose: "unsubscribe",
    token: unsubscribe,
    now,
    expiresAt: null,
  });
  const mail = newsletterConfirmationMail(
    {
      confirmUrl: absoluteUrl(newsletterPaths.confirm(confirm)),
      unsubscribeUrl: absoluteUrl(newsletterPaths.unsubscribe(unsubscribe)),
      oneClickUrl: absoluteUrl(newsletterPaths.oneClick(unsubscribe)),
    },
    charity,
  );
  await enqueueMail(
    trx,
    { kind: "newsletter.confirm", to: subscriber.email, subscriberId: subscriber.id, ...mail },
    now,
  );
}

/**
 * A sign-up from the Publications page. New address: a pending subscriber, the consent as
 * shown, and a confirmation message, in one transaction. Pending or unsubscribed address: a
 * new confirmation at most once a day. Confirmed address: nothing to do. The caller answers
 * every case the same way, so the form never reveals who is on the list.
 */
export async function signUpForNewsletter(email: string, now: Date = nowDate()): Promise<void> {
  const charity = await getCharitySettings();
  await immediateTransaction(getDb(), async (trx) => {
    let subscriber = await getNewsletterSubscriber(trx, email);
    // A bouncing address (see recordNewsletterBounce) gets a new confirmation: confirming clears it.
    if (subscriber?.status === "confirmed" && !subscriber.bouncingSince) return;
    if (subscriber) {
      const last = await latestTokenAt(trx, subscriber.id, "confirm");
      if (last && now.getTime() - Date.parse(last) < CONFIRMATION_RESEND_INTERVAL_MS) return;
    } else {
      subscriber = await createPendingSubscriber(trx, email, now);
    }
    await recordConsentEvent(trx, subscriber.id, "signed-up", newsletterConsent.signUp, now);
    await queueConfirmation(trx, subscriber, now, charity);
  });
}

// A result, not a refusal: the link pages show it as their content (done, or why the link no longer works).
export type TokenCheck = { ok: true; email: string } | { ok: false; status: 404 | 410 };

/** A confirmation link's state: usable, or used by a subscriber still confirmed (a second click), or not. */
export type ConfirmCheck = TokenCheck | { ok: "already-confirmed"; email: string };

/** A used link whose subscriber is still confirmed: the same person opening it again. */
const alreadyConfirmed = (match: TokenMatch): boolean =>
  match.usedAt !== null && match.subscriber.status === "confirmed";

/** Whether a confirmation link can still be used (for the page its GET shows). */
export async function checkConfirmToken(token: string, now: Date = nowDate()): Promise<ConfirmCheck> {
  const match = await findToken(getDb(), token, "confirm");
  if (!match) return { ok: false, status: 404 };
  if (alreadyConfirmed(match)) return { ok: "already-confirmed", email: match.subscriber.email };
  if (match.usedAt || (match.expiresAt && match.expiresAt <= now.toISOString())) return { ok: false, status: 410 };
  return { ok: true, email: match.subscriber.email };
}

/** Confirms the subscription a link belongs to and records when, with the words shown. */
export async function confirmSubscription(token: string, now: Date = nowDate()): Promise<ConfirmCheck> {
  return immediateTransaction(getDb(), async (trx): Promise<ConfirmCheck> => {
    const match = await findToken(trx, token, "confirm");
    if (!match) return { ok: false, status: 404 };
    if (alreadyConfirmed(match)) return { ok: "already-confirmed", email: match.subscriber.email };
    if (match.usedAt || (match.expiresAt && match.expiresAt <= now.toISOString())) return { ok: false, status: 410 };
    if (!(await useToken(trx, match.tokenHash, now))) return { ok: false, status: 410 };
    await setSubscriberStatus(trx, match.subscriber.id, "confirmed", now);
    await recordConsentEvent(trx, match.subscriber.id, "confirmed", newsletterConsent.confirm, now);
    await setLegalBasis(trx, match.subscriber.id, { basis: "consent", formVersion: "newsletter-confirm", at: now });
    logger.info(
      { event: "newsletter.confirmed", subscriber_id: match.subscriber.id },
      "Newsletter subscription confirmed",
    );
    return { ok: true, email: match.subscriber.email };
  });
}

/** Whether an unsubscribe link belongs to someone still on the list. */
/**
 * A donor signed in to Your giving turns the newsletter on or off for their address, with the
 * words they were shown recorded as consent events. On: no confirmation message, since the
 * sign-in link reached this address (confirmed at once, like double opt-in's second step). Off:
 * as an unsubscribe. Returns whether anything changed.
 */
export async function setNewsletterFromGiving(email: string, on: boolean, now: Date = nowDate()): Promise<boolean> {
  return immediateTransaction(getDb(), async (trx) => {
    let subscriber = await getNewsletterSubscriber(trx, email);
    if (on) {
      if (subscriber?.status === "confirmed" && !subscriber.bouncingSince) return false;
      subscriber ??= await createPendingSubscriber(trx, email, now);
      await recordConsentEvent(trx, subscriber.id, "signed-up", newsletterConsent.givingOn, now);
      await setSubscriberStatus(trx, subscriber.id, "confirmed", now);
      await recordConsentEvent(trx, subscriber.id, "confirmed", newsletterConsent.givingOn, now);
      await setLegalBasis(trx, subscriber.id, { basis: "consent", formVersion: "your-giving", at: now });
      return true;
    }
    if (!subscriber || subscriber.status === "unsubscribed") return false;
    await setSubscriberStatus(trx, subscriber.id, "unsubscribed", now);
    await recordConsentEvent(trx, subscriber.id, "unsubscribed", newsletterConsent.givingOff, now);
    await expireConfirmTokens(trx, subscriber.id, now);
    await deleteQueuedMailForSubscriber(trx, subscriber.id);
    return true;
  });
}

/** Whether the address gets the newsletter now (confirmed, not bouncing). */
export async function receivesNewsletter(email: string): Promise<boolean> {
  const subscriber = await getNewsletterSubscriber(getDb(), email);
  return subscriber?.status === "confirmed" && !subscriber.bouncingSince;
}

export async function checkUnsubscribeToken(token: string): Promise<TokenCheck> {
  const match = await findToken(getDb(), token, "unsubscribe");
  return match ? { ok: true, email: match.subscriber.email } : { ok: false, status: 404 };
}

/**
 * Unsubscribes the owner of an unsubscribe link at once. Repeating it is harmless (the link
 * may be used again; the first time is the one recorded). Their confirmation links stop
 * working and messages still waiting to go to them are dropped: they are never mailed again.
 */
export async function unsubscribe(
  token: string,
  via: "page" | "one-click",
  now: Date = nowDate(),
): Promise<TokenCheck> {
  return immediateTransaction(getDb(), async (trx) => {
    const match = await findToken(trx, token, "unsubscribe");
    if (!match) return { ok: false, status: 404 };
    const { subscriber } = match;
    if (subscriber.status !== "unsubscribed") {
      await setSubscriberStatus(trx, subscriber.id, "unsubscribed", now);
      const wording = via === "page" ? newsletterConsent.unsubscribePage : newsletterConsent.unsubscribeOneClick;
      await recordConsentEvent(trx, subscriber.id, "unsubscribed", wording, now);
      await expireConfirmTokens(trx, subscriber.id, now);
      await deleteQueuedMailForSubscriber(trx, subscriber.id);
      logger.info({ event: "newsletter.unsubscribed", subscriber_id: subscriber.id, via }, "Newsletter unsubscribe");
    }
    return { ok: true, email: subscriber.email };
  });
}

/** Staff removal of a subscriber: the row, its history, links and messages, with an audit entry. */
export async function removeSubscriber(id: number, actor: string): Promise<boolean> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      if (!(await deleteSubscriber(trx, id))) return false;
      await recordAudit(trx, { entity: "subscriber", entityId: id, action: "subscriber.removed", actor });
      return true;
    });
}

/** For staff pages: the subscriber an id in the URL names, or a thrown 404 for anything else. */
export async function requireSubscriber(idParam: string | undefined): Promise<NewsletterSubscriber> {
  return findRecordOr404(
    idParam,
    (id) => getSubscriberById(getDb(), id),
    "There is no subscriber with this number. They may have been removed.",
  );
}

/** One page of the staff list of subscribers. */
export async function subscribersPage(page: number, pageSize: number) {
  return listSubscribers(getDb(), { page, pageSize });
}

/** A subscriber's consent history (sign-up, confirmation, unsubscribe), with the wording shown. */
export async function consentHistory(subscriberId: number) {
  return listConsentEvents(getDb(), subscriberId);
}

/** Confirmed addresses for a mail tool; the export itself is audited (who took the list, how long). */
export async function exportConfirmedSubscribers(actor: string): Promise<NewsletterSubscriber[]> {
  const rows = await listConfirmedSubscribers(getDb());
  await recordAudit(getDb(), {
    entity: "subscriber",
    entityId: null,
    action: "subscribers.exported",
    detail: `${rows.length} confirmed addresses`,
    actor,
  });
  return rows;
}
