// An e-mail address is not a person (issue 50, DESIGN §10, docs/gift-aid.md). Anyone can type
// anyone's address into a public form (donate, a fundraising page's gift, an event's donation),
// so what such a form says about an address whose supporter already had a gift is never applied
// to that supporter:
// - a differing name or home address is kept beside the record (supporter_pending_details) for
//   staff to merge or reject on the supporter's page (./supporter-review.server.ts);
// - a Gift Aid declaration made that way covers only its own pledge's gifts until the address's
//   owner confirms it at Your giving (reached by the e-mailed link; ./donor-details.server.ts) or
//   staff accept it (./supporter-review.server.ts).
// A declaration that came with the supporter's first gift covers all their gifts, as before.
// Called in the pledge's own transaction; models only, so the pledge services can use it.
import { nowIsoString } from "~/infra/clock.server";
import type { DB } from "~/infra/db.server";
import type { Pledge } from "~/giving/index.server";
import { getHeldDetails } from "~/supporters/models/supporter-details.server";
import {
  insertPendingDetails,
  listPendingDetails,
  supporterHadOtherPledge,
  type PendingDetails,
} from "~/supporters/models/supporter-pending.server";
import { findSupporterIdOfPledge } from "~/supporters/models/supporter.server";
import type { GiftAidDetails } from "~/giving/schemas/donation";

export type { PendingDetails };

/** Which public form a pledge came from, as staff read it beside pending details. */
export type PublicFormSource = "donate" | "fundraising" | "event";

export const publicFormLabels: Record<PublicFormSource, string> = {
  donate: "the donate form",
  fundraising: "a fundraising page",
  event: "an event booking",
};

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").replace(/\s+/g, " ").trim().toLowerCase() === (b ?? "").replace(/\s+/g, " ").trim().toLowerCase();

/**
 * Whether a declaration made on a public form with this pledge covers its own gifts only: its
 * supporter had another pledge before it (the address was known). Call in the pledge's transaction.
 */
export function declarationCoversOwnGiftOnly(trx: DB, pledge: Pick<Pledge, "id">): Promise<boolean> {
  return supporterHadOtherPledge(trx, pledge.id);
}

/**
 * What a public form typed with a pledge for an address whose supporter already had a gift: a
 * name (and home address with a declaration) that differs from the supporter's record is kept as
 * pending details, never applied; the same details already waiting are not kept twice. Nothing
 * for a supporter's first pledge (its name is theirs). Call in the pledge's transaction.
 */
export async function keepPublicFormDetails(
  trx: DB,
  pledge: Pick<Pledge, "id" | "firstName" | "lastName">,
  giftAid: GiftAidDetails | null,
  source: PublicFormSource,
): Promise<void> {
  if (!(await supporterHadOtherPledge(trx, pledge.id))) return;
  const supporterId = await findSupporterIdOfPledge(trx, pledge.id);
  if (supporterId === null) return;
  const held = await getHeldDetails(trx, supporterId);
  if (!held) return;
  const nameDiffers = !same(held.firstName, pledge.firstName) || !same(held.lastName, pledge.lastName);
  const addressDiffers =
    giftAid !== null &&
    (!same(held.house, giftAid.house) ||
      !same(held.street, giftAid.street) ||
      !same(held.town, giftAid.town) ||
      !same(held.postcode, giftAid.postcode));
  if (!nameDiffers && !addressDiffers) return;
  const details = {
    title: giftAid?.title || null,
    firstName: pledge.firstName,
    lastName: pledge.lastName,
    houseNameOrNumber: giftAid?.house ?? null,
    addressLine: giftAid?.street ?? null,
    town: giftAid?.town ?? null,
    postcode: giftAid?.postcode ?? null,
  };
  const waiting = await listPendingDetails(trx, supporterId);
  const already = waiting.some((p) =>
    (Object.keys(details) as (keyof typeof details)[]).every((key) => same(p[key], details[key])),
  );
  if (already) return;
  await insertPendingDetails(trx, {
    supporterId,
    pledgeId: pledge.id,
    source,
    ...details,
    createdAt: nowIsoString(),
  });
}
