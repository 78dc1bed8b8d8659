import { giftAidOnPence } from "~/gift-aid/utils/gift-aid";
import { now as clockNow } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { listDeclarationsOfPledgeSupporter } from "~/gift-aid/index.server";
import { listPledgesToRemind, markPledgeReminded } from "~/supporters/index.server";
import { enqueueMail } from "~/mail/index.server";
import type { Payment } from "~/giving/models/payment.server";
import { getPledge, type Pledge } from "~/giving/models/pledge.server";
import type { CharitySettings } from "~/utils/charity-settings";
import { giftAidApplies } from "~/gift-aid/utils/gift-aid";
import { REMINDER_AFTER_DAYS, REMINDER_WINDOW_DAYS } from "~/utils/receipts";
import { getCharitySettings, setSettingSwitch, settingSwitchOn } from "~/site/index.server";
import { coverOf } from "~/gift-aid/index.server";
import { donorPaymentMail, donorReminderMail, type GiftAidDeclarationCopy } from "~/mail/index.server";

// What donors hear about their money after the pledge: a thank-you for each payment recorded
// (by hand, from a bank statement or by card), and one friendly reminder of a bank-transfer
// pledge still unpaid a week after it was made. Each message is queued in the transaction that
// records its cause. Monthly standing orders that lapse are never chased: staff see them on the
// Donations list (status "Lapsed") and the overview, and decide themselves.

// ---------------------------------------------------------------------------------------------
// Gift Aid on a gift

/**
 * Whether Gift Aid applies to a payment on a pledge by the enduring rule: any declaration of the
 * pledge's supporter whose window holds the day the money arrived (app/gift-aid/utils/gift-aid.ts,
 * coveringDeclaration), the rule the claim batches follow, so the thank-you never promises Gift
 * Aid the claim would not make.
 */
export async function supporterGiftAidCovers(
  db: DB,
  pledgeId: number,
  gift: { receivedOn: string; amountPence: number },
): Promise<boolean> {
  if (gift.amountPence <= 0) return false;
  return giftAidApplies({ ...gift, pledgeId }, (await listDeclarationsOfPledgeSupporter(db, pledgeId)).map(coverOf));
}

// ---------------------------------------------------------------------------------------------
// Thank-you for a payment

/**
 * Queues the donor's thank-you for a payment, inside the transaction that records it. None for
 * a refund (a negative amount) or nothing received. Returns whether a message was queued.
 */
export async function queuePaymentThanks(
  trx: DB,
  pledge: Pledge,
  payment: Pick<Payment, "amountPence" | "receivedOn" | "method">,
  charity: CharitySettings,
  options: { declarationCopy?: GiftAidDeclarationCopy | null } = {},
): Promise<boolean> {
  if (payment.amountPence <= 0) return false;
  const covered = await supporterGiftAidCovers(trx, pledge.id, payment);
  const mail = donorPaymentMail(
    pledge,
    payment,
    {
      byCard: payment.method === "card",
      giftAidPence: covered ? giftAidOnPence(payment.amountPence) : null,
      declaration: options.declarationCopy,
    },
    charity,
  );
  await enqueueMail(trx, { kind: "payment.donor", to: pledge.email, pledgeId: pledge.id, ...mail });
  return true;
}

// ---------------------------------------------------------------------------------------------
// Reminders

export { REMINDER_AFTER_DAYS, REMINDER_WINDOW_DAYS };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Settings key of the on/off switch (kept beside the charity's details; absent means on). */
export const REMINDERS_SETTING = "paymentReminders";

export async function remindersEnabled(db: DB = getDb()): Promise<boolean> {
  return settingSwitchOn(REMINDERS_SETTING, true, db);
}

/** Staff turn reminders on or off (Settings); audited. False when nothing changed. */
export async function setRemindersEnabled(on: boolean, actor: string, db: DB = getDb()): Promise<boolean> {
  return setSettingSwitch({ key: REMINDERS_SETTING, label: "Payment reminders", absent: true, on }, actor, db);
}

/**
 * Housekeeping's task: queues the one reminder of each bank-transfer pledge made between
 * REMINDER_WINDOW_DAYS and REMINDER_AFTER_DAYS ago that has no payment, is not cancelled and
 * was never reminded; each pledge is marked in the same transaction as its message, so no
 * pledge is ever reminded twice, even by two instances at once. Nothing when turned off.
 */
export async function sendDueReminders(now: Date = new Date(clockNow()), db: DB = getDb()): Promise<number> {
  if (!(await remindersEnabled(db))) return 0;
  const ids = await listPledgesToRemind(db, {
    madeAfter: new Date(now.getTime() - REMINDER_WINDOW_DAYS * DAY_MS).toISOString(),
    madeBefore: new Date(now.getTime() - REMINDER_AFTER_DAYS * DAY_MS).toISOString(),
  });
  if (ids.length === 0) return 0;
  const charity = await getCharitySettings(db);
  let sent = 0;
  for (const id of ids) {
    const queued = await immediateTransaction(db, async (trx) => {
      const pledge = await getPledge(trx, id);
      if (!pledge || pledge.paidPence !== 0 || pledge.cancelledAt) return false;
      if (!(await markPledgeReminded(trx, id, now.toISOString()))) return false;
      await enqueueMail(
        trx,
        { kind: "pledge.reminder", to: pledge.email, pledgeId: pledge.id, ...donorReminderMail(pledge, charity) },
        now,
      );
      await recordAudit(
        trx,
        {
          entity: "pledge",
          entityId: pledge.id,
          action: "pledge.reminded",
          detail: `No payment ${REMINDER_AFTER_DAYS} days after the pledge: one reminder e-mailed to the donor`,
          actor: "housekeeping",
          actorId: null,
        },
        now.toISOString(),
      );
      return true;
    });
    if (queued) sent++;
  }
  if (sent > 0) {
    // Delivered by the running server's mail sender (every 30 s): housekeeping also runs in the start-up script.
    logger.info({ event: "pledge.reminders", sent }, "Payment reminders queued");
  }
  return sent;
}
