import { londonToday } from "~/infra/clock.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { contactSubjectLabel, isContactSubject } from "~/content/contact";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { logger } from "~/infra/logger.server";
import { enquiriesForExport } from "~/supporters/index.server";
import { parseEnquiryQuery } from "~/supporters/schemas/enquiry";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { londonDayAndTime } from "~/utils/dates";

/** The inbox as CSV, with the same filters as the page (?status, ?subject, ?q). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "enquiries");
  const parsed = parseEnquiryQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const rows = await enquiriesForExport(parsed.filter);
  logger.info({ event: "enquiries.exported", count: rows.length }, "Enquiries exported");
  const csv = toCsv(
    [
      "id",
      "received_uk_date (YYYY-MM-DD)",
      "received_uk_time (HH:MM)",
      "status",
      "handled_uk_date (YYYY-MM-DD)",
      "handled_uk_time (HH:MM)",
      "subject",
      "name",
      "email",
      "channel",
      "message",
    ],
    rows.map((e) => [
      e.id,
      ...londonDayAndTime(e.createdAt),
      e.status,
      ...londonDayAndTime(e.handledAt),
      isContactSubject(e.subject) ? contactSubjectLabel(e.subject) : e.subject,
      e.name,
      e.email,
      e.channel,
      e.message,
    ]),
  );
  return csvResponse(`enquiries-${londonToday()}.csv`, csv);
}
