import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse } from "~/infra/csv.server";
import { notFound } from "~/utils/http";
import { claimScheduleCsv } from "~/gift-aid/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseRecordId } from "~/utils/record-id";

/** The batch's rows in HMRC's Gift Aid schedule columns, as a CSV download. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const id = parseRecordId(params.id);
  const schedule = id === null ? null : await claimScheduleCsv(id);
  if (!schedule) throw notFound("There is no such claim batch.");
  return csvResponse(schedule.filename, schedule.csv);
}
