import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PagePhotoFields } from "~/components/page-photo-fields";
import { ErrorSummary } from "~/components/ui/error-summary";
import { CheckboxField, Honeypot, TextareaField, TextField } from "~/components/ui/form";
import { manageCopy, ownerStatusLabels } from "~/content/page-manage";
import {
  changeOwnPage,
  fundraisePath,
  json,
  ownerMayEdit,
  pageHeaders,
  pageOfManageToken,
  responsiveImage,
  TOKEN_PAGE_HEADERS,
} from "~/routes/_glue/fundraise-manage-page.server";
import { browserValidation } from "~/schemas/field-rules";
import { pageEditRules } from "~/causes/schemas/fundraising-rules";
import { getFormProps, useForm, type SubmissionResult } from "~/utils/light-form";
import { pageMeta } from "~/utils/meta";

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
  return json(
    {
      ok: true as const,
      title: page.title,
      story: page.story,
      target: String(page.targetPence / 100),
      status: page.status,
      staffMessage: page.staffMessage,
      image: responsiveImage(page.imageUpload, page.imageWidths, page.imageAlt),
      imageAlt: page.imageAlt ?? "",
      editable: ownerMayEdit(page),
      publicPath: page.status === "approved" ? fundraisePath(page.slug) : null,
    },
    { headers: TOKEN_PAGE_HEADERS },
  );
}

export const action = ({ request, params }: ActionFunctionArgs) => changeOwnPage(request, params.token ?? "");

export const headers: HeadersFunction = (args) => pageHeaders(args, TOKEN_PAGE_HEADERS);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: manageCopy.heading, description: "Your fundraising page.", noindex: true }, matches);

const checks = browserValidation(pageEditRules);

type Page = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { ok: true }>;

function EditPage({ page }: { page: Page }) {
  const actionData = useActionData<{ saved?: string | null; result?: SubmissionResult }>();
  const [form, fields] = useForm({
    id: "edit-page",
    lastResult: actionData?.result,
    defaultValue: { title: page.title, story: page.story, target: page.target, image_alt: page.imageAlt },
    ...checks,
  });
  return (
    <section aria-labelledby="edit-heading" className="mt-10">
      <h2 id="edit-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
        {manageCopy.editHeading}
      </h2>
      {actionData?.saved ? (
        <p role="status" className="mt-4 rounded-lg border-2 border-green-700 p-4">
          {actionData.saved === "approved" ? manageCopy.savedLive : manageCopy.savedReview}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {manageCopy.editLead} {page.status === "approved" ? manageCopy.liveWarning : manageCopy.reviewNote}
      </p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-5">
        <ErrorSummary form={form} />
        <Honeypot />
        <TextField meta={fields.title} label="Page title" autoComplete="off" />
        <TextField meta={fields.target} label="Target (£)" inputMode="decimal" autoComplete="off" />
        <TextareaField meta={fields.story} label="Your story" rows={8} />
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
        />
        {page.image ? <CheckboxField meta={fields.remove_image} label={manageCopy.removePhoto} /> : null}
        <button type="submit" className="btn-primary">
          {manageCopy.save}
        </button>
      </Form>
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
            <dd>£{data.target}</dd>
            <dt className="font-semibold">State</dt>
            <dd>{ownerStatusLabels[data.status]}</dd>
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
          {data.editable ? <EditPage page={data} /> : <p className="mt-8">{manageCopy.closed}</p>}
        </>
      )}
    </div>
  );
}
