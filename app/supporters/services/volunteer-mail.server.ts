// The kind e-mails to volunteer applicants on a status change (Contacted, Active, Declined): the
// templates staff read and edit under Volunteers → E-mails to applicants (docs/volunteers.md).
// Sending one is part of the status change (changeVolunteerStatus in volunteers.server.ts).
import { nowIsoString } from "~/infra/clock.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { recordAudit } from "~/site/index.server";
import { volunteerStatusLabels, volunteerMailStatuses, type VolunteerMailStatus } from "~/content/volunteers";
import {
  listVolunteerMailTemplates,
  updateVolunteerMailTemplate,
  type VolunteerMailTemplate,
} from "~/supporters/models/volunteer-mail-template.server";

export type { VolunteerMailTemplate };

/** The templates, in the order of the statuses (Contacted, Active, Declined). */
export async function volunteerMailTemplates(db: DB = getDb()): Promise<VolunteerMailTemplate[]> {
  const rows = await listVolunteerMailTemplates(db);
  return volunteerMailStatuses.flatMap((status) => rows.filter((row) => row.status === status));
}

/** Saves one template's words, audited (who, when, which: not the words); whether anything changed. */
export async function saveVolunteerMailTemplate(
  status: VolunteerMailStatus,
  words: { subject: string; body: string },
  actor: string,
  db: DB = getDb(),
): Promise<boolean> {
  return immediateTransaction(db, async (trx) => {
    const now = nowIsoString();
    const changed = await updateVolunteerMailTemplate(trx, status, words, { actor, now });
    if (changed) {
      await recordAudit(
        trx,
        {
          entity: "volunteer",
          entityId: null,
          action: "volunteer.mail-template",
          detail: `E-mail for ${volunteerStatusLabels[status]} changed`,
          actor,
        },
        now,
      );
    }
    return changed;
  });
}
