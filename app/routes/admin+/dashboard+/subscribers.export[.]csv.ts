import { londonToday } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { exportConfirmedSubscribers } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { londonDayAndTime } from "~/utils/dates";

/** Confirmed addresses for a mail tool: one row each, with when they signed up and confirmed. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "subscribers");
  const rows = await exportConfirmedSubscribers(user.username);
  const csv = toCsv(
    [
      "email",
      "signed_up_uk_date (YYYY-MM-DD)",
      "signed_up_uk_time (HH:MM)",
      "confirmed_uk_date (YYYY-MM-DD)",
      "confirmed_uk_time (HH:MM)",
    ],
    rows.map((s) => [s.email, ...londonDayAndTime(s.consentedAt), ...londonDayAndTime(s.confirmedAt)]),
  );
  return csvResponse(`subscribers-${londonToday()}.csv`, csv);
}
