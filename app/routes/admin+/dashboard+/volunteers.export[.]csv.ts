import { londonToday } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { csvResponse } from "~/infra/csv.server";
import { parseVolunteerQuery } from "~/supporters/schemas/volunteer";
import { volunteerApplicationsCsv } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

/** The applications as CSV (formula-safe), with the same filters as the list (?status, ?kind, ?interest, ?q). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "volunteers");
  const parsed = parseVolunteerQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const csv = await volunteerApplicationsCsv(parsed.filter, user.username);
  return csvResponse(`volunteers-${londonToday()}.csv`, csv);
}
