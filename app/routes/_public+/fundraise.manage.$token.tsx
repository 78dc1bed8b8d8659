import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageGiftList } from "~/components/page-gifts";
import { PagePhotoFields, PageTitleAndTarget } from "~/components/supporter-page-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, Honeypot, TextareaField } from "~/components/ui/form";
import { manageCopy, ownerStatusLabels } from "~/content/page-manage";
import {
  changeOwnPage,
  fundraisePath,
  json,
  ownerGiftList,
  ownerMayEdit,
  ownerVersion,
  pageHeaders,
  pageOfManageToken,
  responsiveImage,
  TOKEN_PAGE_HEADERS,
} from "~/routes/_glue/fundraise-manage-page.server";
import { browserValidation } from "~/schemas/field-rules";
import { pageEditRules, tributeEditRules } from "~/causes/schemas/fundraising-rules";
import { getFormProps, useForm, type SubmissionResult } from "~/utils/light-form";
import { pageMeta } from "~/utils/meta";
import { formatPence } from "~/utils/money";
import { formatLongDate } from "~/utils/date-format";

// The page the owner's e-mail links to: the signed link is the key (no account). It shows where
// the page stands (waiting for review, changes asked for with staff's message, public, rejected,
// taken down) and, once public, its address; until staff close it, the owner changes its title,
// story, target and photo here (docs/decisions/0030-appeal-figures-from-the-pledges.md). Never cached nor indexed (the address is
// a credential).

export async function loader({ params }: LoaderFunctionArgs) {
  const found = await pageOfManageToken(params.token ?? "");
  if (!found.ok) {
    return json({ ok: false as const, status: found.status }, { status: found.status, headers: TOKEN_PAGE_HEADERS });
  }
  const { page } = found;
  // The form holds what the owner last wrote: their waiting change of a live page, if any.
  const version = ownerVersion(page);
  const { totals, giftAidPence, gifts } = await ownerGiftList(page);
  return json(
    {
      ok: true as const,
      kind: page.kind,
      title: version.title,
      story: version.story,
      target: page.targetPence === null ? "" : String(page.targetPence / 100),
      status: page.status,
      editWaiting: page.pendingAt !== null,
      staffMessage: page.staffMessage,
      image: responsiveImage(version.imageUpload, version.imageWidths, version.imageAlt),
      imageAlt: version.imageAlt ?? "",
      editable: ownerMayEdit(page),
      publicPath: page.status === "approved" ? fundraisePath(page.slug) : null,
      totals,
      giftAidPence,
      gifts,
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export const action = ({ request, params }: ActionFunctionArgs) => changeOwnPage(request, params.token ?? "");

export const headers: HeadersFunction = (args) => pageHeaders(args, TOKEN_PAGE_HEADERS);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: manageCopy.heading, description: "Your fundraising page.", noindex: true }, matches);

const checks = { "share-my-day": browserValidation(pageEditRules), memoriam: browserValidation(tributeEditRules) };

type Page = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>;

function EditPage({ page }: { page: Page }) {
  const actionData = useActionData<{ saved?: string | null; fileNotKept?: boolean; result?: SubmissionResult }>();
  const tribute = page.kind === "memoriam";
  const [form, fields] = useForm({
    id: "edit-page",
    lastResult: actionData?.result,
    defaultValue: { title: page.title, story: page.story, target: page.target, image_alt: page.imageAlt },
    ...checks[page.kind],
  });
  return (
    <section aria-labelledby="edit-heading" className="mt-10">
      <h2 id="edit-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {manageCopy.editHeading}
      </h2>
      {actionData?.saved ? (
        <p role="status" className="mt-4 rounded-lg border-2 border-green-700 p-4">
          {actionData.saved === "live"
            ? manageCopy.savedLive
            : actionData.saved === "edit-waiting"
              ? manageCopy.savedEditWaiting
              : manageCopy.savedReview}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {manageCopy.editLead} {page.status === "approved" ? manageCopy.liveWarning : manageCopy.reviewNote}
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-5">
        <ErrorSummary form={form} />
        <Honeypot />
        <PageTitleAndTarget title={fields.title} target={fields.target} tribute={tribute} />
        <TextareaField meta={fields.story} label={tribute ? "Their story" : "Your story"} rows={8} />
        {page.image ? (
          <figure>
            <img
              src={page.image.src}
              srcSet={page.image.srcSet}
              sizes="20rem"
              alt={page.image.alt}
              width={320}
              height={180}
              className="aspect-video w-80 max-w-full rounded-lg object-cover"
            />
            <figcaption className="mt-1 text-sm text-slate-700 dark:text-slate-300">
              {manageCopy.currentPhoto}
            </figcaption>
          </figure>
        ) : null}
        <PagePhotoFields
          image={fields.image}
          imageAlt={fields.image_alt}
          hint={page.image ? manageCopy.replaceHint : undefined}
          tribute={tribute}
          fileNotKept={Boolean(actionData?.fileNotKept)}
        />
        {page.image ? <CheckboxField meta={fields.remove_image} label={manageCopy.removePhoto} /> : null}
        <button type="submit" className="btn-primary">
          {manageCopy.save}
        </button>
      </Form>
    </section>
  );
}

/** The gifts and messages through the page, for the owner to thank people. */
function GiftsReceived({ data }: { data: Page }) {
  return (
    <section aria-labelledby="gifts-heading" className="mt-10">
      <h2 id="gifts-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {manageCopy.giftsHeading}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {manageCopy.raised(formatPence(data.totals.givenPence), data.totals.donors)}
        {data.giftAidPence > 0 ? ` ${manageCopy.plusGiftAid(formatPence(data.giftAidPence))}` : ""}
      </p>
      <PageGiftList
        gifts={data.gifts}
        empty={manageCopy.noGifts}
        anonymous={manageCopy.anonymous}
        amountHidden={` ${manageCopy.amountHidden}`}
        detail={(gift) => (
          <span className="font-normal text-slate-700 dark:text-slate-300">, {formatLongDate(gift.on)}</span>
        )}
        note={(gift) =>
          gift.messageState === "waiting" ? (
            <span className="mt-1 block text-sm">{manageCopy.messageWaiting}</span>
          ) : null
        }
      />
    </section>
  );
}

export default function ManageFundraisingPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{manageCopy.heading}</h1>
      {!data.ok ? (
        <p className="mt-4">{data.status === 410 ? manageCopy.expired : manageCopy.invalid}</p>
      ) : (
        <>
          <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Page</dt>
            <dd className="break-words">{data.title}</dd>
            <dt className="font-semibold">Target</dt>
            <dd>{data.target ? `£${data.target}` : manageCopy.noTarget}</dd>
            <dt className="font-semibold">State</dt>
            <dd>
              {ownerStatusLabels[data.status]}
              {data.editWaiting ? `. ${manageCopy.editWaiting}` : ""}
            </dd>
            {data.staffMessage ? (
              <>
                <dt className="font-semibold">Our team's message</dt>
                <dd className="whitespace-pre-line">{data.staffMessage}</dd>
              </>
            ) : null}
            {data.publicPath ? (
              <>
                <dt className="font-semibold">Its address</dt>
                <dd>
                  <Link to={data.publicPath} className="link">
                    {data.publicPath}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
          <GiftsReceived data={data} />
          {data.editable ? <EditPage page={data} /> : <p className="mt-8">{manageCopy.closed}</p>}
        </>
      )}
    </div>
  );
}
