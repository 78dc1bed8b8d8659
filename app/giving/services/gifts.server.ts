import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import type { HandPaidWith } from "~/giving/utils/payment-method";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { findRecordedBankLines, type Payment } from "~/giving/models/payment.server";
import { createPledgeOfSupporter, listPledgesOfSupporter, type Pledge } from "~/giving/models/pledge.server";
import { findSupporterIdByEmail, getSupporter, listSupporterEmails } from "~/supporters/index.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { bankLineFingerprint } from "~/giving/utils/bank-statement";
import { getCharitySettings } from "~/site/index.server";
import { addDeclaration } from "~/gift-aid/index.server";
import { recordPayment } from "./ledger.server";
import { declarationCopy } from "./pledges.server";
import { Refusal } from "~/utils/refusal";

// Staff record a gift that came without a pledge: a bank credit that names none ("J SMITH
// DONATION"), a cheque, cash. One transaction makes the one-time pledge (its supporter found or
// made by address), the Gift Aid declaration the donor gave (checked by the donate form's
// rules), and the payment through the ledger (its history, the thank-you): all or nothing. From
// a bank statement line, the payment keeps the line's text and fingerprint (payments.bank_line),
// so the line is imported: a later upload shows it as "Already imported".

/** A gift refused: a field's problem (400, shown beside `field`), or a bank line recorded already (409). */
export class GiftError extends Refusal {
  constructor(
    message: string,
    status: 400 | 409,
    readonly field: string | null = null,
  ) {
    super(message, status);
  }
}

/** The bank statement line a gift comes from, as the import page showed it. */
export interface GiftBankLine {
  fingerprint: string;
  description: string;
  occurrence: number;
}

export interface NewGift {
  /** An existing supporter (their number or one of their addresses), or a new one. */
  giver: { supporter: string } | { firstName: string; lastName: string; email: string };
  /** Names typed for an existing supporter, used over what is on file. */
  firstName?: string;
  lastName?: string;
  receivedOn: string;
  amountPence: number;
  note?: string | null;
  /** How a gift recorded by hand was paid (cash, cheque…); none for a bank statement line's. */
  paidWith?: HandPaidWith | null;
  sendThanks: boolean;
  giftAidDeclaration: GiftAidDetails | null;
  bankLine?: GiftBankLine | null;
}

export interface RecordedGift {
  pledge: Pledge;
  payment: Payment;
  supporterId: number;
  newSupporter: boolean;
  thanked: boolean;
}

const NO_SUPPORTER =
  "No supporter has that number or e-mail address. Check it, or record the gift for a new supporter.";

/** The existing supporter named by number or address: the address and names a pledge of theirs carries. */
async function existingGiver(
  db: DB,
  named: string,
  typed: { firstName?: string; lastName?: string },
): Promise<{ firstName: string; lastName: string; email: string }> {
  const text = named.trim().replace(/^#/, "");
  const id = /^\d{1,9}$/.test(text) ? Number(text) : await findSupporterIdByEmail(db, text);
  const supporter = id === undefined ? undefined : await getSupporter(db, id);
  if (!supporter) throw new GiftError(NO_SUPPORTER, 400, "supporter");
  const [emails, pledges] = await Promise.all([
    listSupporterEmails(db, supporter.id),
    listPledgesOfSupporter(db, supporter.id),
  ]);
  const email = emails[0]?.address;
  if (!email) throw new GiftError(NO_SUPPORTER, 400, "supporter");
  const newest = pledges.at(-1);
  const words = (supporter.displayName ?? "").split(" ").filter(Boolean);
  const firstName = typed.firstName || supporter.firstName || newest?.firstName || words.slice(0, -1).join(" ");
  const lastName = typed.lastName || supporter.lastName || newest?.lastName || words.at(-1) || "";
  if (!firstName || !lastName) {
    throw new GiftError(
      `Supporter ${supporter.id} has no full name on file: enter their first and last name.`,
      400,
      firstName ? "lastName" : "firstName",
    );
  }
  return { firstName, lastName, email };
}

/** Whether this bank statement line (its fingerprint) is recorded already. */
export async function isBankLineImported(fingerprint: string): Promise<boolean> {
  return (await findRecordedBankLines(getDb(), [fingerprint])).size > 0;
}

/** Checks that the line is the one the statement showed (not altered) and not recorded before. */
async function checkBankLine(db: DB, gift: NewGift): Promise<void> {
  const line = gift.bankLine;
  if (!line) return;
  const expected = bankLineFingerprint(gift.receivedOn, gift.amountPence, line.description, line.occurrence);
  if (expected !== line.fingerprint) {
    throw new GiftError(
      "The bank line's date or amount was changed: record it from the statement as it is, or as a gift by hand.",
      400,
    );
  }
  if ((await findRecordedBankLines(db, [line.fingerprint])).size > 0) {
    throw new GiftError("This bank statement line is already imported: nothing was recorded again.", 409);
  }
}

/**
 * Records a gift, or throws `GiftError`. One transaction: the pledge (one-time, paid by bank),
 * the declaration when the donor gave one, the payment (by hand, or imported from the bank
 * line), the pledge's history (who recorded it, for whom) and, with `sendThanks`, the thank-you
 * quoting the declaration.
 */
export async function recordGift(gift: NewGift, actor: string): Promise<RecordedGift> {
  const charity = await getCharitySettings();
  const result = await immediateTransaction(getDb(), async (trx): Promise<RecordedGift> => {
    await checkBankLine(trx, gift);
    const giver =
      "supporter" in gift.giver
        ? await existingGiver(trx, gift.giver.supporter, { firstName: gift.firstName, lastName: gift.lastName })
        : gift.giver;
    const { pledge, supporterId, newSupporter } = await createPledgeOfSupporter(trx, {
      type: "one-time",
      amountPence: gift.amountPence,
      firstName: giver.firstName,
      lastName: giver.lastName,
      email: giver.email,
      inHonour: false,
      payBy: "bank",
    });
    if (gift.giftAidDeclaration) await addDeclaration(trx, pledge, gift.giftAidDeclaration, charity, { byStaff: true });
    const from = gift.bankLine ? "from a bank statement line that named no pledge" : "by hand";
    await recordAudit(trx, {
      entity: "pledge",
      entityId: pledge.id,
      action: "pledge.recorded",
      detail: `Gift recorded by staff ${from}, for ${newSupporter ? "a new" : "existing"} supporter ${supporterId}${gift.giftAidDeclaration ? "; Gift Aid declaration given by the donor, recorded with it" : ""}`,
      actor,
    });
    const thanks = gift.sendThanks
      ? {
          charity,
          declarationCopy: await declarationCopy(trx, pledge.id, {
            withPledge: Boolean(gift.giftAidDeclaration),
            before: !newSupporter,
          }),
        }
      : null;
    const line = gift.bankLine;
    const recorded = (await recordPayment(
      trx,
      {
        pledgeId: pledge.id,
        receivedOn: gift.receivedOn,
        amountPence: gift.amountPence,
        method: line ? "bank-import" : "manual",
        paidWith: line ? null : (gift.paidWith ?? null),
        bankLine: line?.fingerprint ?? null,
        note: (line
          ? [`Bank statement line: ${line.description}`, gift.note].filter(Boolean).join("\n")
          : (gift.note ?? null)
        )?.slice(0, 500),
      },
      actor,
      thanks,
    ))!;
    return { pledge: recorded.pledge, payment: recorded.payment, supporterId, newSupporter, thanked: recorded.thanked };
  });
  logger.info(
    {
      event: "gift.recorded",
      pledge_id: result.pledge.id,
      payment_id: result.payment.id,
      amount_pence: result.payment.amountPence,
      method: result.payment.method,
    },
    "Gift recorded by staff",
  );
  return result;
}
