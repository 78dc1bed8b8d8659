import { getDb } from "~/infra/db.server";
import { listAudit, type AuditEntity, type AuditEvent } from "~/site/models/audit.server";

/** A record's history (who changed what, when), oldest first, for its staff page. */
export async function historyOf(entity: AuditEntity, id: number): Promise<AuditEvent[]> {
  return listAudit(getDb(), entity, id);
}
