import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ConfirmDeletePanel } from "~/components/admin/confirm-delete";
import { TaxYearPicker } from "~/components/admin/tax-year-picker";
import { StaffSection } from "~/components/admin/table";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { GASDS_ACT_URL, GASDS_GUIDANCE_URL, smallDonationsStaff as copy } from "~/content/small-donations";
import { londonToday } from "~/infra/clock.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { takeFlash } from "~/site/index.server";
import { deleteSmallDonationSchema, recordSmallDonationSchema } from "~/gift-aid/schemas/small-donations";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import {
  findSmallDonation,
  recordSmallDonation,
  removeSmallDonation,
  SmallDonationError,
  smallDonationsYear,
} from "~/gift-aid/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { parseTaxYear, taxYearDays, taxYearLabel, taxYearOf } from "~/utils/tax-year";
import { ClaimFigures } from "./claim-figures";
import { SmallDonationsTable } from "./donations-table";
import { RecordForm } from "./record-form";

// The Gift Aid section's Small Donations Scheme page: record cash and contactless gifts
// (record-form.tsx), delete a mistaken one (audited), and the claim for a tax year with its CSV
// (claim-figures.tsx). Every form works without JavaScript; a bad entry comes back with its input
// and the field errors (400).

export const meta: MetaFunction = () =>
  pageMeta({ title: copy.title, description: `Gift Aid Small Donations Scheme of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const url = new URL(request.url);
  const today = londonToday();
  const year = parseTaxYear(url.searchParams.get("year")) ?? taxYearOf(today);
  const data = await smallDonationsYear(year);
  const flash = await takeFlash(request);
  return json({ ...data, today, done: flash.message }, { headers: flash.headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "gift-aid");
  try {
    if (form.get("intent") === "delete") {
      const parsed = deleteSmallDonationSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new SmallDonationError("There is no such small donation.", 404);
      const id = parsed.data.id;
      if (!isConfirmed(form)) {
        // Without JavaScript nobody was asked yet: the page asks first.
        const donation = await findSmallDonation(id);
        if (!donation)
          throw new SmallDonationError("There is no such small donation: it may have been deleted already.", 404);
        return json({ result: null, error: null, confirmDelete: donation });
      }
      const removed = await removeSmallDonation(id, user.username);
      return savedRedirect(adminPaths.smallDonations(taxYearOf(removed.collectedOn)), "small-donation-deleted");
    }
    const submission = parseWithZod(form, { schema: recordSmallDonationSchema(londonToday()) });
    if (submission.status !== "success") {
      return json({ result: submission.reply(), error: null, confirmDelete: null }, { status: 400 });
    }
    const { collectedOn, amount, method, kind, place } = submission.value;
    const created = await recordSmallDonation({ collectedOn, amountPence: amount, method, kind, place }, user.username);
    return savedRedirect(adminPaths.smallDonations(taxYearOf(created.collectedOn)), "small-donation-recorded");
  } catch (error) {
    if (error instanceof SmallDonationError) {
      return json({ result: null, error: error.message, confirmDelete: null }, { status: error.status });
    }
    throw error;
  }
}

export default function SmallDonations() {
  const { year, years, claim, donations, today, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { first, last } = taxYearDays(year);
  // Without JavaScript, a Delete posted unconfirmed: the small donation to ask about.
  const asked = actionData?.confirmDelete;
  return (
    <>
      <BackLink to={adminPaths.giftAid}>Back to Gift Aid</BackLink>
      <h2 className="mt-4 text-2xl font-semibold">{copy.title}</h2>
      {done ? (
        <p
          role="status"
          className="mt-4 rounded-md bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100"
        >
          {done}
        </p>
      ) : null}
      <FormError className="mt-4" errors={[actionData?.error]} />
      {asked ? (
        <ConfirmDeletePanel
          questionId="delete-small-donation-question"
          question={
            <>
              Delete the small donation of {formatPence(asked.amountPence)} collected{" "}
              {formatLongDate(asked.collectedOn)} at {asked.place}?
            </>
          }
          hidden={{ intent: "delete", id: String(asked.id) }}
          deleteLabel="Delete it"
          cancelTo={adminPaths.smallDonations(taxYearOf(asked.collectedOn))}
        />
      ) : null}
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{copy.intro}</p>
      <ul className="mt-3 max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
        {copy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <a href={GASDS_GUIDANCE_URL} className="link" rel="noreferrer">
          {copy.guidanceLabel}
        </a>{" "}
        ·{" "}
        <a href={GASDS_ACT_URL} className="link" rel="noreferrer">
          Small Charitable Donations Act 2012, section 1
        </a>
      </p>

      <StaffSection id="claim" title={`Claim for the tax year ${taxYearLabel(year)}`} className="mt-8">
        <TaxYearPicker years={years} year={year} className="mt-3" />
        <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          From {formatLongDate(first)} to {formatLongDate(last)}.
        </p>
        <ClaimFigures claim={claim} year={year} />
      </StaffSection>

      <StaffSection id="record" title="Record a small donation" className="mt-10">
        <RecordForm today={today} lastResult={actionData?.result ?? null} />
      </StaffSection>

      <StaffSection id="list" title={`Small donations in ${taxYearLabel(year)}`} className="mt-10">
        {donations.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">None recorded in this tax year.</p>
        ) : (
          <SmallDonationsTable year={year} donations={donations} />
        )}
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
