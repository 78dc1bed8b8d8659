import type { LoaderFunctionArgs } from "@remix-run/node";
import { odsResponse } from "~/infra/ods.server";
import { notFound } from "~/utils/http";
import { claimScheduleOds } from "~/services/gift-aid-claims.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseRecordId } from "~/utils/record-id";

/** The batch's rows as HMRC's Gift Aid schedule spreadsheet (OpenDocument), for Charities Online's upload. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const id = parseRecordId(params.id);
  const schedule = id === null ? null : await claimScheduleOds(id);
  if (!schedule) throw notFound("There is no such claim batch.");
  return odsResponse(schedule.filename, schedule.bytes);
}
