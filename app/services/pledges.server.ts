import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { enqueueMail } from "~/models/outbox.server";
import { createPledge, type Pledge, type PledgeInput } from "~/models/pledge.server";
import { adminPaths } from "~/utils/admin-paths";
import { kickMailSender } from "./mail-sender.server";
import { donorPledgeMail, staffPledgeAlert, type GiftAidDeclarationCopy } from "./mail-templates.server";
import { publicLink } from "./newsletter.server";

/**
 * A visitor's pledge: the pledge, the donor's thank-you (amount, type, reference, bank
 * details) and the staff alert (when STAFF_EMAIL is set), all in one transaction, so a pledge
 * never exists without its messages. Delivery happens after the commit and can never fail it.
 *
 * SEAM (Gift Aid): `giftAidDeclaration` is the copy of the donor's declaration, when they made
 * one; the Gift Aid module supplies it (the lead wires it at merge).
 */
export async function submitPledge(
  input: PledgeInput,
  options: { giftAidDeclaration?: GiftAidDeclarationCopy | null; now?: Date } = {},
): Promise<Pledge> {
  const now = options.now ?? new Date();
  const { STAFF_EMAIL } = getEnv();
  const pledge = await getDb()
    .transaction()
    .execute(async (trx) => {
      const pledge = await createPledge(trx, input);
      const donor = donorPledgeMail(pledge, options.giftAidDeclaration);
      await enqueueMail(trx, { kind: "pledge.donor", to: pledge.email, pledgeId: pledge.id, ...donor }, now);
      if (STAFF_EMAIL) {
        const alert = staffPledgeAlert(pledge, publicLink(adminPaths.donation(pledge.id)));
        await enqueueMail(trx, { kind: "pledge.staff", to: STAFF_EMAIL, pledgeId: pledge.id, ...alert }, now);
      }
      return pledge;
    });
  void kickMailSender();
  return pledge;
}
