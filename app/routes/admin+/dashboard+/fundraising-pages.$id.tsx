import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { BackLink } from "~/components/admin/back-link";
import { ListOrEmpty } from "~/components/admin/list-or-empty";
import { StaffSection } from "~/components/admin/table";
import { ResponsivePicture } from "~/components/responsive-picture";
import { ActionNotice } from "~/components/admin/notice";
import { ErrorSummary } from "~/components/ui/error-summary";
import { ErrorList, TextareaField } from "~/components/ui/form";
import { pageDecisionLabels, pageStatusLabels } from "~/content/appeals";
import { site } from "~/content/site";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { pageDecisionSchema, PAGE_DECISIONS, type PageDecision } from "~/causes/schemas/fundraising-page";
import { takeFlash } from "~/site/index.server";
import {
  approveMessage,
  decideOnPage,
  FundraisingRefusal,
  fundraisePath,
  pageRecordForStaff,
} from "~/causes/index.server";
import type { FlashCode } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { responsiveImage } from "~/utils/images";
import { formatPence } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Fundraising page", description: `A supporter's page for ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "fundraising-pages");
  const { page, totals, supporters, history } = await findRecordOr404(params.id, pageRecordForStaff, "No such page");
  const flash = await takeFlash(request);
  return json(
    {
      flash: flash.message,
      page,
      publicPath: fundraisePath(page.slug),
      image: responsiveImage(page.imageUpload, page.imageWidths, page.imageAlt),
      totals,
      supporters,
      history: history.map(({ id, action, detail, actor, createdAt }) => ({ id, action, detail, actor, createdAt })),
    },
    { headers: flash.headers },
  );
}

const SAVED: Record<PageDecision, FlashCode> = {
  approve: "fundraising-page-approved",
  changes: "fundraising-page-changes",
  reject: "fundraising-page-rejected",
  "take-down": "fundraising-page-taken-down",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "fundraising-pages");
  const id = requireRecordId(params.id, "No such page");
  if (form.get("intent") === "approve-message") {
    try {
      await approveMessage(id, Number(form.get("pledge")), user);
    } catch (error) {
      if (error instanceof FundraisingRefusal) {
        return json({ result: null, notice: { ok: false, message: error.message } }, { status: error.status });
      }
      throw error;
    }
    return savedRedirect(adminPaths.fundraisingPage(id), "fundraising-message-approved");
  }
  const submission = parseWithZod(form, { schema: pageDecisionSchema });
  if (submission.status !== "success") return json({ result: submission.reply(), notice: null }, { status: 400 });
  try {
    await decideOnPage(id, submission.value.decision, submission.value.message ?? null, user);
  } catch (error) {
    if (error instanceof FundraisingRefusal) {
      return json(
        { result: submission.reply({ formErrors: [error.message] }), notice: null },
        { status: error.status },
      );
    }
    throw error;
  }
  return savedRedirect(adminPaths.fundraisingPage(id), SAVED[submission.value.decision]);
}

/** The decisions that apply to a page in this state. */
function decisionsFor(status: string): PageDecision[] {
  if (status === "approved") return ["take-down"];
  if (status === "rejected" || status === "taken-down") return ["approve"];
  return [...PAGE_DECISIONS].filter((d) => d !== "take-down");
}

export default function FundraisingPageReview() {
  const { page, publicPath, image, totals, supporters, history, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageDecisionSchema }),
  });
  const tribute = page.kind === "memoriam";
  const decisions = decisionsFor(page.status);
  return (
    <>
      <BackLink to={adminPaths.fundraisingPages}>Back to fundraising pages</BackLink>
      <h2 className="mt-4 text-2xl font-bold break-words">{page.title}</h2>
      <ActionNotice notice={actionData?.notice ?? (flash ? { ok: true, message: flash } : null)} />
      <dl className="mt-4 grid max-w-3xl gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">State</dt>
        <dd>{pageStatusLabels[page.status]}</dd>
        <dt className="font-semibold">Kind</dt>
        <dd>
          {tribute ? "In Memoriam (tribute)" : "Share My Day"}
          {page.sponsored ? ", a sponsored event (its gifts are marked sponsored on their Gift Aid claim lines)" : ""}
        </dd>
        <dt className="font-semibold">Owner</dt>
        <dd className="break-words">
          {page.ownerName},{" "}
          <a href={`mailto:${page.ownerEmail}`} className="link">
            {page.ownerEmail}
          </a>
        </dd>
        {page.inMemoryOf ? (
          <>
            <dt className="font-semibold">In memory of</dt>
            <dd>{page.inMemoryOf}</dd>
          </>
        ) : null}
        {page.occasion ? (
          <>
            <dt className="font-semibold">Occasion</dt>
            <dd>{page.occasion}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Target</dt>
        <dd>{formatPence(page.targetPence)}</dd>
        <dt className="font-semibold">Raised</dt>
        <dd>
          {formatPence(totals.givenPence)} from {totals.donors} {totals.donors === 1 ? "donor" : "donors"} (
          {formatPence(totals.promisedPence)} promised, not yet paid or verified)
        </dd>
        <dt className="font-semibold">Address</dt>
        <dd>
          {page.status === "approved" ? (
            <a href={publicPath} className="link">
              {publicPath}
            </a>
          ) : (
            `${publicPath} (not public)`
          )}
        </dd>
        {page.staffMessage ? (
          <>
            <dt className="font-semibold">Last message to the owner</dt>
            <dd className="whitespace-pre-line">{page.staffMessage}</dd>
          </>
        ) : null}
      </dl>
      <StaffSection id="story" title="Their story" size="lg" className="mt-6 max-w-3xl">
        <p className="mt-2 whitespace-pre-line break-words">{page.story}</p>
        {image ? (
          <figure className="mt-4">
            <ResponsivePicture
              image={image}
              sizes="24rem"
              width={384}
              height={216}
              className="aspect-video w-96 max-w-full rounded-lg object-cover"
            />
            <figcaption className="mt-1 text-sm">Their photo, described as: “{image.alt}”</figcaption>
          </figure>
        ) : null}
      </StaffSection>

      <StaffSection id="decision" title="Decision" size="lg" className="mt-8 max-w-2xl">
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
          <ErrorSummary form={form} />
          <fieldset id={fields.decision.id}>
            <legend className="text-sm font-medium">What should happen to the page?</legend>
            <div className="mt-2 space-y-2">
              {decisions.map((decision) => (
                <label key={decision} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={fields.decision.name}
                    value={decision}
                    defaultChecked={decisions.length === 1}
                    className="h-4 w-4 accent-brand-700"
                  />
                  {pageDecisionLabels[decision]}
                </label>
              ))}
            </div>
            <ErrorList id={fields.decision.errorId} errors={fields.decision.errors} />
          </fieldset>
          <TextareaField
            meta={fields.message}
            label="Message to the owner"
            rows={4}
            optional
            hint="Required to ask for changes, reject or take down; e-mailed to the owner and kept in the history."
          />
          <button type="submit" className="btn-primary">
            Save the decision
          </button>
        </Form>
      </StaffSection>

      <StaffSection id="supporters" title="Gifts received" size="lg" className="mt-8 max-w-3xl">
        <ListOrEmpty items={supporters} empty="No gifts received yet." className="mt-2 space-y-3">
          {(s) => (
            <li key={s.pledgeId} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold">
                {s.name ?? "Anonymous"}
                {s.amountPence === null ? " (amount hidden)" : `: ${formatPence(s.amountPence)}`}
              </p>
              {s.message ? <p className="mt-1 whitespace-pre-line break-words">{s.message}</p> : null}
              {tribute && s.message && !s.messageApproved ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="approve-message" />
                  <input type="hidden" name="pledge" value={s.pledgeId} />
                  <button type="submit" className="btn-secondary">
                    Approve this message
                  </button>
                </Form>
              ) : null}
            </li>
          )}
        </ListOrEmpty>
      </StaffSection>
      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
