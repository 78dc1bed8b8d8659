// Long because subscriptions carry their consent trail: subscribers, single-use tokens, consent
// events with the exact wording, bounces, and the lists staff page through. Only SQL lives here.
import type { Selectable } from "kysely";
import type {
  LegalBasis,
  NewsletterConsentEventsTable,
  NewsletterSubscribersTable,
  NewsletterTokensTable,
  SubscriberStatus,
} from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedAny, deletedCount, updatedAny } from "~/infra/row-count.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";
import { hashToken } from "~/infra/secret-token.server";
import { findOrCreateSupporterByEmail } from "~/supporters/index.server";

export type { SubscriberStatus };
export type NewsletterSubscriber = CamelRow<Selectable<NewsletterSubscribersTable>>;
export type ConsentEvent = CamelRow<Selectable<NewsletterConsentEventsTable>>;
export type ConsentKind = ConsentEvent["kind"];
export type TokenPurpose = NewsletterTokensTable["purpose"];

/** One subscriber by address or id. The address column ignores case (COLLATE NOCASE, citext). */
async function findSubscriber(db: DB, column: "email" | "id", value: string | number) {
  const row = await db.selectFrom("newsletter_subscribers").selectAll().where(column, "=", value).executeTakeFirst();
  return row && camelRow(row);
}

export function getNewsletterSubscriber(db: DB, email: string): Promise<NewsletterSubscriber | undefined> {
  return findSubscriber(db, "email", email);
}

export function getSubscriberById(db: DB, id: number): Promise<NewsletterSubscriber | undefined> {
  return findSubscriber(db, "id", id);
}

export async function createPendingSubscriber(trx: DB, email: string, now: Date): Promise<NewsletterSubscriber> {
  const supporterId = await findOrCreateSupporterByEmail(trx, email, null, now.toISOString());
  const row = await trx
    .insertInto("newsletter_subscribers")
    .values({ email, consented_at: now.toISOString(), status: "pending", supporter_id: supporterId })
    .returningAll()
    .executeTakeFirstOrThrow();
  return camelRow(row);
}

export async function setSubscriberStatus(trx: DB, id: number, status: SubscriberStatus, now: Date): Promise<void> {
  const at = now.toISOString();
  await trx
    .updateTable("newsletter_subscribers")
    .set(
      status === "confirmed"
        ? // Confirming again (after bouncing) starts the bounce count afresh.
          {
            status,
            confirmed_at: at,
            unsubscribed_at: null,
            bounce_streak: 0,
            last_bounce_newsletter_id: null,
            bouncing_since: null,
          }
        : status === "unsubscribed"
          ? { status, unsubscribed_at: at }
          : { status },
    )
    .where("id", "=", id)
    .execute();
}

/** Why we may send them the newsletter: consent, or the charity soft opt-in (the form's version and the time). */
export async function setLegalBasis(
  trx: DB,
  id: number,
  basis: { basis: LegalBasis; formVersion: string; at: Date },
): Promise<void> {
  await trx
    .updateTable("newsletter_subscribers")
    .set({ legal_basis: basis.basis, basis_form_version: basis.formVersion, basis_at: basis.at.toISOString() })
    .where("id", "=", id)
    .execute();
}

export async function recordConsentEvent(
  trx: DB,
  subscriberId: number,
  kind: ConsentKind,
  wording: string,
  now: Date,
): Promise<void> {
  await trx
    .insertInto("newsletter_consent_events")
    .values({ subscriber_id: subscriberId, kind, wording, occurred_at: now.toISOString() })
    .execute();
}

export async function listConsentEvents(db: DB, subscriberId: number): Promise<ConsentEvent[]> {
  const rows = await db
    .selectFrom("newsletter_consent_events")
    .selectAll()
    .where("subscriber_id", "=", subscriberId)
    .orderBy("id")
    .execute();
  return rows.map(camelRow);
}

/** Stores a token's hash; returns nothing that could be used as a link. */
export async function storeToken(
  trx: DB,
  input: { subscriberId: number; purpose: TokenPurpose; token: string; now: Date; expiresAt: Date | null },
): Promise<void> {
  await trx
    .insertInto("newsletter_tokens")
    .values({
      token_hash: hashToken(input.token),
      subscriber_id: input.subscriberId,
      purpose: input.purpose,
      created_at: input.now.toISOString(),
      expires_at: input.expiresAt?.toISOString() ?? null,
      used_at: null,
    })
    .execute();
}

/** When the subscriber's latest confirmation link was made, if ever. */
export async function latestTokenAt(db: DB, subscriberId: number, purpose: TokenPurpose): Promise<string | undefined> {
  const row = await db
    .selectFrom("newsletter_tokens")
    .select((eb) => eb.fn.max("created_at").as("latest"))
    .where((eb) => eb.and({ subscriber_id: subscriberId, purpose }))
    .executeTakeFirst();
  return row?.latest ?? undefined;
}

export interface TokenMatch {
  tokenHash: string;
  purpose: TokenPurpose;
  expiresAt: string | null;
  usedAt: string | null;
  subscriber: NewsletterSubscriber;
}

/** The token's row and its subscriber, found by the token's hash (an index lookup, no compare). */
export async function findToken(db: DB, token: string, purpose: TokenPurpose): Promise<TokenMatch | undefined> {
  const row = await db
    .selectFrom("newsletter_tokens as t")
    .innerJoin("newsletter_subscribers as s", "s.id", "t.subscriber_id")
    .selectAll("s")
    .select(["t.token_hash", "t.purpose", "t.expires_at", "t.used_at"])
    .where("t.token_hash", "=", hashToken(token))
    .where("t.purpose", "=", purpose)
    .executeTakeFirst();
  if (!row) return undefined;
  const { token_hash, purpose: tokenPurpose, expires_at, used_at, ...subscriber } = row;
  return {
    tokenHash: token_hash,
    purpose: tokenPurpose,
    expiresAt: expires_at,
    usedAt: used_at,
    subscriber: camelRow(subscriber),
  };
}

/** Marks a single-use token used; false when it already was (a race lost to another request). */
export async function useToken(trx: DB, tokenHash: string, now: Date): Promise<boolean> {
  return updatedAny(
    trx
      .updateTable("newsletter_tokens")
      .set({ used_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .where("used_at", "is", null),
  );
}

/** Every confirmation link of the subscriber stops working (after unsubscribing). */
export async function expireConfirmTokens(trx: DB, subscriberId: number, now: Date): Promise<void> {
  await trx
    .updateTable("newsletter_tokens")
    .set({ used_at: now.toISOString() })
    .where("subscriber_id", "=", subscriberId)
    .where("purpose", "=", "confirm")
    .where("used_at", "is", null)
    .execute();
}

/**
 * Deletes sign-ups never confirmed: pending since before `before` with no confirmation link
 * still live at `now` (a repeat sign-up sent a fresh one). Tokens and history go with them.
 */
export async function deleteUnconfirmedSubscribers(db: DB, before: Date, now: Date): Promise<number> {
  return deletedCount(
    db
      .deleteFrom("newsletter_subscribers")
      .where("status", "=", "pending")
      .where("consented_at", "<", before.toISOString())
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("newsletter_tokens")
              .select("token_hash")
              .whereRef("newsletter_tokens.subscriber_id", "=", "newsletter_subscribers.id")
              .where("newsletter_tokens.purpose", "=", "confirm")
              .where("newsletter_tokens.used_at", "is", null)
              .where("newsletter_tokens.expires_at", ">", now.toISOString()),
          ),
        ),
      ),
  );
}

export interface SubscriberListItem extends NewsletterSubscriber {
  /** Wording of the latest consent event (what they agreed to, or how they left). */
  wording: string | null;
}

/** A page of subscribers, newest sign-up first, with the total. */
export async function listSubscribers(
  db: DB,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{ rows: SubscriberListItem[]; total: number }> {
  const rows = await db
    .selectFrom("newsletter_subscribers as s")
    .selectAll("s")
    .select((eb) =>
      eb
        .selectFrom("newsletter_consent_events as e")
        .select("e.wording")
        .whereRef("e.subscriber_id", "=", "s.id")
        .where("e.kind", "=", "signed-up")
        .orderBy("e.id", "desc")
        .limit(1)
        .as("wording"),
    )
    .orderBy("s.consented_at", "desc")
    .orderBy("s.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(camelRow), total: Number(total) };
}

/** Confirmed subscribers for a mail tool, oldest first. */
export async function listConfirmedSubscribers(db: DB): Promise<NewsletterSubscriber[]> {
  const rows = await db
    .selectFrom("newsletter_subscribers")
    .selectAll()
    .where("status", "=", "confirmed")
    .orderBy("consented_at")
    .orderBy("id")
    .execute();
  return rows.map(camelRow);
}

export async function deleteSubscriber(trx: DB, id: number): Promise<boolean> {
  return deletedAny(trx.deleteFrom("newsletter_subscribers").where("id", "=", id));
}

/** Who a newsletter goes to: confirmed subscribers whose address is not bouncing, oldest first. */
export async function listNewsletterRecipients(db: DB): Promise<Pick<NewsletterSubscriber, "id" | "email">[]> {
  return db
    .selectFrom("newsletter_subscribers")
    .select(["id", "email"])
    .where("status", "=", "confirmed")
    .where("bouncing_since", "is", null)
    .orderBy("consented_at")
    .orderBy("id")
    .execute();
}

export async function countNewsletterRecipients(db: DB): Promise<number> {
  const { total } = await db
    .selectFrom("newsletter_subscribers")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("status", "=", "confirmed")
    .where("bouncing_since", "is", null)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Bounces in a row that mark an address bouncing. */
export const BOUNCES_IN_A_ROW = 2;

/**
 * A newsletter refused for good (SMTP 5xx) for this subscriber: one more in the streak (a
 * second refusal of the same newsletter, e.g. a staff retry, counts once); at BOUNCES_IN_A_ROW
 * the address is bouncing. True when this refusal made it so.
 */
export async function recordNewsletterBounce(
  db: DB,
  subscriberId: number,
  newsletterId: number,
  now: Date,
): Promise<boolean> {
  const subscriber = await getSubscriberById(db, subscriberId);
  if (!subscriber || subscriber.lastBounceNewsletterId === newsletterId) return false;
  const streak = subscriber.bounceStreak + 1;
  const bouncing = streak >= BOUNCES_IN_A_ROW && subscriber.bouncingSince === null;
  await db
    .updateTable("newsletter_subscribers")
    .set({
      bounce_streak: streak,
      last_bounce_newsletter_id: newsletterId,
      ...(bouncing ? { bouncing_since: now.toISOString() } : {}),
    })
    .where("id", "=", subscriberId)
    .execute();
  return bouncing;
}

/** A newsletter delivered to this subscriber: the streak of refusals is broken. */
export async function resetNewsletterBounces(db: DB, subscriberId: number): Promise<void> {
  await db
    .updateTable("newsletter_subscribers")
    .set({ bounce_streak: 0, last_bounce_newsletter_id: null })
    .where("id", "=", subscriberId)
    .where("bounce_streak", ">", 0)
    .where("bouncing_since", "is", null)
    .execute();
}
