import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { PAYMENT_EXPORT_HEADER, paymentExportRows } from "~/services/donation-exports.server";
import { requireAdmin } from "~/services/session.server";

// Every payment recorded, one row per payment, with its pledge's reference and donor.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse(`payments-${day}.csv`, toCsv(PAYMENT_EXPORT_HEADER, await paymentExportRows()));
}
