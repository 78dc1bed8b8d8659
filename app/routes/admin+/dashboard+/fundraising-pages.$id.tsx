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
import { pageDecisionSchema, type PageDecision } from "~/causes/schemas/fundraising-page";
import { takeFlash } from "~/site/index.server";
import {
  approveMessage,
  decideOnPage,
  FundraisingRefusal,
  fundraisePath,
  hideMessage,
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
  const { page, totals, supporters, history, appeal } = await findRecordOr404(
    params.id,
    pageRecordForStaff,
    "No such page",
  );
  const flash = await takeFlash(request);
  return json(
    {
      flash: flash.message,
      page,
      publicPath: fundraisePath(page.slug),
      image: responsiveImage(page.imageUpload, page.imageWidths, page.imageAlt),
      pendingImage: page.pendingAt
        ? responsiveImage(page.pendingImageUpload, page.pendingImageWidths, page.pendingImageAlt)
        : null,
      appeal,
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
  "approve-edit": "fundraising-page-edit-approved",
  "reject-edit": "fundraising-page-edit-rejected",
};

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, form } = await staffAction(request, "fundraising-pages");
  const id = requireRecordId(params.id, "No such page");
  const intent = String(form.get("intent") ?? "");
  if (intent === "approve-message" || intent === "hide-message") {
    const hide = intent === "hide-message";
    try {
      await (hide ? hideMessage : approveMessage)(id, Number(form.get("pledge")), user);
    } catch (error) {
      if (error instanceof FundraisingRefusal) {
        return json(
          { result: null, form: null, notice: { ok: false, message: error.message } },
          { status: error.status },
        );
      }
      throw error;
    }
    return savedRedirect(
      adminPaths.fundraisingPage(id),
      hide ? "fundraising-message-hidden" : "fundraising-message-approved",
    );
  }
  const submission = parseWithZod(form, { schema: pageDecisionSchema });
  // Two forms post a decision: the review (radios) and "Take it down now" (its own warning button).
  const which = form.get("decision") === "take-down" ? "take-down" : "decision";
  if (submission.status !== "success") {
    return json({ result: submission.reply(), form: which, notice: null }, { status: 400 });
  }
  try {
    await decideOnPage(id, submission.value.decision, submission.value.message ?? null, user);
  } catch (error) {
    if (error instanceof FundraisingRefusal) {
      return json(
        { result: submission.reply({ formErrors: [error.message] }), form: which, notice: null },
        { status: error.status },
      );
    }
    throw error;
  }
  return savedRedirect(adminPaths.fundraisingPage(id), SAVED[submission.value.decision]);
}

/** The decisions (radios) that apply to a page in this state; taking a live page down is its own button. */
function decisionsFor(status: string, editWaiting: boolean): PageDecision[] {
  if (status === "approved") return editWaiting ? ["approve-edit", "reject-edit"] : [];
  if (status === "rejected" || status === "taken-down") return ["approve"];
  return ["approve", "changes", "reject"];
}

export default function FundraisingPageReview() {
  const { page, publicPath, image, pendingImage, appeal, totals, supporters, history, flash } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "decision",
    lastResult: actionData?.form === "decision" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageDecisionSchema }),
  });
  const [takeDown, takeDownFields] = useForm({
    id: "take-down",
    lastResult: actionData?.form === "take-down" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pageDecisionSchema }),
  });
  const tribute = page.kind === "memoriam";
  const editWaiting = page.pendingAt !== null;
  const decisions = decisionsFor(page.status, editWaiting);
  return (
    <>
      <BackLink to={adminPaths.fundraisingPages}>Back to fundraising pages</BackLink>
      <h2 className="mt-4 text-2xl font-bold break-words">{page.title}</h2>
      <ActionNotice notice={actionData?.notice ?? (flash ? { ok: true, message: flash } : null)} />
      <dl className="mt-4 grid max-w-3xl gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">State</dt>
        <dd>
          {pageStatusLabels[page.status]}
          {editWaiting
            ? ". The owner changed it: their change waits for your review (the page shows the approved version until then)"
            : ""}
        </dd>
        <dt className="font-semibold">Kind</dt>
        <dd>
          {tribute ? "In Memoriam (tribute)" : "Share My Day"}
          {page.sponsored ? ", a sponsored event (its gifts are marked sponsored on their Gift Aid claim lines)" : ""}
        </dd>
        {appeal ? (
          <>
            <dt className="font-semibold">For the appeal</dt>
            <dd>
              <a href={adminPaths.appeal(appeal.id)} className="link">
                {appeal.title}
              </a>{" "}
              (its gifts count in the appeal's figures too)
            </dd>
          </>
        ) : null}
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
        <dd>{page.targetPence === null ? "None" : formatPence(page.targetPence)}</dd>
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
      <StaffSection
        id="story"
        title={editWaiting ? "Public now (approved)" : "Their story"}
        size="lg"
        className="mt-6 max-w-3xl"
      >
        {editWaiting ? <p className="mt-2 font-semibold break-words">{page.title}</p> : null}
        <p className="mt-2 whitespace-pre-line break-words">{page.story}</p>
        {image ? <PagePhoto image={image} /> : null}
      </StaffSection>
      {editWaiting ? (
        <StaffSection id="edit" title="The owner's change, waiting for review" size="lg" className="mt-6 max-w-3xl">
          <p className="mt-2 font-semibold break-words">{page.pendingTitle}</p>
          <p className="mt-2 whitespace-pre-line break-words">{page.pendingStory}</p>
          {pendingImage ? <PagePhoto image={pendingImage} /> : <p className="mt-2">No photo.</p>}
        </StaffSection>
      ) : null}

      {decisions.length > 0 ? (
        <StaffSection
          id="decision"
          title={editWaiting ? "Decision on the change" : "Decision"}
          size="lg"
          className="mt-8 max-w-2xl"
        >
          <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
            <ErrorSummary form={form} />
            <fieldset id={fields.decision.id}>
              <legend className="text-sm font-medium">
                {editWaiting ? "What should happen to the owner's change?" : "What should happen to the page?"}
              </legend>
              <div className="mt-2 space-y-2">
                {/* Never pre-selected: a decision is always chosen on purpose. */}
                {decisions.map((decision) => (
                  <label key={decision} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name={fields.decision.name}
                      value={decision}
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
              hint={
                editWaiting
                  ? "Required not to publish the change; e-mailed to the owner and kept in the history."
                  : "Required to ask for changes or reject; e-mailed to the owner and kept in the history."
              }
            />
            <button type="submit" className="btn-primary">
              Save the decision
            </button>
          </Form>
        </StaffSection>
      ) : null}

      {page.status === "approved" ? (
        <StaffSection id="take-down" title="Take the page down" size="lg" className="mt-8 max-w-2xl">
          <Form method="post" {...getFormProps(takeDown)} className="mt-3 space-y-4">
            <ErrorSummary form={takeDown} />
            <input type="hidden" name="decision" value="take-down" />
            <p>The page stops being public at once, and its owner is e-mailed your message.</p>
            <TextareaField
              meta={takeDownFields.message}
              label="Why (e-mailed to the owner)"
              rows={3}
              hint="Required; kept in the history."
            />
            <button type="submit" className="btn-warning">
              {pageDecisionLabels["take-down"]}
            </button>
          </Form>
        </StaffSection>
      ) : null}

      <StaffSection id="supporters" title="Gifts received" size="lg" className="mt-8 max-w-3xl">
        <ListOrEmpty items={supporters} empty="No gifts received yet." className="mt-2 space-y-3">
          {(s) => (
            <li key={s.pledgeId} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <p className="font-semibold">
                {s.name ?? "Anonymous"}
                {s.amountPence === null ? " (amount hidden)" : `: ${formatPence(s.amountPence)}`}
              </p>
              {s.message ? <p className="mt-1 whitespace-pre-line break-words">{s.message}</p> : null}
              {s.message && s.messageHidden ? <p className="mt-1 text-sm">Hidden: not shown on the page.</p> : null}
              {s.message && !s.messageHidden ? (
                <div className="mt-2 flex flex-wrap gap-2">
                  {tribute && !s.messageApproved ? (
                    <MessageButton pledgeId={s.pledgeId} intent="approve-message" label="Approve this message" />
                  ) : null}
                  <MessageButton pledgeId={s.pledgeId} intent="hide-message" label="Hide this message" />
                </div>
              ) : null}
            </li>
          )}
        </ListOrEmpty>
      </StaffSection>
      <AuditTrail events={history} />
    </>
  );
}

function PagePhoto({ image }: { image: NonNullable<ReturnType<typeof responsiveImage>> }) {
  return (
    <figure className="mt-4">
      <ResponsivePicture image={image} sizes="24rem" width={384} className="w-96 max-w-full rounded-lg" />
      <figcaption className="mt-1 text-sm">The photo, described as: “{image.alt}”</figcaption>
    </figure>
  );
}

function MessageButton({ pledgeId, intent, label }: { pledgeId: number; intent: string; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pledge" value={pledgeId} />
      <button type="submit" className="btn-secondary">
        {label}
      </button>
    </Form>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
