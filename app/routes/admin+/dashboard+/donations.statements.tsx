import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { SavedNotice } from "~/components/admin/donations";
import { TaxYearPicker } from "~/components/admin/tax-year-picker";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { londonToday } from "~/infra/clock.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { statementWording } from "~/content/statement";
import { previewYearStatements, sendYearStatements, statementsHistory } from "~/supporters/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { STATEMENT_LINK_DAYS } from "~/utils/receipts";
import { formatPence } from "~/utils/money";
import { useIsPending } from "~/utils/pending";
import { parseTaxYear, taxYearLabel, taxYearOf } from "~/utils/tax-year";
import { takeFlash } from "~/site/index.server";
import { savedCountsRedirect } from "~/routes/_glue/saved.server";

// Every donor's giving statement for one tax year in one action: choose the year (a GET form),
// see how many donors it reaches (the confirmation), then send: one e-mail per donor who gave
// that year, all queued in one transaction, and the send recorded in the history below.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Giving Statements", description: `Yearly giving statements of ${site.name}.`, noindex: true });

/** The tax years offered: the current one and the six before it (HMRC keeps six years). */
function yearChoices(today: string): number[] {
  const current = taxYearOf(today);
  return Array.from({ length: 7 }, (_, i) => current - i);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "donations");
  const params = new URL(request.url).searchParams;
  const years = yearChoices(londonToday());
  const asked = params.get("year");
  const year = asked === null ? years[1] : parseTaxYear(asked);
  const history = await statementsHistory();
  if (year === null) {
    return json(
      { years, year: null, preview: null, history, saved: null, error: "Choose a tax year from the list." },
      400,
    );
  }
  const flash = await takeFlash(request);
  return json(
    { years, year, preview: await previewYearStatements(year), history, saved: flash.message, error: null },
    { headers: flash.headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "donations");
  const year = parseTaxYear(String(form.get("year") ?? ""));
  if (year === null) return json({ error: "Choose a tax year from the list." }, 400);
  const { sent } = await sendYearStatements(year, user.username);
  return savedCountsRedirect(`${adminPaths.donationsStatements}?year=${year}`, "statements-sent", sent, year);
}

export default function GivingStatements() {
  const { years, year, preview, history, saved, error } = useLoaderData<typeof loader>();
  const actionError = useActionData<typeof action>()?.error;
  const busy = useIsPending({ state: "submitting" });
  const label = year === null ? "" : taxYearLabel(year);
  const sentBefore = history.some((event) => event.detail?.includes(`tax year ${label} e-mailed`));
  return (
    <>
      <Link to={adminPaths.donations} className="link text-sm">
        ← All donations
      </Link>
      <h2 className="mt-3 text-2xl font-semibold">Giving statements</h2>
      <p className="mt-2 max-w-prose text-slate-700 dark:text-slate-300">
        Each donor who gave in a tax year (6 April to 5 April) gets one e-mail with a link to their statement: a PDF
        listing every gift made with their e-mail address that year, with Gift Aid, and the total. The link works for{" "}
        {STATEMENT_LINK_DAYS} days. One donor&rsquo;s statement can also be sent from their pledge&rsquo;s page.
      </p>
      {saved ? <SavedNotice>{saved}</SavedNotice> : null}
      {error || actionError ? (
        <div className="mt-4">
          <FormError errors={[actionError ?? error!]} />
        </div>
      ) : null}

      <TaxYearPicker years={years} year={year} />

      {preview && year !== null ? (
        <section
          aria-labelledby="send-heading"
          className="mt-6 rounded-lg border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900"
        >
          <h3 id="send-heading" className="text-xl font-semibold">
            Tax year {label}
          </h3>
          {preview.donors === 0 ? (
            <p className="mt-2">No donor gave in this tax year: there is nothing to send.</p>
          ) : (
            <>
              <p className="mt-2">
                {preview.donors === 1 ? "1 donor" : `${preview.donors} donors`} gave {formatPence(preview.totalPence)}{" "}
                in this tax year. Each gets one e-mail.
              </p>
              <ul className="mt-2 list-disc pl-6">
                {preview.byMethod.map(({ method, count, totalPence }) => (
                  <li key={method}>{statementWording.byMethod(method, count, formatPence(totalPence))}</li>
                ))}
              </ul>
              {sentBefore ? (
                <p className="mt-2 font-semibold text-amber-900 dark:text-amber-200">
                  Statements for this tax year were sent before (see the history below): sending again e-mails every
                  donor again.
                </p>
              ) : null}
              <Form method="post" className="mt-4">
                <input type="hidden" name="year" value={year} />
                <button type="submit" className="btn-primary" disabled={busy}>
                  {busy ? "Sending…" : `Send ${preview.donors === 1 ? "1 statement" : `${preview.donors} statements`}`}
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}

      <AuditTrail events={history} heading="Statements sent" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
