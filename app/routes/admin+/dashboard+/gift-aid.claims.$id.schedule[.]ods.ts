import type { LoaderFunctionArgs } from "@remix-run/node";
import { odsResponse } from "~/infra/ods.server";
import { notFound } from "~/utils/http";
import { claimScheduleOds } from "~/gift-aid/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseRecordId } from "~/utils/record-id";

/**
 * The batch's rows as HMRC's Gift Aid schedule spreadsheet (OpenDocument), for Charities Online's
 * upload; `?part=2` for the second 1,000 rows of a larger batch.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const id = parseRecordId(params.id);
  const partParam = new URL(request.url).searchParams.get("part");
  const part = partParam === null ? 1 : parseRecordId(partParam);
  const schedule = id === null || part === null ? null : await claimScheduleOds(id, part);
  if (!schedule) throw notFound("There is no such claim batch or part of it.");
  return odsResponse(schedule.filename, schedule.bytes);
}
