import { nowDate, nowIsoString } from "~/infra/clock.server";
import { toCsv } from "~/infra/csv.server";
import { getDb, immediateTransaction, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { logger } from "~/infra/logger.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { recordAudit } from "~/site/index.server";
import { enqueueMail } from "~/mail/index.server";
import {
  deleteVolunteerApplicationsUnchangedSince,
  getVolunteerApplication,
  insertVolunteerApplication,
  listVolunteerApplications,
  listVolunteerApplicationsForExport,
  listVolunteerStatusChanges,
  setVolunteerStatus,
  type VolunteerApplication,
  type VolunteerStatusChange,
} from "~/supporters/models/volunteer.server";
import {
  nextVolunteerStatuses,
  volunteerConsentText,
  volunteerKindLabels,
  volunteerStatusLabels,
  type VolunteerKind,
  type VolunteerStatus,
} from "~/content/volunteers";
import type { VolunteerApplicationInput, VolunteerFilter } from "~/supporters/schemas/volunteer";
import { VOLUNTEER_RETENTION_DAYS } from "~/schemas/retention";
import { adminPaths } from "~/utils/admin-paths";
import { londonDayAndTime } from "~/utils/dates";
import { charityText } from "~/utils/charity-text";
import { getCharitySettings } from "~/site/index.server";
import { staffVolunteerAlert, volunteerAcknowledgement, volunteerStatusMail } from "~/mail/index.server";
import { getVolunteerMailTemplate } from "~/supporters/models/volunteer-mail-template.server";
import { isVolunteerMailStatus } from "~/content/volunteers";
import { Refusal } from "~/utils/refusal";

// Volunteer, internship and advisory-board applications (docs/volunteers.md): made on the Get
// Involved pages, acknowledged by e-mail with a staff alert, worked through by staff (each status
// change audited with who, when and an optional note), exported as CSV, deleted after the retention
// period unless active, and covered by privacy requests (app/supporters/services/privacy.server.ts).

export class VolunteerError extends Refusal {}

/** The interests the charity offers, from Settings (one per line, blanks and repeats left out). */
export function volunteerInterestsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

export async function volunteerInterests(): Promise<string[]> {
  return volunteerInterestsOf((await getCharitySettings()).volunteerInterests);
}

/**
 * An application, its acknowledgement to the applicant and (with STAFF_EMAIL) the staff alert,
 * in one transaction. Interests not on the charity's list are refused (a form from before the
 * list changed, or a forged post) with the list to choose from.
 */
export async function submitVolunteerApplication(
  kind: VolunteerKind,
  input: VolunteerApplicationInput,
  now: Date = nowDate(),
): Promise<VolunteerApplication> {
  const charity = await getCharitySettings();
  const offered = volunteerInterestsOf(charity.volunteerInterests);
  const unknown = input.interests.filter((interest) => !offered.includes(interest));
  if (unknown.length > 0) {
    throw new VolunteerError(`Choose your interests from the list: “${unknown[0]}” is not on it any more.`, 400);
  }
  const { STAFF_EMAIL } = getEnv();
  const application = await immediateTransaction(getDb(), async (trx) => {
    const created = await insertVolunteerApplication(
      trx,
      { ...input, kind, consentText: charityText(volunteerConsentText, charity) },
      now.toISOString(),
    );
    await enqueueMail(
      trx,
      {
        kind: "volunteer.ack",
        to: created.email,
        volunteerApplicationId: created.id,
        ...volunteerAcknowledgement(created, charity),
      },
      now,
    );
    if (STAFF_EMAIL) {
      const alert = staffVolunteerAlert(created, absoluteUrl(adminPaths.volunteer(created.id)), charity);
      await enqueueMail(
        trx,
        { kind: "volunteer.staff", to: STAFF_EMAIL, volunteerApplicationId: created.id, ...alert },
        now,
      );
    }
    return created;
  });
  logger.info({ event: "volunteer.applied", applicationId: application.id, kind }, "Volunteer application received");
  return application;
}

/**
 * Moves an application to a new status, with the change in its history (who, when, the note)
 * and in the audit trail (who, when, from and to: never the note, which may be personal), in
 * one transaction. With `emailApplicant`, a status that has a template (Contacted, Active,
 * Declined) queues its kind e-mail to the applicant in the same transaction. Refused: no such
 * application (404), the status it already has or back to New (409). Whether an e-mail was queued.
 */
export async function changeVolunteerStatus(
  id: number,
  status: VolunteerStatus,
  note: string | undefined,
  actor: string,
  db: DB = getDb(),
  options: { emailApplicant?: boolean } = {},
): Promise<{ emailed: boolean }> {
  const charity = await getCharitySettings(db);
  const emailed = await immediateTransaction(db, async (trx) => {
    const current = await getVolunteerApplication(trx, id);
    if (!current) throw new VolunteerError("There is no such application: it may have been deleted.", 404);
    if (!nextVolunteerStatuses(current.status).includes(status)) {
      throw new VolunteerError(
        current.status === status
          ? `This application is already ${volunteerStatusLabels[status]}.`
          : `An application cannot go back to ${volunteerStatusLabels[status]}.`,
        409,
      );
    }
    const now = nowIsoString();
    await setVolunteerStatus(trx, id, { status, note: note?.trim() || null, actor }, now);
    const template =
      options.emailApplicant && isVolunteerMailStatus(status) ? await getVolunteerMailTemplate(trx, status) : undefined;
    if (template) {
      await enqueueMail(trx, {
        kind: "volunteer.status",
        to: current.email,
        volunteerApplicationId: id,
        ...volunteerStatusMail(template, current, charity),
      });
    }
    await recordAudit(
      trx,
      {
        entity: "volunteer",
        entityId: id,
        action: "volunteer.status",
        detail: `${volunteerStatusLabels[current.status]} → ${volunteerStatusLabels[status]}${template ? " (applicant e-mailed)" : ""}`,
        actor,
      },
      now,
    );
    return template !== undefined;
  });
  logger.info(
    { event: "volunteer.status", applicationId: id, status, emailed },
    "Volunteer application status changed",
  );
  return { emailed };
}

export async function findVolunteerApplication(
  id: number,
): Promise<(VolunteerApplication & { history: VolunteerStatusChange[] }) | undefined> {
  const db = getDb();
  const application = await getVolunteerApplication(db, id);
  if (!application) return undefined;
  return { ...application, history: await listVolunteerStatusChanges(db, id) };
}

export async function volunteerApplicationsPage(filter: VolunteerFilter, page: number, pageSize: number) {
  return listVolunteerApplications(getDb(), filter, page, pageSize);
}

export const VOLUNTEER_CSV_HEADER = [
  "Id",
  "Received (UK date)",
  "Received (UK time)",
  "Kind",
  "Status",
  "Status changed (UK date)",
  "Name",
  "Email",
  "Phone",
  "Postcode district",
  "Availability",
  "Interests",
  "Experience",
  "Why",
] as const;

/**
 * The filtered list as CSV (formula-safe: app/infra/csv.server.ts), and the export in the audit
 * trail (who, when, how many: never the data).
 */
export async function volunteerApplicationsCsv(filter: VolunteerFilter, actor: string): Promise<string> {
  const db = getDb();
  const applications = await listVolunteerApplicationsForExport(db, filter);
  await recordAudit(db, {
    entity: "volunteer",
    entityId: null,
    action: "volunteers.exported",
    detail: `${applications.length} ${applications.length === 1 ? "application" : "applications"}`,
    actor,
  });
  return toCsv(
    VOLUNTEER_CSV_HEADER,
    applications.map((a) => {
      const [day, time] = londonDayAndTime(a.createdAt);
      return [
        String(a.id),
        day,
        time,
        volunteerKindLabels[a.kind],
        volunteerStatusLabels[a.status],
        londonDayAndTime(a.statusChangedAt)[0],
        a.name,
        a.email,
        a.phone,
        a.district,
        a.availability,
        a.interests.join("; "),
        a.experience,
        a.why,
      ];
    }),
  );
}

/** The actor recorded for what the server does on its own. */
const SYSTEM_ACTOR = "system (retention)";

/**
 * Deletes applications whose status last changed more than `retentionDays` before `now`, unless
 * the person is an active volunteer (the privacy page's promise); how many. Audited with a count.
 */
export async function deleteExpiredVolunteerApplications(
  now: Date,
  retentionDays: number = VOLUNTEER_RETENTION_DAYS,
  db: DB = getDb(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000).toISOString();
  const deleted = await db.transaction().execute(async (trx) => {
    const count = await deleteVolunteerApplicationsUnchangedSince(trx, cutoff);
    if (count > 0) {
      await recordAudit(
        trx,
        {
          entity: "privacy",
          entityId: null,
          action: "retention.volunteers-deleted",
          detail: `${count} volunteer ${count === 1 ? "application" : "applications"} unchanged for ${retentionDays} days`,
          actor: SYSTEM_ACTOR,
        },
        now.toISOString(),
      );
    }
    return count;
  });
  if (deleted > 0) {
    logger.info({ event: "retention.volunteers-deleted", count: deleted, retentionDays }, "Old applications deleted");
  }
  return deleted;
}
