import { nowIsoString } from "~/infra/clock.server";
import {
  DECLARATION_COVERS,
  ENDURING_DECLARATION_HEADING,
  enduringDeclarationLead,
  GIFT_AID_DECLARATION_VERSIONS,
} from "~/content/gift-aid";
import { DECLARATION_NOTES, HOW_TO_CANCEL, ownGiftOnlyCovers } from "~/content/gift-aid-notes";
import { getDb, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import {
  getDeclaration,
  getDeclarationByPledgeId,
  insertDeclaration,
  listDeclarations,
  listDeclarationsOfPledgeSupporter,
  setDeclarationCancelled,
  type Declaration,
} from "~/gift-aid/models/gift-aid.server";
import type { Pledge } from "~/giving/index.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";
import { CANCEL_REASON_MAX } from "~/gift-aid/schemas/gift-aid";
import { formatLongDate, toLondonDay } from "~/utils/dates";
import type { CharitySettings } from "~/utils/charity-settings";
import { charityText } from "~/utils/charity-text";
import { coveringDeclaration, type CoverDeclaration, type DeclarationSummary } from "~/gift-aid/utils/gift-aid";
import { absoluteUrl } from "~/infra/public-url.server";
import { givingPaths } from "~/utils/giving-paths";
import { declarationCoversOwnGiftOnly } from "~/supporters/index.server";
import { Refusal } from "~/utils/refusal";

// Gift Aid declarations: made with a pledge (HMRC's model enduring declaration, the exact wording
// kept), shown to the donor and staff, cancelled by staff. Claims on them: ./gift-aid-claims.server.ts.

/** A refusal staff should read (a 409/400 with this message), never a 500. */
export class GiftAidError extends Refusal {}

/**
 * Records the declaration a donor made with their pledge, in the pledge's own transaction
 * (`trx`), with the exact wording of the version they were shown (naming the charity as
 * `charity`, its Settings, does). Made on a public form (the default) for an address whose
 * supporter already had a pledge, it covers only this pledge's gifts until the address's owner
 * confirms it at Your giving or staff accept it: an e-mail address is not a person. `byStaff`:
 * staff recorded it from the donor themselves (a form on paper, a call), so it covers all their gifts.
 */
export async function addDeclaration(
  trx: DB,
  pledge: Pledge,
  details: GiftAidDetails,
  charity: CharitySettings,
  options: { byStaff?: boolean } = {},
): Promise<void> {
  const ownGiftOnly = options.byStaff ? false : await declarationCoversOwnGiftOnly(trx, pledge);
  await insertDeclaration(trx, {
    ownGiftOnly,
    pledgeId: pledge.id,
    title: details.title,
    firstName: pledge.firstName,
    lastName: pledge.lastName,
    house: details.house,
    street: details.street,
    town: details.town,
    postcode: details.postcode,
    email: pledge.email,
    version: details.version,
    text: charityText(GIFT_AID_DECLARATION_VERSIONS[details.version], charity),
    declaredAt: pledge.createdAt,
  });
}

/** A supporter's declaration in UK days, as the cover rule (app/gift-aid/utils/gift-aid.ts) takes it. */
export function coverOf(declaration: Declaration): CoverDeclaration {
  return {
    id: declaration.id,
    declaredOn: toLondonDay(declaration.declaredAt),
    coversPastFourYears: declaration.coversPastFourYears,
    cancelledOn: declaration.cancelledAt ? toLondonDay(declaration.cancelledAt) : null,
    // Made on a public form for a known address, not confirmed yet: its own pledge's gifts only.
    ownPledgeId: declaration.ownGiftOnly && declaration.confirmedAt === null ? declaration.pledgeId : null,
  };
}

function summarise(declaration: Declaration, withDonor: boolean): DeclarationSummary {
  const summary: DeclarationSummary = {
    id: declaration.id,
    version: declaration.version,
    text: declaration.text,
    declaredAt: declaration.declaredAt,
    covers: declaration.coversPastFourYears
      ? DECLARATION_COVERS
      : "This declaration covers this donation and all donations made to us after it.",
    cancelledAt: declaration.cancelledAt,
    cancelReason: withDonor ? declaration.cancelReason : null,
  };
  if (withDonor) {
    summary.donor = {
      name: [declaration.title, declaration.firstName, declaration.lastName].filter(Boolean).join(" "),
      address: [`${declaration.house} ${declaration.street}`, declaration.town, declaration.postcode],
    };
  }
  return summary;
}

/**
 * The declaration a pledge carries, for the thank-you page (`forStaff: false`: wording and
 * dates only) or a staff page (`forStaff: true`: with the donor's name and address).
 */
export async function getDeclarationForPledge(
  pledgeId: number,
  options: { forStaff?: boolean; db?: DB } = {},
): Promise<DeclarationSummary | null> {
  const declaration = await getDeclarationByPledgeId(options.db ?? getDb(), pledgeId);
  return declaration ? summarise(declaration, options.forStaff ?? false) : null;
}

export async function getDeclarationForStaff(
  id: number,
): Promise<(DeclarationSummary & { pledgeId: number | null; supporterId: number | null }) | null> {
  const declaration = await getDeclaration(getDb(), id);
  return declaration
    ? { ...summarise(declaration, true), pledgeId: declaration.pledgeId, supporterId: declaration.supporterId }
    : null;
}

export async function listDeclarationsForStaff() {
  return listDeclarations(getDb());
}

/** The declaration as the donor's e-mail quotes it (plain text), or null when the pledge has none. */
export interface DeclarationEmailCopy {
  heading: string;
  declaredOn: string;
  text: string;
  covers: string;
  notes: readonly string[];
  howToCancel: string;
}

/** For the donor's thank-you e-mail; pass the transaction the mail is written in, if any. */
export async function getDeclarationEmailCopy(
  pledgeId: number,
  db: DB = getDb(),
): Promise<DeclarationEmailCopy | null> {
  const declaration = await getDeclarationByPledgeId(db, pledgeId);
  if (!declaration) return null;
  return {
    heading: "Your Gift Aid declaration",
    declaredOn: toLondonDay(declaration.declaredAt),
    text: declaration.text,
    // Only the address's owner reads the e-mail: a declaration made with a known address covers
    // this gift until they confirm it at Your giving (the thank-you page, which whoever typed the
    // address sees, says the same for everyone).
    covers:
      declaration.ownGiftOnly && declaration.confirmedAt === null
        ? ownGiftOnlyCovers(absoluteUrl(givingPaths.home))
        : summarise(declaration, false).covers,
    notes: DECLARATION_NOTES,
    howToCancel: HOW_TO_CANCEL,
  };
}

/** The declaration of the pledge's supporter (made on any pledge of theirs) that covers a gift received on `day`. */
async function coveringDeclarationOfSupporter(db: DB, pledgeId: number, day: string) {
  const declarations = await listDeclarationsOfPledgeSupporter(db, pledgeId);
  const cover = coveringDeclaration(day, declarations.map(coverOf), pledgeId);
  return cover.covered ? declarations.find((d) => d.id === cover.declarationId)! : null;
}

/**
 * For the e-mail of a pledge made without a declaration: the donor's existing declaration (made
 * on another pledge of theirs) that covers a gift received on `day`, or null when none does.
 */
export async function getEnduringDeclarationEmailCopy(
  pledgeId: number,
  day: string,
  db: DB = getDb(),
): Promise<(DeclarationEmailCopy & { lead: string }) | null> {
  const declaration = await coveringDeclarationOfSupporter(db, pledgeId, day);
  if (!declaration) return null;
  const declaredOn = toLondonDay(declaration.declaredAt);
  return {
    heading: ENDURING_DECLARATION_HEADING,
    lead: enduringDeclarationLead(formatLongDate(declaredOn)),
    declaredOn,
    text: declaration.text,
    covers: summarise(declaration, false).covers,
    notes: DECLARATION_NOTES,
    howToCancel: HOW_TO_CANCEL,
  };
}

/**
 * Staff cancel a declaration (the donor asked). Payments received on or after the day it was
 * cancelled (the day we were told) are never claimable; batches already made keep what they claimed.
 */
export async function cancelDeclaration(id: number, reason: string, actor: string, db: DB = getDb()): Promise<void> {
  const text = reason.replace(/\s+/g, " ").trim();
  if (!text) throw new GiftAidError("Say why the declaration is cancelled.", 400);
  if (text.length > CANCEL_REASON_MAX) {
    throw new GiftAidError(`The reason must be at most ${CANCEL_REASON_MAX} characters.`, 400);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await getDeclaration(trx, id))) throw new GiftAidError("There is no such declaration.", 404);
    if (!(await setDeclarationCancelled(trx, id, { at: nowIsoString(), reason: text, by: "staff" }))) {
      throw new GiftAidError("This declaration is already cancelled.");
    }
    await recordAudit(trx, {
      entity: "declaration",
      entityId: id,
      action: "declaration.cancelled",
      detail: text,
      actor,
    });
  });
  logger.info({ event: "gift_aid.declaration_cancelled", declaration_id: id }, "Gift Aid declaration cancelled");
}
