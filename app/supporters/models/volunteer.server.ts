import type { ExpressionBuilder, Selectable } from "kysely";
import type {
  Database,
  VolunteerApplicationsTable,
  VolunteerKind,
  VolunteerStatus,
  VolunteerStatusChangesTable,
} from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { deletedCount } from "~/infra/row-count.server";
import type { VolunteerFilter } from "~/supporters/schemas/volunteer";
import { findOrCreateSupporterByEmail } from "./supporter-identity.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

// Volunteer, internship and advisory-board applications (db/migrations/0027): the rows, their
// interests and their history of status changes. The only SQL about them.

export type VolunteerApplication = CamelRow<Selectable<VolunteerApplicationsTable>> & { interests: string[] };
/** What the staff list shows of an application (the rest is on the application's own page). */
export type VolunteerListItem = Pick<
  VolunteerApplication,
  "id" | "name" | "email" | "kind" | "status" | "district" | "createdAt" | "interests"
>;
export type VolunteerStatusChange = CamelRow<Selectable<VolunteerStatusChangesTable>>;

export interface NewVolunteerApplication {
  kind: VolunteerKind;
  name: string;
  email: string;
  phone: string;
  district: string;
  availability: string;
  experience: string;
  why: string;
  consentText: string;
  interests: readonly string[];
}

export async function insertVolunteerApplication(
  db: DB,
  input: NewVolunteerApplication,
  now: string,
): Promise<VolunteerApplication> {
  const row = await db
    .insertInto("volunteer_applications")
    .values({
      kind: input.kind,
      name: input.name,
      email: input.email,
      phone: input.phone,
      district: input.district,
      availability: input.availability,
      experience: input.experience,
      why: input.why,
      consent_text: input.consentText,
      created_at: now,
      status_changed_at: now,
      supporter_id: await findOrCreateSupporterByEmail(db, input.email, input.name, now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const interests = [...new Set(input.interests)];
  if (interests.length > 0) {
    await db
      .insertInto("volunteer_application_interests")
      .values(interests.map((interest) => ({ application_id: row.id, interest })))
      .execute();
  }
  return { ...camelRow(row), interests };
}

async function interestsOf(db: DB, ids: readonly number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .selectFrom("volunteer_application_interests")
    .select(["application_id", "interest"])
    .where("application_id", "in", [...ids])
    .orderBy("application_id")
    .orderBy("interest")
    .execute();
  for (const row of rows) map.set(row.application_id, [...(map.get(row.application_id) ?? []), row.interest]);
  return map;
}

async function withInterests<Row extends { id: number }>(
  db: DB,
  rows: Row[],
): Promise<(CamelRow<Row> & { interests: string[] })[]> {
  const interests = await interestsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...camelRow(row), interests: interests.get(row.id) ?? [] }));
}

export async function getVolunteerApplication(db: DB, id: number): Promise<VolunteerApplication | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db.selectFrom("volunteer_applications").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withInterests(db, [row]))[0] : undefined;
}

type Eb = ExpressionBuilder<Database, "volunteer_applications">;

/** Names by case-insensitive prefix (an index range on lower(name)), of the whole name or of a later word. */
function nameMatches(eb: Eb, q: string) {
  const term = q.toLowerCase();
  const lowered = eb.fn<string>("lower", [eb.ref("volunteer_applications.name")]);
  return eb.or([
    eb.and([eb(lowered, ">=", term), eb(lowered, "<", `${term}\uffff`)]),
    eb(lowered, "like", `% ${term.replace(/[\\%_]/g, "")}%`),
  ]);
}

/** The filter's conditions: each given column's value (Kysely's filter object skips the rest), interest, name. */
function filtered(db: DB, { status, kind, interest, q }: VolunteerFilter) {
  return db
    .selectFrom("volunteer_applications")
    .where((eb) => eb.and({ "volunteer_applications.status": status, "volunteer_applications.kind": kind }))
    .$if(Boolean(interest), (query) =>
      query.where("volunteer_applications.id", "in", (eb) =>
        eb
          .selectFrom("volunteer_application_interests")
          .select("volunteer_application_interests.application_id")
          .where("volunteer_application_interests.interest", "=", interest!),
      ),
    )
    .$if(Boolean(q), (query) => query.where((eb) => nameMatches(eb, q!)));
}

/** One page of the staff list, newest first, and how many match. */
export async function listVolunteerApplications(
  db: DB,
  filter: VolunteerFilter,
  page: number,
  pageSize: number,
): Promise<{ applications: VolunteerListItem[]; total: number }> {
  const rows = await filtered(db, filter)
    .select([
      "volunteer_applications.id",
      "volunteer_applications.name",
      "volunteer_applications.email",
      "volunteer_applications.kind",
      "volunteer_applications.status",
      "volunteer_applications.district",
      "volunteer_applications.created_at",
    ])
    .orderBy("volunteer_applications.created_at", "desc")
    .orderBy("volunteer_applications.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return { applications: await withInterests(db, rows), total: Number(count.n) };
}

/** Every application the filter matches, newest first (the CSV export). */
export async function listVolunteerApplicationsForExport(
  db: DB,
  filter: VolunteerFilter,
): Promise<VolunteerApplication[]> {
  const rows = await filtered(db, filter)
    .selectAll("volunteer_applications")
    .orderBy("volunteer_applications.created_at", "desc")
    .orderBy("volunteer_applications.id", "desc")
    .execute();
  return withInterests(db, rows);
}

/**
 * Moves an application to `status` and writes the change to its history (call inside a
 * transaction). The status before, or undefined when there is no such application.
 */
export async function setVolunteerStatus(
  db: DB,
  id: number,
  change: { status: VolunteerStatus; note: string | null; actor: string },
  now: string,
): Promise<{ before: VolunteerStatus } | undefined> {
  const current = await db
    .selectFrom("volunteer_applications")
    .select("status")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!current) return undefined;
  if (current.status === change.status) return { before: current.status };
  await db
    .updateTable("volunteer_applications")
    .set({ status: change.status, status_changed_at: now })
    .where("id", "=", id)
    .execute();
  await db
    .insertInto("volunteer_status_changes")
    .values({
      application_id: id,
      from_status: current.status,
      to_status: change.status,
      note: change.note,
      actor: change.actor,
      created_at: now,
    })
    .execute();
  return { before: current.status };
}

/** An application's history of status changes, oldest first. */
export async function listVolunteerStatusChanges(db: DB, id: number): Promise<VolunteerStatusChange[]> {
  const rows = await db
    .selectFrom("volunteer_status_changes")
    .selectAll()
    .where("application_id", "=", id)
    .orderBy("id", "asc")
    .execute();
  return rows.map(camelRow);
}

/** Deletes applications whose status last changed before `cutoff` (ISO-8601), except active ones; how many. */
export async function deleteVolunteerApplicationsUnchangedSince(db: DB, cutoff: string): Promise<number> {
  return deletedCount(
    db.deleteFrom("volunteer_applications").where("status_changed_at", "<", cutoff).where("status", "<>", "active"),
  );
}

/** How many applications await a first reply (the overview). */
export async function countNewVolunteerApplications(db: DB): Promise<number> {
  const row = await db
    .selectFrom("volunteer_applications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
