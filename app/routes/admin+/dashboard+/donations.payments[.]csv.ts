import { londonToday } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { parsePaymentsRange } from "~/giving/schemas/donations";
import { PAYMENT_EXPORT_HEADER, paymentExportRows } from "~/giving/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { refusal } from "~/utils/http";

// Every payment recorded, one row per payment, with its pledge's reference and donor;
// ?from=&to= (YYYY-MM-DD, both inclusive) keep those received within the range.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const parsed = parsePaymentsRange(new URL(request.url).searchParams);
  if (!parsed.ok) {
    throw refusal(400, `${parsed.error}. Go back to Donations and correct the dates.`, {
      "Content-Type": "text/plain; charset=utf-8",
    });
  }
  const { from, to } = parsed.range;
  const span = from || to ? `${from ?? "start"}-to-${to ?? londonToday()}` : londonToday();
  return csvResponse(`payments-${span}.csv`, toCsv(PAYMENT_EXPORT_HEADER, await paymentExportRows(parsed.range)));
}
