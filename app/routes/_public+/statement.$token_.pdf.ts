import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementWording as words } from "~/content/statement";
import { TOKEN_PAGE_HEADERS } from "~/routes/_glue/token-page.server";
import { checkStatementLink, STATEMENT_LINK_DAYS, statementFileName, statementPdf } from "~/supporters/index.server";
import { refusal } from "~/utils/http";

// The giving statement PDF behind a signed link (the page before it: statement.$token.tsx).
// Made from the records as they are when it is opened. A bad link 404, an expired one 410.

export async function loader({ params }: LoaderFunctionArgs) {
  const check = await checkStatementLink(params.token ?? "");
  const pdf = check.ok ? await statementPdf(check.pledgeId, check.year) : undefined;
  if (!check.ok || !pdf) {
    const status = check.ok ? 410 : check.status;
    const text =
      status === 410
        ? `${words.expiredTitle}. ${words.expiredText(STATEMENT_LINK_DAYS)}`
        : `${words.badTitle}. ${words.badText}`;
    return refusal(status, text, { ...TOKEN_PAGE_HEADERS, "Content-Type": "text/plain; charset=utf-8" });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...TOKEN_PAGE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${statementFileName(check.year)}"`,
    },
  });
}
