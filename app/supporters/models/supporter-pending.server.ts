import type { Selectable } from "kysely";
import type { SupporterPendingDetailsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { updatedAny } from "~/infra/row-count.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// An e-mail address is not a person (migration 0038): what a public form typed for an address
// whose supporter already had a gift is kept beside the supporter (supporter_pending_details)
// until staff merge or reject it. Only SQL here; the rules are in
// app/supporters/services/public-form-identity.server.ts.

export type PendingDetails = CamelRow<Selectable<SupporterPendingDetailsTable>>;

export type PendingDetailsInput = Pick<
  PendingDetails,
  | "supporterId"
  | "pledgeId"
  | "source"
  | "title"
  | "firstName"
  | "lastName"
  | "houseNameOrNumber"
  | "addressLine"
  | "town"
  | "postcode"
  | "createdAt"
>;

export async function insertPendingDetails(db: DB, input: PendingDetailsInput): Promise<number> {
  const row = await db
    .insertInto("supporter_pending_details")
    .values({
      supporter_id: input.supporterId,
      pledge_id: input.pledgeId,
      source: input.source,
      title: input.title,
      first_name: input.firstName,
      last_name: input.lastName,
      house_name_or_number: input.houseNameOrNumber,
      address_line: input.addressLine,
      town: input.town,
      postcode: input.postcode,
      created_at: input.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A supporter's details waiting for staff, oldest first. */
export async function listPendingDetails(db: DB, supporterId: number): Promise<PendingDetails[]> {
  const rows = await db
    .selectFrom("supporter_pending_details")
    .selectAll()
    .where("supporter_id", "=", supporterId)
    .where("resolved_at", "is", null)
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

export async function getPendingDetails(db: DB, id: number): Promise<PendingDetails | undefined> {
  const row = await db.selectFrom("supporter_pending_details").selectAll().where("id", "=", id).executeTakeFirst();
  return row && camelRow(row);
}

/** Marks pending details merged or rejected, once; false when they are gone or already resolved. */
export async function resolvePendingDetails(
  db: DB,
  id: number,
  change: { at: string; by: string; resolution: "merged" | "rejected" },
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("supporter_pending_details")
      .set({ resolved_at: change.at, resolved_by: change.by, resolution: change.resolution })
      .where("id", "=", id)
      .where("resolved_at", "is", null),
  );
}

/** Whether the supporter of `pledgeId` has a pledge other than it (made before it, or at the same time). */
export async function supporterHadOtherPledge(db: DB, pledgeId: number): Promise<boolean> {
  const row = await db
    .selectFrom("pledges as other")
    .select("other.id")
    .where("other.supporter_id", "=", (eb) =>
      eb.selectFrom("pledges").select("pledges.supporter_id").where("pledges.id", "=", pledgeId),
    )
    .where("other.id", "!=", pledgeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The supporter's name (and the display name staff see), leaving the address as it is; false when there is no such supporter. */
export async function setSupporterName(
  db: DB,
  id: number,
  name: { title: string | null; firstName: string; lastName: string },
): Promise<boolean> {
  return updatedAny(
    db
      .updateTable("supporters")
      .set({
        display_name: `${name.firstName} ${name.lastName}`,
        title: name.title,
        first_name: name.firstName,
        last_name: name.lastName,
      })
      .where("id", "=", id),
  );
}

/** Deletes every pending detail of a supporter (an erasure: they are personal data). */
export async function deletePendingDetailsOf(db: DB, supporterId: number): Promise<number> {
  const result = await db
    .deleteFrom("supporter_pending_details")
    .where("supporter_id", "=", supporterId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
