import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PLEDGE_NOT_FOUND } from "~/components/admin/donations";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { statementWording } from "~/content/statement";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { findPledge } from "~/giving/index.server";
import { buildStatement, sendStatement, StatementError } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { STATEMENT_LINK_DAYS } from "~/utils/receipts";
import { formatPence } from "~/utils/money";
import { parseRecordId } from "~/utils/record-id";
import { parseTaxYear } from "~/utils/tax-year";
import { useIsPending } from "~/utils/pending";

// Sending one donor their yearly giving statement, from a pledge's page: a nested route that
// shows, above the pledge, what the statement holds and to whom it goes (the confirmation),
// with the PDF to check first; its POST queues the e-mail with the signed link.

export const meta: MetaFunction = () =>
  pageMeta({
    title: "Send Giving Statement",
    description: `A donor's giving statement at ${site.name}.`,
    noindex: true,
  });

const CHOOSE_YEAR = "Choose the tax year of the statement.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const id = parseRecordId(params.id);
  const pledge = id === null ? undefined : await findPledge(id);
  if (!pledge) throw notFound(PLEDGE_NOT_FOUND);
  const year = parseTaxYear(new URL(request.url).searchParams.get("year"));
  if (year === null) return json({ pledgeId: pledge.id, year: null, error: CHOOSE_YEAR, statement: null }, 400);
  const built = await buildStatement(pledge.id, year);
  if (!built) throw notFound(PLEDGE_NOT_FOUND);
  const { statement, donor } = built;
  return json({
    pledgeId: pledge.id,
    year,
    error: null,
    statement: {
      label: statement.taxYearLabel,
      to: donor.email.trim(),
      donorName: statement.donorName,
      gifts: statement.gifts.length,
      totalPence: statement.totalPence,
      byMethod: statement.byMethod.map(({ method, count, totalPence }) =>
        statementWording.byMethod(method, count, formatPence(totalPence)),
      ),
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "donations");
  const id = parseRecordId(params.id);
  if (id === null) throw notFound(PLEDGE_NOT_FOUND);
  const year = parseTaxYear(String(form.get("year") ?? ""));
  if (year === null) return json({ error: CHOOSE_YEAR }, 400);
  try {
    await sendStatement(id, year, user.username);
  } catch (error) {
    if (!(error instanceof StatementError)) throw error;
    if (error.status === 404) throw notFound(PLEDGE_NOT_FOUND);
    return json({ error: error.message }, error.status);
  }
  return savedRedirect(adminPaths.donation(id), "statement-sent");
}

export default function SendStatement() {
  const { pledgeId, year, error, statement } = useLoaderData<typeof loader>();
  const actionError = useActionData<typeof action>()?.error;
  const busy = useIsPending({ state: "submitting" });
  return (
    <section
      aria-labelledby="statement-confirm-heading"
      className="mt-6 rounded-lg border border-brand-300 bg-brand-50 p-5 dark:border-brand-700 dark:bg-slate-900"
    >
      <h3 id="statement-confirm-heading" className="text-xl font-semibold">
        {statement ? `Send the giving statement for ${statement.label}?` : "Send a giving statement"}
      </h3>
      {error || actionError ? (
        <div className="mt-2">
          <FormError errors={[actionError ?? error!]} />
        </div>
      ) : null}
      {statement && year !== null ? (
        <>
          <p className="mt-2 text-slate-800 dark:text-slate-200">
            To <strong className="break-all">{statement.to}</strong> ({statement.donorName}):{" "}
            {statement.gifts === 0
              ? "no gifts in this tax year."
              : `${statement.gifts} ${statement.gifts === 1 ? "gift" : "gifts"}, ${formatPence(statement.totalPence)} in all, from every pledge made with this e-mail address.`}{" "}
            The e-mail carries a link to the PDF that works for {STATEMENT_LINK_DAYS} days.
          </p>
          {statement.byMethod.length ? (
            <ul className="mt-2 list-disc pl-6 text-slate-800 dark:text-slate-200">
              {statement.byMethod.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Form method="post">
              <input type="hidden" name="year" value={year} />
              <button type="submit" className="btn-primary" disabled={busy || statement.gifts === 0}>
                {busy ? "Sending…" : "Send statement"}
              </button>
            </Form>
            <a href={adminPaths.donationStatementPdf(pledgeId, year)} className="btn-secondary" download>
              Download the PDF
            </a>
            <Link to={adminPaths.donation(pledgeId)} className="link" preventScrollReset>
              Cancel
            </Link>
          </div>
        </>
      ) : (
        <p className="mt-2">
          <Link to={adminPaths.donation(pledgeId)} className="link">
            Back to the pledge
          </Link>
        </p>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
