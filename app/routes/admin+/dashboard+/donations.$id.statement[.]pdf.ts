import type { LoaderFunctionArgs } from "@remix-run/node";
import { PLEDGE_NOT_FOUND } from "~/components/admin/donations";
import { statementFileName, statementPdf } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { parseRecordId } from "~/utils/record-id";
import { parseTaxYear } from "~/utils/tax-year";
import { invariantResponse } from "~/utils/http";

// A donor's giving statement for one tax year (?year=2025) as a PDF, for staff to check or post.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  const year = parseTaxYear(new URL(request.url).searchParams.get("year"));
  invariantResponse(year !== null, "Choose the tax year: ?year=2025 is 6 April 2025 to 5 April 2026.", 400);
  const pdf = id === null ? undefined : await statementPdf(id, year);
  invariantResponse(pdf, PLEDGE_NOT_FOUND);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileName(year)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
