// What every Stripe gift event's handler shares (card gifts, their refunds and disputes, and
// Direct Debit): who the actor is, reading an event's day, amount and pledge, and the staff
// alert. The webhook router (app/site/services/stripe-webhooks.server.ts) records each event
// and hands it to the handlers inside its transaction.
import type { DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { londonToday } from "~/infra/clock.server";
import { child, idOf, pence, text, type Fields } from "~/infra/stripe-fields.server";
import { recordAudit } from "~/site/index.server";
import { enqueueMail, staffCardAlert } from "~/mail/index.server";
import { getPledgeByReference, type Pledge } from "~/giving/models/pledge.server";
import { adminPaths } from "~/utils/admin-paths";
import { toLondonDay } from "~/utils/dates";
import { formatPence } from "~/utils/money";
import type { CharitySettings } from "~/utils/charity-settings";

/** Who records what the webhooks bring, in the pledge's history and on each payment. */
export const STRIPE_ACTOR = "stripe";

/** A history entry written by a Stripe event (its actor is always Stripe). */
export function stripeAudit(trx: DB, entity: "pledge" | "claim", entityId: number, action: string, detail: string) {
  return recordAudit(trx, { entity, entityId, action, detail, actor: STRIPE_ACTOR });
}

/** A signed event whose contents are not what we can take as money: kept for staff, never recorded. */
export interface Attention {
  attention: string;
  pledge?: Pledge;
}
export type Handled = "recorded" | "ignored" | Attention;

/** What an event's mail needs: the charity's details, read before the transaction. */
export interface EventMail {
  charity: CharitySettings;
}

// A signed event's contents are read field by field: app/infra/stripe-fields.server.ts.

/** What an amount looked like, for staff. */
export function shown(value: unknown): string {
  const json = JSON.stringify(value) ?? "nothing";
  return json.length > 40 ? `${json.slice(0, 40)}…` : json;
}

/**
 * Why an amount from Stripe is not this pledge's money, or null when it is: GBP, whole pence, and
 * exactly what the pledge gives (a one-time gift's amount; a monthly gift's monthly amount).
 */
export function amountProblem(fields: Fields, key: string, pledge: Pledge): string | null {
  const currency = text(fields, "currency")?.toLowerCase();
  if (currency !== "gbp") return `currency ${shown(fields.currency)}, not GBP`;
  const amount = pence(fields, key);
  if (amount === null) return `${key} ${shown(fields[key])} is not a whole number of pence`;
  if (amount !== pledge.amountPence) {
    return `${key} ${formatPence(amount)} is not the pledge's ${formatPence(pledge.amountPence)}`;
  }
  return null;
}

/** The day the money arrived, as UK staff count days: when Stripe created the event. */
export function eventDay(event: Fields): string {
  const created = pence(event, "created");
  return created !== null && created > 0 ? toLondonDay(new Date(created * 1000)) : londonToday();
}

export async function pledgeFromReference(
  trx: DB,
  ...candidates: (string | null | undefined)[]
): Promise<Pledge | undefined> {
  for (const reference of candidates) {
    if (!reference) continue;
    const pledge = await getPledgeByReference(trx, reference);
    if (pledge) return pledge;
  }
  return undefined;
}

/** The subscription of an invoice and the metadata it was created with (Stripe's current API, and older ones). */
export function invoiceSubscription(invoice: Fields): { subscription: string | null; reference: string | null } {
  const details = child(child(invoice, "parent"), "subscription_details");
  return {
    subscription: idOf(details, "subscription") ?? idOf(invoice, "subscription"),
    reference: text(child(details, "metadata"), "reference") ?? text(child(invoice, "metadata"), "reference"),
  };
}

/** The staff alert of a Stripe event (when STAFF_EMAIL is set), queued in the event's transaction. */
export async function staffAlert(
  trx: DB,
  kind: "payment" | "refund" | "dispute" | "attention",
  pledge: Pledge,
  amountPence: number,
  extra: string[],
  mail: EventMail,
): Promise<void> {
  const { STAFF_EMAIL } = getEnv();
  if (!STAFF_EMAIL) return;
  const alert = staffCardAlert(
    kind,
    pledge,
    amountPence,
    absoluteUrl(adminPaths.donation(pledge.id)),
    mail.charity,
    extra,
  );
  await enqueueMail(trx, { kind: `card.${kind}.staff`, to: STAFF_EMAIL, pledgeId: pledge.id, ...alert });
}
