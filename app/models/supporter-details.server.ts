import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import type { Declaration } from "./gift-aid.server";

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
