import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NewsletterPage } from "~/components/newsletter-page";
import { statementWording as words } from "~/content/statement";
import { TOKEN_PAGE_HEADERS } from "~/routes/_glue/token-page.server";
import { buildStatement, checkStatementLink, statementPaths } from "~/supporters/index.server";
import { formatPence } from "~/utils/money";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta } from "~/utils/meta";
import { STATEMENT_LINK_DAYS } from "~/utils/receipts";
import { taxYearLabel } from "~/utils/tax-year";

// The page the giving statement e-mail links to: no sign-in, the signed link is the key. It says
// which statement it is and offers the PDF; a tampered or unknown link answers 404, an expired
// one 410, each with what to do. Never cached nor indexed (the address is a credential).

export async function loader({ params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const check = await checkStatementLink(token);
  if (!check.ok) {
    return json({ ok: false as const, status: check.status }, { status: check.status, headers: TOKEN_PAGE_HEADERS });
  }
  const built = await buildStatement(check.pledgeId, check.year);
  return json(
    {
      ok: true as const,
      // What it holds: the total of each way of paying (the PDF lists each gift).
      byMethod: (built?.statement.byMethod ?? []).map(({ method, count, totalPence }) =>
        words.byMethod(method, count, formatPence(totalPence)),
      ),
      label: taxYearLabel(check.year),
      expiresAt: check.expiresAt,
      pdf: statementPaths.pdf(token),
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export const headers: HeadersFunction = () => TOKEN_PAGE_HEADERS;

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: words.pageTitle, description: "Your giving statement.", noindex: true }, matches);

export default function StatementPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.ok) {
    const expired = data.status === 410;
    return (
      <NewsletterPage title={expired ? words.expiredTitle : words.badTitle}>
        <p>{expired ? words.expiredText(STATEMENT_LINK_DAYS) : words.badText}</p>
        <p>
          <Link to="/contact" className="link">
            Contact us
          </Link>
        </p>
      </NewsletterPage>
    );
  }
  return (
    <NewsletterPage title={words.pageTitle}>
      <p>{words.pageText(data.label)}</p>
      {data.byMethod.length ? (
        <>
          <h2 className="mt-4 text-xl font-semibold">{words.byMethodHeading}</h2>
          <ul className="list-disc pl-6">
            {data.byMethod.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        {/* A plain link: the PDF is a download, not a page of the app. */}
        <a href={data.pdf} className="btn-primary" download>
          {words.pageButton}
        </a>
      </p>
      <p className="text-base">{words.pageExpiry(formatLongDate(data.expiresAt))}</p>
    </NewsletterPage>
  );
}
