// Staff review what public forms said about a known address (./public-form-identity.server.ts):
// accept a Gift Aid declaration waiting for confirmation, and merge or reject pending details,
// on the supporter's page. Each is audited.
import { nowIsoString } from "~/infra/clock.server";
import { getDb, type DB } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { recordAudit } from "~/site/index.server";
import { getDeclaration, setDeclarationConfirmed } from "~/gift-aid/index.server";
import { setSupporterDetails } from "~/supporters/models/supporter-details.server";
import {
  getPendingDetails,
  listPendingDetails,
  resolvePendingDetails,
  setSupporterName,
  type PendingDetails,
} from "~/supporters/models/supporter-pending.server";
import { GiftAidError } from "~/gift-aid/index.server";
import { publicFormLabels, type PublicFormSource } from "./public-form-identity.server";
import { SupporterError } from "./supporters.server";

/** The supporter's pending details, for their staff page. */
export function listSupporterPendingDetails(supporterId: number, db: DB = getDb()): Promise<PendingDetails[]> {
  return listPendingDetails(db, supporterId);
}

/** Staff accept a declaration waiting for confirmation (they checked with the donor): audited. */
export async function acceptDeclarationByStaff(
  declarationId: number,
  actor: string,
  supporterId?: number,
  db: DB = getDb(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const declaration = await getDeclaration(trx, declarationId);
    if (!declaration || (supporterId !== undefined && declaration.supporterId !== supporterId)) {
      throw new GiftAidError("There is no such declaration.", 404);
    }
    if (!(await setDeclarationConfirmed(trx, declarationId, { at: nowIsoString(), by: actor }))) {
      throw new GiftAidError("This declaration is not waiting for confirmation.");
    }
    await recordAudit(trx, {
      entity: "declaration",
      entityId: declarationId,
      action: "declaration.confirmed",
      detail: "Accepted by staff: it covers all the supporter's gifts",
      actor,
    });
  });
  logger.info({ event: "gift_aid.declaration_accepted", declaration_id: declarationId }, "Declaration accepted");
}

/**
 * Staff merge pending details into the supporter's record (the name; and the home address when
 * the form gave one), or reject them. Audited on the supporter (what was done, not the details).
 */
export async function resolveSupporterPendingDetails(
  supporterId: number,
  pendingId: number,
  resolution: "merged" | "rejected",
  actor: string,
  db: DB = getDb(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pending = await getPendingDetails(trx, pendingId);
    if (!pending || pending.supporterId !== supporterId) {
      throw new SupporterError("There are no such details waiting for this supporter.", 404);
    }
    if (!(await resolvePendingDetails(trx, pendingId, { at: nowIsoString(), by: actor, resolution }))) {
      throw new SupporterError("These details were already merged or rejected.");
    }
    if (resolution === "merged") {
      const name = { title: pending.title, firstName: pending.firstName, lastName: pending.lastName };
      if (pending.houseNameOrNumber && pending.addressLine && pending.town && pending.postcode) {
        await setSupporterDetails(
          trx,
          supporterId,
          {
            ...name,
            house: pending.houseNameOrNumber,
            street: pending.addressLine,
            town: pending.town,
            postcode: pending.postcode,
          },
          nowIsoString(),
        );
      } else {
        await setSupporterName(trx, supporterId, name);
      }
    }
    await recordAudit(trx, {
      entity: "supporter",
      entityId: supporterId,
      action: `supporter.details-${resolution}`,
      detail:
        resolution === "merged"
          ? `Details given on ${publicFormLabels[pending.source as PublicFormSource] ?? "a public form"} merged into the record`
          : `Details given on ${publicFormLabels[pending.source as PublicFormSource] ?? "a public form"} rejected`,
      actor,
    });
  });
}
