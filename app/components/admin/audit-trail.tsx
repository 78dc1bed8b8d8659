import { ListOrEmpty } from "./list-or-empty";
import { auditSentence } from "~/utils/audit-words";
import { formatLongDateTime } from "~/utils/dates";

export interface AuditTrailEntry {
  id: number;
  action: string;
  detail: string | null;
  actor: string;
  createdAt: string;
}

/** A record's history on its staff page: when, what happened and who did it, in words. */
export function AuditTrail({ events, heading = "History" }: { events: AuditTrailEntry[]; heading?: string }) {
  return (
    <section aria-labelledby="audit-trail-heading" className="mt-8">
      <h2 id="audit-trail-heading" className="text-xl font-semibold">
        {heading}
      </h2>
      <ListOrEmpty items={events} empty="No staff changes yet." ordered className="mt-3 space-y-2">
        {(event) => (
          <li key={event.id} className="text-sm text-slate-800 dark:text-slate-200">
            <time dateTime={event.createdAt} className="font-medium">
              {formatLongDateTime(event.createdAt)}
            </time>
            {" · "}
            {auditSentence(event)}
          </li>
        )}
      </ListOrEmpty>
    </section>
  );
}
