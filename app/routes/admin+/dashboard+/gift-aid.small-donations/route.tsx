import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ConfirmedForm, ConfirmForm } from "~/components/admin/confirm-form";
import { dangerButtonClass } from "~/components/admin/styles";
import { TaxYearPicker } from "~/components/admin/tax-year-picker";
import { figuresCell as td, figuresRow as rowBorder, StaffSection, StaffTable } from "~/components/admin/table";
import { FormError, SelectField, TextField } from "~/components/ui/form";
import { site } from "~/content/site";
import { GASDS_ACT_URL, GASDS_GUIDANCE_URL, smallDonationsStaff as copy } from "~/content/small-donations";
import { londonToday } from "~/infra/clock.server";
import { readFormData } from "~/infra/body.server";
import { assertSameOrigin } from "~/infra/same-origin.server";
import {
  deleteSmallDonationSchema,
  PLACE_MAX_LENGTH,
  recordSmallDonationSchema,
  smallDonationKindLabels,
  smallDonationMethodLabels,
} from "~/schemas/small-donations";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import {
  findSmallDonation,
  recordSmallDonation,
  removeSmallDonation,
  SmallDonationError,
  smallDonationsYear,
} from "~/services/small-donations.server";
import { adminPaths } from "~/utils/admin-paths";
import { isConfirmed } from "~/utils/confirmation";
import { formatLongDate } from "~/utils/dates";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { parseTaxYear, taxYearDays, taxYearLabel, taxYearOf } from "~/utils/tax-year";

// The Gift Aid section's Small Donations Scheme page: record cash and contactless gifts, delete a
// mistaken one (audited), and the claim for a tax year with its CSV. Every form works without
// JavaScript; a bad entry comes back with its input and the field errors (400).

export const meta: MetaFunction = () =>
  pageMeta({ title: copy.title, description: `Gift Aid Small Donations Scheme of ${site.name}.`, noindex: true });

const DONE = { recorded: "Small donation recorded.", deleted: "Small donation deleted." } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "gift-aid");
  const url = new URL(request.url);
  const today = londonToday();
  const year = parseTaxYear(url.searchParams.get("year")) ?? taxYearOf(today);
  const done = url.searchParams.get("done");
  const data = await smallDonationsYear(year);
  return json({
    ...data,
    today,
    done: done === "recorded" || done === "deleted" ? DONE[done] : null,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const user = await requireRole(request, "gift-aid");
  const form = await readFormData(request);
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
      return redirect(`${adminPaths.smallDonations(taxYearOf(removed.collectedOn))}&done=deleted`, 303);
    }
    const submission = parseWithZod(form, { schema: recordSmallDonationSchema });
    if (submission.status !== "success") {
      return json({ result: submission.reply(), error: null, confirmDelete: null }, { status: 400 });
    }
    const { collectedOn, amount, method, kind, place } = submission.value;
    const created = await recordSmallDonation({ collectedOn, amountPence: amount, method, kind, place }, user.username);
    return redirect(`${adminPaths.smallDonations(taxYearOf(created.collectedOn))}&done=recorded`, 303);
  } catch (error) {
    if (error instanceof SmallDonationError) {
      return json({ result: null, error: error.message, confirmDelete: null }, { status: error.status });
    }
    throw error;
  }
}

function Money({ pence }: { pence: number }) {
  return <span className="tabular-nums">{formatPence(pence)}</span>;
}

const right = (label: string) => ({ label, key: label, align: "right" as const });

function RecordForm({ today }: { today: string }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "record-small-donation",
    lastResult: actionData?.result ?? null,
    defaultValue: { collectedOn: today, method: "cash", kind: "gift" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recordSmallDonationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="record" />
      <FormError id={form.errorId} errors={form.errors} />
      <TextField meta={fields.collectedOn} label="Date collected" type="date" />
      <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" hint="Like 25 or 25.50" />
      <SelectField
        meta={fields.method}
        label="How it was given"
        options={Object.entries(smallDonationMethodLabels).map(([value, label]) => ({ value, label }))}
      />
      <SelectField
        meta={fields.kind}
        label="What it is"
        options={Object.entries(smallDonationKindLabels).map(([value, label]) => ({ value, label }))}
      />
      <TextField
        meta={fields.place}
        label="Where"
        className="sm:col-span-2"
        hint={`For example: Charity gala. At most ${PLACE_MAX_LENGTH} characters.`}
      />
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary">
          Record the small donation
        </button>
      </div>
    </Form>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function ClaimFigures({ claim, year }: { claim: Loaded["claim"]; year: number }) {
  const rows: [string, number][] = [
    [`Eligible small donations (${claim.eligibleCount})`, claim.eligiblePence],
    [`Not eligible: single gifts over £30 (${claim.notEligibleCount})`, claim.notEligiblePence],
    ["Gift Aid donations claimed in the tax year", claim.giftAidDonationsPence],
    ["Matching limit: 10 times the Gift Aid donations", claim.matchingLimitPence],
    ["Yearly limit", claim.yearlyLimitPence],
  ];
  return (
    <>
      <dl className="mt-4 grid max-w-3xl grid-cols-[1fr_auto] gap-x-6 gap-y-2">
        {rows.map(([label, pence]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700 dark:text-slate-300">{label}</dt>
            <dd className="font-medium tabular-nums text-right">{formatPence(pence)}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-semibold">Small donations to claim on</dt>
          <dd className="font-semibold tabular-nums text-right">{formatPence(claim.claimablePence)}</dd>
        </div>
        <div className="contents">
          <dt className="font-semibold">Top-up to claim (25%)</dt>
          <dd className="text-xl font-bold tabular-nums text-brand-700 dark:text-brand-300 text-right">
            {formatPence(claim.topUpPence)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 max-w-3xl text-slate-700 dark:text-slate-300">{copy.limitedBy[claim.limitedBy]}</p>
      <p className="mt-3">
        <a href={adminPaths.smallDonationsCsv(year)} className="link" download>
          Download the small donations of {taxYearLabel(year)} (CSV)
        </a>
      </p>
    </>
  );
}

function ConfirmDelete({
  donation,
}: {
  donation: { id: number; amountPence: number; collectedOn: string; place: string };
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="delete-small-donation-question"
      className="mt-6 rounded-md border border-red-300 p-4 dark:border-red-700"
    >
      <p id="delete-small-donation-question" className="font-semibold">
        Delete the small donation of {formatPence(donation.amountPence)} collected{" "}
        {formatLongDate(donation.collectedOn)} at {donation.place}?
      </p>
      <ConfirmedForm className="mt-3 flex flex-wrap gap-3" hidden={{ intent: "delete", id: String(donation.id) }}>
        <button type="submit" className={dangerButtonClass}>
          Delete it
        </button>
        <Link to={adminPaths.smallDonations(taxYearOf(donation.collectedOn))} className="btn-secondary">
          Cancel
        </Link>
      </ConfirmedForm>
    </div>
  );
}

export default function SmallDonations() {
  const { year, years, claim, donations, today, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { first, last } = taxYearDays(year);
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
      {actionData?.error ? (
        <div className="mt-4">
          <FormError errors={[actionData.error]} />
        </div>
      ) : null}
      {actionData?.confirmDelete ? <ConfirmDelete donation={actionData.confirmDelete} /> : null}
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
        <RecordForm today={today} />
      </StaffSection>

      <StaffSection id="list" title={`Small donations in ${taxYearLabel(year)}`} className="mt-10">
        {donations.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">None recorded in this tax year.</p>
        ) : (
          <StaffTable
            look="figures"
            className="mt-3"
            caption={`Small donations in ${taxYearLabel(year)}`}
            columns={["Collected", "Where", "How", right("Amount"), "Eligible", "Delete"]}
          >
            {donations.map((donation) => (
              <tr key={donation.id} className={rowBorder}>
                <td className={td}>{formatLongDate(donation.collectedOn)}</td>
                <td className={td}>{donation.place}</td>
                <td className={td}>
                  {smallDonationMethodLabels[donation.method]},{" "}
                  {donation.kind === "collection" ? "collection" : "one gift"}
                </td>
                <td className={`${td} text-right`}>
                  <Money pence={donation.amountPence} />
                </td>
                <td className={td}>{donation.eligible ? "Yes" : "No: a single gift over £30"}</td>
                <td className={td}>
                  <ConfirmForm
                    action={adminPaths.smallDonations(year)}
                    question={`Delete the small donation of ${formatPence(donation.amountPence)} collected ${formatLongDate(donation.collectedOn)} at ${donation.place}?`}
                    hidden={{ intent: "delete", id: String(donation.id) }}
                  >
                    <button
                      type="submit"
                      className="link text-sm"
                      aria-label={`Delete ${formatPence(donation.amountPence)}, ${formatLongDate(donation.collectedOn)}, ${donation.place}`}
                    >
                      Delete
                    </button>
                  </ConfirmForm>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </StaffSection>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
