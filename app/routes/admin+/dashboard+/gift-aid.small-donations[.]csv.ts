import type { LoaderFunctionArgs } from "@remix-run/node";
import { londonToday } from "~/infra/clock.server";
import { csvResponse } from "~/infra/csv.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { smallDonationsCsv } from "~/gift-aid/index.server";
import { parseTaxYear, taxYearOf } from "~/utils/tax-year";

/** A tax year's small donations (GASDS) and the claim's figures, as a CSV download (?year=2025). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const year = parseTaxYear(new URL(request.url).searchParams.get("year")) ?? taxYearOf(londonToday());
  const { filename, csv } = await smallDonationsCsv(year);
  return csvResponse(filename, csv);
}
