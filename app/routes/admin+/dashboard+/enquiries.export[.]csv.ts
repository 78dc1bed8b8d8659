import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { contactSubjectLabel, isContactSubject } from "~/content/contact";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { getDb } from "~/infra/db.server";
import { logger } from "~/infra/logger.server";
import { listEnquiriesForExport } from "~/models/enquiry.server";
import { parseEnquiryQuery } from "~/schemas/enquiry";
import { requireRole } from "~/services/session.server";

/** The inbox as CSV, with the same filters as the page (?status, ?subject, ?q). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "enquiries");
  const parsed = parseEnquiryQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return json({ errors: parsed.errors }, { status: 400 });
  const rows = await listEnquiriesForExport(getDb(), parsed.filter);
  logger.info({ event: "enquiries.exported", count: rows.length }, "Enquiries exported");
  const csv = toCsv(
    ["id", "received_at", "status", "handled_at", "subject", "name", "email", "channel", "message"],
    rows.map((e) => [
      e.id,
      e.created_at,
      e.status,
      e.handled_at,
      isContactSubject(e.subject) ? contactSubjectLabel(e.subject) : e.subject,
      e.name,
      e.email,
      e.channel,
      e.message,
    ]),
  );
  return csvResponse(`enquiries-${new Date().toISOString().slice(0, 10)}.csv`, csv);
}
