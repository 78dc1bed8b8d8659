import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { HistoryIntro, RevisionHistoryTable } from "~/components/admin/site-page-history";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import {
  mayPublishContent,
  findPublication,
  publicationVersions,
  restorePublicationRevision,
} from "~/publishing/index.server";
import { restoreContentAction } from "~/routes/_glue/content-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";

// A publication's history (docs/site-editor.md): every save, newest first, with who and when; each
// earlier version can be compared with the live words and restored, as a new draft or published.

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: `History: ${data?.title ?? "publication"}`,
    description: `A publication of ${site.name}.`,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "publications");
  const publication = await findRecordOr404(params.id, findPublication, "No such publication");
  const flash = await takeFlash(request);
  return json(
    {
      id: publication.id,
      title: publication.title,
      revisions: await publicationVersions(publication.id),
      mayPublish: await mayPublishContent(user),
      flash: flash.message,
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireRecordId(params.id, "No such publication");
  return restoreContentAction(
    request,
    "publications",
    (revision, publish, user) => restorePublicationRevision(id, revision, publish, user),
    adminPaths.publicationHistory(id),
  );
}

export default function PublicationHistory() {
  const { id, title, revisions, mayPublish, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.publication(id)}>Back to editing {title}</BackLink>
      <StaffPageTitle title={`History: ${title}`} />
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <HistoryIntro />
      <RevisionHistoryTable
        revisions={revisions}
        comparePath={(revision) => adminPaths.publicationCompare(id, revision)}
        mayPublish={mayPublish}
        empty="This publication has not been edited yet."
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
