// Your giving: what a donor changes about themselves. Their name and home address (checked as on
// the donate form, kept on their supporter record) and a new Gift Aid declaration (HMRC's model
// enduring declaration: the 4 years before it and every gift after it, the exact wording and
// version kept, with a copy of the address it was made with). Each is audited on the supporter's
// record as done by the donor (docs/decisions/0028-your-giving.md).
import { BY_THE_DONOR, DONOR_ACTOR, givingWords } from "~/content/giving";
import { CURRENT_DECLARATION_VERSION, GIFT_AID_DECLARATION_VERSIONS } from "~/content/gift-aid";
import { nowIsoString } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { insertDeclaration, listDeclarationsOfSupporters, setDeclarationConfirmed } from "~/gift-aid/index.server";
import {
  getHeldDetails,
  setSupporterDetails,
  type SupporterDetails,
} from "~/supporters/models/supporter-details.server";
import { listSupporterEmails } from "~/supporters/models/supporter.server";
import { charityText } from "~/utils/charity-text";
import { charitySettingsIn } from "~/site/index.server";
import { theirDeclaration } from "./donor-portal.server";
import { DonorPortalError } from "./donor-refusals.server";

export type { SupporterDetails };

/** Records a change on the supporter's record as the donor's own (no user id: no one of the team). */
export async function auditByDonor(db: DB, supporterId: number, action: string, detail: string): Promise<void> {
  await recordAudit(db, {
    entity: "supporter",
    entityId: supporterId,
    action: `donor.${action}`,
    detail: `${detail} ${BY_THE_DONOR}`,
    actor: DONOR_ACTOR,
    actorId: null,
  });
}

/**
 * The donor's name and home address as we hold them (getHeldDetails): what they gave at Your
 * giving (or staff merged in), else their first pledge's name and the address of their latest
 * declaration that speaks for them; never what a public form typed later for their address.
 */
export async function getDonorDetails(supporterId: number, db: DB = getDb()): Promise<SupporterDetails> {
  const details = await getHeldDetails(db, supporterId);
  if (!details) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  return details;
}

/** Whether a declaration can be made from these details: a name and a whole home address. */
export function detailsComplete(details: SupporterDetails): boolean {
  return Boolean(
    details.firstName && details.lastName && details.house && details.street && details.town && details.postcode,
  );
}

/**
 * The donor updates their name and home address (already checked by the donate form's rules).
 * Declarations keep the address they were made with; a later one records this one.
 */
export async function updateDonorDetails(supporterId: number, details: SupporterDetails): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      if (!(await setSupporterDetails(trx, supporterId, details, nowIsoString()))) {
        throw new DonorPortalError(givingWords.noSuchDonor, 404);
      }
      await auditByDonor(trx, supporterId, "details-changed", "Name and home address updated at Your giving");
    });
  logger.info({ event: "giving.details_changed", supporter_id: supporterId }, "Donor details updated by the donor");
}

/**
 * The donor makes a Gift Aid declaration at Your giving: the current wording, covering the 4
 * years before today and every gift after it, made with their name and home address as we hold
 * them now. Refused while one of theirs is in force (not cancelled), or when their address is missing.
 */
export async function makeDeclarationByDonor(supporterId: number): Promise<number> {
  const db = getDb();
  const details = await getDonorDetails(supporterId, db);
  if (!detailsComplete(details)) throw new DonorPortalError(givingWords.declareNeedsAddress);
  const [primary] = await listSupporterEmails(db, supporterId);
  if (!primary) throw new DonorPortalError(givingWords.noSuchDonor, 404);
  const id = await db.transaction().execute(async (trx) => {
    const existing = (await listDeclarationsOfSupporters(trx, [supporterId])).get(supporterId) ?? [];
    // One waiting for their confirmation (made on a public form with their address) does not count.
    if (existing.some((d) => d.cancelledAt === null && (!d.ownGiftOnly || d.confirmedAt !== null))) {
      throw new DonorPortalError(givingWords.declareAlreadyCovered);
    }
    const charity = await charitySettingsIn(trx);
    const declaration = await insertDeclaration(trx, {
      pledgeId: null,
      supporterId,
      title: details.title,
      firstName: details.firstName,
      lastName: details.lastName,
      house: details.house,
      street: details.street,
      town: details.town,
      postcode: details.postcode,
      email: primary.address,
      version: CURRENT_DECLARATION_VERSION,
      text: charityText(GIFT_AID_DECLARATION_VERSIONS[CURRENT_DECLARATION_VERSION], charity),
      declaredAt: nowIsoString(),
    });
    await recordAudit(trx, {
      entity: "declaration",
      entityId: declaration.id,
      action: "declaration.made",
      detail: `Made ${BY_THE_DONOR} at Your giving (version ${CURRENT_DECLARATION_VERSION})`,
      actor: DONOR_ACTOR,
      actorId: null,
    });
    await auditByDonor(
      trx,
      supporterId,
      "declaration-made",
      `Gift Aid declaration ${declaration.id} made at Your giving`,
    );
    return declaration.id;
  });
  logger.info({ event: "giving.declaration_made", declaration_id: id }, "Declaration made by donor");
  return id;
}

/**
 * The address's owner confirms, at Your giving, a declaration made with their address on a
 * public form: from now on it covers all their gifts in its window, not only its own. Audited as
 * the donor's own on the declaration and the supporter.
 */
export async function confirmDeclarationByDonor(supporterId: number, declarationId: number): Promise<void> {
  await getDb()
    .transaction()
    .execute(async (trx) => {
      await theirDeclaration(trx, supporterId, declarationId);
      if (!(await setDeclarationConfirmed(trx, declarationId, { at: nowIsoString(), by: "donor" }))) {
        throw new DonorPortalError(givingWords.nothingToConfirm);
      }
      await recordAudit(trx, {
        entity: "declaration",
        entityId: declarationId,
        action: "declaration.confirmed",
        detail: `Confirmed ${BY_THE_DONOR} at Your giving: it covers all their gifts`,
        actor: DONOR_ACTOR,
        actorId: null,
      });
      await auditByDonor(trx, supporterId, "declaration-confirmed", `Gift Aid declaration ${declarationId} confirmed`);
    });
  logger.info(
    { event: "giving.declaration_confirmed", declaration_id: declarationId },
    "Declaration confirmed by donor",
  );
}
