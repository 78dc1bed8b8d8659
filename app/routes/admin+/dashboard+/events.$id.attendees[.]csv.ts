import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/infra/csv.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { attendeesCsv, staffEvent } from "~/events/index.server";
import { parseRecordId } from "~/utils/record-id";
import { invariantResponse } from "~/utils/http";

// An event's attendee list as CSV (formula-safe cells: app/infra/csv.server.ts).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "events");
  const id = parseRecordId(params.id);
  const event = id === null ? undefined : await staffEvent(id);
  invariantResponse(event, "There is no such event.");
  return csvResponse(`attendees-${event.slug}.csv`, await attendeesCsv(event.id));
}
