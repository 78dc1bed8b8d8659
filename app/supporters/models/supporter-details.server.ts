import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { listDeclarationsOfSupporters, type Declaration } from "~/gift-aid/index.server";
import { listPledgesOfSupporter } from "~/giving/index.server";
import { getSupporter } from "./supporter.server";

// The name and home address a donor gives at Your giving, kept on their supporter row (0030).
// A Gift Aid declaration keeps its own copy of the address it was made with.

/** The donor's name and home address, as a declaration records them. */
export type SupporterDetails = Pick<
  Declaration,
  "title" | "firstName" | "lastName" | "house" | "street" | "town" | "postcode"
>;

/** Saves the donor's name and home address (and the display name staff see); false when there is no such supporter. */
export async function setSupporterDetails(
  db: DB,
  id: number,
  details: SupporterDetails,
  now: string,
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("supporters")
      .set({
        display_name: `${details.firstName} ${details.lastName}`,
        title: details.title,
        first_name: details.firstName,
        last_name: details.lastName,
        house_name_or_number: details.house,
        address_line: details.street,
        town: details.town,
        postcode: details.postcode,
        address_updated_at: now,
      })
      .where("id", "=", id),
  );
}

/**
 * The name and home address the supporter's record holds (undefined: no such supporter): the
 * name they gave at Your giving or staff merged in, else their first pledge's; the address they
 * gave at Your giving or staff merged in, else that of their latest declaration that speaks for
 * them (made with their first gift, at Your giving, or confirmed). What a public form typed later
 * for their address is never read here: an e-mail address is not a person (0038).
 */
export async function getHeldDetails(db: DB, supporterId: number): Promise<SupporterDetails | undefined> {
  const supporter = await getSupporter(db, supporterId);
  if (!supporter) return undefined;
  const [pledges, declarations] = await Promise.all([
    supporter.firstName ? Promise.resolve([]) : listPledgesOfSupporter(db, supporterId),
    supporter.addressUpdatedAt ? Promise.resolve(new Map()) : listDeclarationsOfSupporters(db, [supporterId]),
  ]);
  const first = pledges[0];
  const declaration = ((declarations.get(supporterId) ?? []) as Declaration[])
    .filter((d) => !d.ownGiftOnly || d.confirmedAt !== null)
    .at(-1);
  const address = supporter.addressUpdatedAt
    ? {
        house: supporter.houseNameOrNumber ?? "",
        street: supporter.addressLine ?? "",
        town: supporter.town ?? "",
        postcode: supporter.postcode ?? "",
      }
    : {
        house: declaration?.house ?? "",
        street: declaration?.street ?? "",
        town: declaration?.town ?? "",
        postcode: declaration?.postcode ?? "",
      };
  return {
    title: supporter.firstName ? supporter.title : (declaration?.title ?? null),
    firstName: supporter.firstName ?? first?.firstName ?? declaration?.firstName ?? "",
    lastName: supporter.lastName ?? first?.lastName ?? declaration?.lastName ?? "",
    ...address,
  };
}
