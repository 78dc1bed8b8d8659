import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { SitePageForm, pageStateWords } from "~/components/admin/site-page-form";
import { site } from "~/content/site";
import { sitePageDef, sitePageFormSchema, type PageDocument } from "~/publishing/schemas/site-pages";
import { PageRefusal, mayPublishPage, pageForEditing, savePage } from "~/publishing/index.server";
import { staffAction } from "~/routes/_glue/action-guard.server";
import { storePagePhotos } from "~/routes/_glue/site-page-photos.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { PHOTO_FORM_LIMITS } from "~/schemas/photo-fields";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime, fromLondonLocal } from "~/utils/dates";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";

// One page's edit form (docs/site-editor.md): Save draft, Submit for review (an editor who may not
// publish), Publish, Publish at a UK time. Publishing runs the content checks first; what fails
// comes back in the error summary with the words kept.

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `Edit ${data?.label ?? "page"}`, description: `A page of ${site.name}.`, noindex: true });

function publishNoteFor(role: string, legal: boolean, mayPublish: boolean): string | null {
  if (mayPublish) return null;
  if (legal) return "Only an admin publishes this legal page: save a draft or submit it for review.";
  if (role === "editor")
    return "An admin publishes pages (or lets editors publish, in Settings). Submit it for review when it is ready.";
  return "Your role does not publish pages.";
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "pages");
  const def = sitePageDef(params.key);
  if (!def) throw notFound("There is no such page.");
  const flash = await takeFlash(request);
  const editing = await pageForEditing(def.key);
  const mayPublish = await mayPublishPage(user, def);
  return json(
    {
      key: def.key,
      label: def.label,
      path: def.path,
      document: editing.document,
      state: editing.state,
      scheduledFor: editing.scheduledFor,
      mayPublish,
      publishNote: publishNoteFor(user.role, Boolean(def.legal), mayPublish),
      flash: flash.message,
    },
    { headers: flash.headers },
  );
}

const NOTICE = {
  draft: "page-draft-saved",
  submit: "page-submitted",
  publish: "page-published",
  schedule: "page-scheduled",
} as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const def = sitePageDef(params.key);
  if (!def) {
    // The door first (role and origin), as every action: a cross-site post is refused before a 404.
    await staffAction(request, "pages", { body: false });
    throw notFound("There is no such page.");
  }
  const { user, form } = await staffAction(request, "pages", { limits: PHOTO_FORM_LIMITS });
  // A new picture (a hero slide's, a person's photo) goes through the image pipeline first; its address fills its field.
  const photoProblems = await storePagePhotos(form, def);
  const submission = parseWithZod(form, { schema: sitePageFormSchema(def) });
  if (submission.status === "success" && Object.keys(photoProblems).length > 0) {
    return json({ result: submission.reply({ fieldErrors: photoProblems }), problems: [] }, { status: 400 });
  }
  if (submission.status !== "success") {
    return json({ result: submission.reply(), problems: [] }, { status: 400 });
  }
  const { fields, lists, intent, publish_at } = submission.value;
  let publishAt: string | null = null;
  if (intent === "schedule") {
    publishAt = publish_at ? fromLondonLocal(publish_at) : null;
    if (!publishAt) {
      const message = "Enter the day and time to publish at (UK time), e.g. 06/10/2030 09:00";
      return json(
        { result: submission.reply({ fieldErrors: { publish_at: [message] } }), problems: [] },
        { status: 400 },
      );
    }
  }
  const document = { fields, lists } as PageDocument;
  try {
    const saved = await savePage(def.key, { document, intent, publishAt }, user);
    if (!saved.ok) {
      // Each field's messages at the field; the summary lists them all (its first per field is Conform's).
      const fieldErrors: Record<string, string[]> = {};
      for (const problem of saved.problems) (fieldErrors[problem.field] ??= []).push(problem.message);
      const rest = saved.problems.filter((problem, i, all) => all.findIndex((p) => p.field === problem.field) !== i);
      return json(
        {
          result: submission.reply({
            fieldErrors,
            formErrors: [
              "The page was not published: fix what is listed below, then publish again. Nothing was saved.",
            ],
          }),
          problems: rest.map(({ field, message }) => ({ field, message })),
        },
        { status: 400 },
      );
    }
  } catch (error) {
    if (!(error instanceof PageRefusal)) throw error;
    if (error.status === 409) {
      return json(
        { result: submission.reply({ fieldErrors: { publish_at: [error.message] } }), problems: [] },
        { status: 400 },
      );
    }
    return json({ result: submission.reply({ formErrors: [error.message] }), problems: [] }, { status: error.status });
  }
  return savedRedirect(adminPaths.sitePage(def.key), NOTICE[intent]);
}

export default function EditSitePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const def = sitePageDef(data.key)!;
  return (
    <>
      <BackLink to={adminPaths.sitePages}>All pages</BackLink>
      <StaffPageTitle title={`Edit: ${data.label}`} />
      <ActionNotice notice={data.flash ? { ok: true, message: data.flash } : null} />
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {pageStateWords[data.state]}
        {data.scheduledFor ? `: publishes ${formatDateTime(data.scheduledFor)} (UK time)` : ""}. Visitors see it at{" "}
        <Link to={data.path} className="link">
          {data.path}
        </Link>
        .
      </p>
      <SitePageForm
        key={`${data.state}:${JSON.stringify(data.document).length}`}
        def={def}
        document={data.document}
        lastResult={actionData?.result}
        problems={actionData?.problems}
        mayPublish={data.mayPublish}
        publishNote={data.publishNote}
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
