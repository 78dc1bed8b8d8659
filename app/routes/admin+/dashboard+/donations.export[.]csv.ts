import { londonToday } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { parsePledgeFilters } from "~/giving/schemas/donations";
import { PLEDGE_EXPORT_HEADER, pledgeExportRows } from "~/giving/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { refusal } from "~/utils/http";

// The list as filtered on the page (status, type, search), every page of it, one row per pledge.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const params = new URL(request.url).searchParams;
  params.delete("page");
  const parsed = parsePledgeFilters(params);
  if (!parsed.ok) throw refusal(400, parsed.error);
  const { status, type, q } = parsed.filters;
  const day = londonToday();
  return csvResponse(`pledges-${day}.csv`, toCsv(PLEDGE_EXPORT_HEADER, await pledgeExportRows({ status, type, q })));
}
