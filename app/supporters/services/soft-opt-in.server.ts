// The charity soft opt-in (PECR 22(3A), since 5 February 2026): when an admin turns it on in
// Settings, the donate form offers a clear opt-out, and a donor who gives without ticking it is
// subscribed to the newsletter with the basis "charity soft opt-in" (the form's version and the
// time). Only ever at the moment of a gift on that form: never for contacts from before the
// switch, from imports or from staff, and never for an address that unsubscribed. Every
// newsletter carries its unsubscribe link and header (app/publishing/services/newsletter-issues.server.ts).
import { DONATE_FORM_VERSION, SOFT_OPT_IN_LINE } from "~/content/soft-opt-in";
import { nowDate } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import {
  createPendingSubscriber,
  getNewsletterSubscriber,
  recordConsentEvent,
  setLegalBasis,
  setSubscriberStatus,
} from "~/publishing/index.server";
import { setSettingSwitch, settingSwitchOn } from "~/site/index.server";

/** The Settings key of the switch (absent: off). */
export const SOFT_OPT_IN_SETTING = "softOptIn";

export function softOptInEnabled(db: DB = getDb()): Promise<boolean> {
  return settingSwitchOn(SOFT_OPT_IN_SETTING, false, db);
}

/** An admin turns the soft opt-in on or off (Settings); audited. False when nothing changed. */
export function setSoftOptInEnabled(on: boolean, actor: string): Promise<boolean> {
  return setSettingSwitch(
    { key: SOFT_OPT_IN_SETTING, label: "Newsletter to donors (charity soft opt-in)", absent: false, on },
    actor,
  );
}

/** The opt-out line the donate form shows now, or null when the switch is off. */
export async function donateFormOptOutLine(): Promise<string | null> {
  return (await softOptInEnabled()) ? SOFT_OPT_IN_LINE : null;
}

/**
 * A donor gave on the donate form: with the switch on and the opt-out not ticked, their address
 * is subscribed under the charity soft opt-in (form version, time, the line shown stored as the
 * consent event's words). Nothing for an address already subscribed or one that unsubscribed.
 * True when they were subscribed.
 */
export async function applySoftOptIn(email: string, optedOut: boolean, now: Date = nowDate()): Promise<boolean> {
  if (optedOut || !(await softOptInEnabled())) return false;
  const subscribed = await immediateTransaction(getDb(), async (trx) => {
    const existing = await getNewsletterSubscriber(trx, email);
    if (existing && existing.status !== "pending") return false;
    const subscriber = existing ?? (await createPendingSubscriber(trx, email, now));
    await recordConsentEvent(trx, subscriber.id, "signed-up", SOFT_OPT_IN_LINE, now);
    await setSubscriberStatus(trx, subscriber.id, "confirmed", now);
    await setLegalBasis(trx, subscriber.id, { basis: "soft-opt-in", formVersion: DONATE_FORM_VERSION, at: now });
    return true;
  });
  if (subscribed) logger.info({ event: "newsletter.soft_opt_in" }, "Donor subscribed under the charity soft opt-in");
  return subscribed;
}
