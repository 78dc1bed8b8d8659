import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { parsePledgeFilters } from "~/schemas/donations";
import { PLEDGE_EXPORT_HEADER, pledgeExportRows } from "~/services/donation-exports.server";
import { requireAdmin } from "~/services/session.server";
import { toLondonDay } from "~/utils/dates";

// The list as filtered on the page (status, type, search), every page of it, one row per pledge.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  params.delete("page");
  const parsed = parsePledgeFilters(params);
  if (!parsed.ok) throw new Response(parsed.error, { status: 400, statusText: "Bad Request" });
  const { status, type, q } = parsed.filters;
  const day = toLondonDay(new Date());
  return csvResponse(`pledges-${day}.csv`, toCsv(PLEDGE_EXPORT_HEADER, await pledgeExportRows({ status, type, q })));
}
