import type { LoaderFunctionArgs } from "@remix-run/node";
import { givingWords as words } from "~/content/giving";
import {
  GIVING_HEADERS,
  requireDonor,
  statementFileName,
  supporterStatementPdf,
} from "~/routes/_glue/giving-page.server";
import { notFound } from "~/utils/http";
import { parseTaxYear } from "~/utils/tax-year";

// The signed-in donor's giving statement for one tax year, downloaded directly as a PDF (the
// same statement staff send, app/supporters/services/giving-statements.server.ts). No session: back to /giving.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const supporterId = await requireDonor(request);
  const year = parseTaxYear(params.year);
  if (year === null) throw notFound(words.noSuchStatement);
  const pdf = await supporterStatementPdf(supporterId, year);
  if (!pdf) throw notFound(words.noSuchStatement);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...GIVING_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileName(year)}"`,
    },
  });
}
