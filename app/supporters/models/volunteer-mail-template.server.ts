import type { Selectable } from "kysely";
import type { VolunteerMailTemplatesTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import type { VolunteerMailStatus } from "~/content/volunteers";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// The e-mails a volunteer applicant can be sent on a status change, one per status
// (db/migrations/0048, seeded there), edited by staff. The only SQL about them.

export type VolunteerMailTemplate = CamelRow<Selectable<VolunteerMailTemplatesTable>>;

export async function listVolunteerMailTemplates(db: DB): Promise<VolunteerMailTemplate[]> {
  const rows = await db.selectFrom("volunteer_mail_templates").selectAll().execute();
  return rows.map(camelRow);
}

export async function getVolunteerMailTemplate(
  db: DB,
  status: VolunteerMailStatus,
): Promise<VolunteerMailTemplate | undefined> {
  const row = await db
    .selectFrom("volunteer_mail_templates")
    .selectAll()
    .where("status", "=", status)
    .executeTakeFirst();
  return row && camelRow(row);
}

/** Writes a template's words (the row is there from the migration); whether it changed anything. */
export async function updateVolunteerMailTemplate(
  db: DB,
  status: VolunteerMailStatus,
  words: { subject: string; body: string },
  by: { actor: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable("volunteer_mail_templates")
    .set({ subject: words.subject, body: words.body, updated_at: by.now, updated_by: by.actor })
    .where("status", "=", status)
    .where((eb) => eb.or([eb("subject", "!=", words.subject), eb("body", "!=", words.body)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
