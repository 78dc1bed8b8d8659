import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { BackLink } from "~/components/admin/back-link";
import { PublicationForm } from "~/components/admin/publication-form";
import { site } from "~/content/site";
import {
  findPublication,
  mayPublishContent,
  publicationForEditing,
  publicationHistory,
  publicationTypes,
  revisePublication,
} from "~/publishing/index.server";
import { ActionNotice } from "~/components/admin/notice";
import { EditingStanding } from "~/components/admin/site-page-history";
import { takeFlash } from "~/site/index.server";
import { publicationDownloadPath } from "~/publishing/utils/publication-paths";
import { publicationFormAction } from "~/routes/_glue/publication-form.server";
import { savedRedirect } from "~/routes/_glue/saved.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";
import { pageMeta } from "~/utils/meta";
import { requestLogger } from "~/infra/logger.server";

const NOT_FOUND = "There is no such publication: it may have been deleted.";

const SAVED_NOTICE = {
  draft: "content-draft-saved",
  submit: "content-submitted",
  publish: "publication-saved",
  schedule: "content-scheduled",
} as const;

export const meta: MetaFunction = () =>
  pageMeta({ title: "Edit publication", description: `A publication of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "publications");
  const publication = await findRecordOr404(params.id, findPublication, NOT_FOUND);
  const [types, history, editing] = await Promise.all([
    publicationTypes(),
    publicationHistory(publication.id),
    publicationForEditing(publication.id),
  ]);
  const words = editing!.fields;
  const flash = await takeFlash(request);
  return json(
    {
      flash: flash.message,
      mayPublish: await mayPublishContent(user),
      state: editing!.state,
      scheduledFor: editing!.scheduledFor,
      publication: {
        id: publication.id,
        title: publication.title,
        address: publicationDownloadPath(publication.slug),
        document: publication.document
          ? {
              name: publication.document.name,
              bytes: publication.document.bytes,
              url: adminPaths.publicationDocument(publication.id),
            }
          : null,
        values: {
          title: words.title,
          type_id: String(words.typeId),
          published_on: words.publishedOn,
          description: words.description,
          status: words.status,
        },
      },
      types: types.map((t) => ({ id: t.id, name: t.name })),
      history,
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireRecordId(params.id, NOT_FOUND);
  const outcome = await publicationFormAction(request, {
    isNew: false,
    save: (fields, upload, user, { intent, publishAt }) =>
      revisePublication(id, fields, upload, {
        actor: user,
        intent,
        publishAt,
        log: requestLogger(request, "routes/admin+/dashboard+/publications.$id", { user_id: user.id }),
      }),
  });
  if (outcome.response) return outcome.response;
  if (!outcome.saved) throw notFound(NOT_FOUND);
  return savedRedirect(adminPaths.publication(id), SAVED_NOTICE[outcome.intent]);
}

export default function EditPublication() {
  const { publication, types, history, flash, mayPublish, state, scheduledFor } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.publications}>Back to publications</BackLink>
      <h2 className="mt-4 text-2xl font-bold break-words">Edit: {publication.title}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Visitors download it from <span className="font-mono break-all">{publication.address}</span>, also after you
        replace the document.
      </p>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <EditingStanding state={state} scheduledFor={scheduledFor} />
      <PublicationForm
        lastResult={actionData?.result}
        fileDropped={actionData?.fileDropped}
        defaultValue={publication.values}
        types={types}
        current={publication.document ?? undefined}
        submitLabel="Save changes"
        editing={{ id: publication.id, mayPublish }}
      />
      <p className="mt-8">
        <Link to={adminPaths.deletePublication(publication.id)} className="link">
          Delete this publication
        </Link>
      </p>
      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
