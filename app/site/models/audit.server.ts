import { nowIsoString } from "~/infra/clock.server";
import { sql, type Selectable } from "kysely";
import type { AuditEventsTable } from "../../../db/schema";
import type { DB } from "~/infra/db.server";
import { camelRow, type CamelRow } from "~/utils/row-shape";

/** One entry of a history: its row (db/schema.ts AuditEventsTable), camelCase. */
export type AuditEvent = CamelRow<Selectable<AuditEventsTable>>;

const toAuditEvent = (row: Selectable<AuditEventsTable>): AuditEvent => camelRow(row);

export type AuditEntity =
  | "pledge"
  | "payment"
  | "enquiry"
  | "subscriber"
  | "declaration"
  | "claim"
  | "small-donation"
  | "privacy"
  | "news"
  | "user"
  | "invitation"
  | "team"
  | "settings"
  | "newsletter"
  | "statements"
  | "supporter"
  | "appeal"
  | "fundraising-page"
  | "volunteer"
  | "event"
  | "publication"
  | "publication-type"
  | "page"
  | "project"
  | "redirect";

export interface AuditInput {
  entity: AuditEntity;
  entityId: number | null;
  /** A short verb, e.g. "payment.recorded", "pledge.cancelled", "enquiry.handled". */
  action: string;
  /** A few words for people; never personal data that an erasure removes. */
  detail?: string | null;
  /** The staff member's username (kept as text: the trail outlives user rows). */
  actor: string;
  /**
   * The staff member's id; null for the operator's scripts and the public. Left out, it is
   * looked up from `actor` (usernames are unique ignoring case; users are never deleted).
   */
  actorId?: number | null;
}

/**
 * Records who changed what, and when. Call it with the same `db` (transaction) as the change
 * itself, so a change and its record commit together or not at all.
 */
export async function recordAudit(db: DB, input: AuditInput, now: string = nowIsoString()): Promise<void> {
  await db
    .insertInto("audit_events")
    .values({
      entity: input.entity,
      entity_id: input.entityId,
      action: input.action,
      detail: input.detail ?? null,
      actor: input.actor,
      // Callers that only know the username (usernames are unique ignoring case and users
      // are disabled, never deleted) still get the person's id recorded.
      actor_id:
        input.actorId !== undefined
          ? input.actorId
          : (eb) =>
              eb
                .selectFrom("users")
                .select("users.id")
                .where(sql<string>`lower(users.username)`, "=", input.actor.toLowerCase())
                .limit(1),
      created_at: now,
    })
    .execute();
}

/** The events of one record, or (entityId null) of a kind that is not one record, such as "settings". */
function eventsOf(db: DB, entity: AuditEntity, entityId: number | null) {
  return db
    .selectFrom("audit_events")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", entityId === null ? "is" : "=", entityId);
}

/** A record's history, oldest first. */
export async function listAudit(db: DB, entity: AuditEntity, entityId: number): Promise<AuditEvent[]> {
  const rows = await eventsOf(db, entity, entityId).orderBy("id", "asc").execute();
  return rows.map(toAuditEvent);
}

/** The latest events of a kind that is not one record (entity_id null, e.g. "settings"), newest first. */
export async function listAuditOfKind(db: DB, entity: AuditEntity, limit = 50): Promise<AuditEvent[]> {
  const rows = await eventsOf(db, entity, null).orderBy("id", "desc").limit(limit).execute();
  return rows.map(toAuditEvent);
}

/** What a person did lately, newest first (the Team section's "recent actions"). */
export async function listAuditByActor(db: DB, actorId: number, limit = 30): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom("audit_events")
    .selectAll()
    .where("actor_id", "=", actorId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toAuditEvent);
}
