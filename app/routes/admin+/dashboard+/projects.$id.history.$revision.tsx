import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffPageTitle } from "~/components/admin/page-title";
import { RevisionComparison } from "~/components/admin/site-page-history";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { compareProjectRevision, mayPublishContent, restoreProjectRevision } from "~/publishing/index.server";
import { restoreContentAction } from "~/routes/_glue/content-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";
import { parseRecordId, requireRecordId } from "~/utils/record-id";

// One version of a project compared with its live words, line by line, and restored.

export const meta: MetaFunction = () =>
  pageMeta({ title: "Compare a project's version", description: `A project of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "projects");
  const id = requireRecordId(params.id, "No such project");
  const revisionId = parseRecordId(params.revision);
  const compared = revisionId === null ? undefined : await compareProjectRevision(id, revisionId);
  if (!compared) throw notFound("There is no such version.");
  return json({ id, ...compared, mayPublish: await mayPublishContent(user) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const id = requireRecordId(params.id, "No such project");
  return restoreContentAction(
    request,
    "projects",
    (revision, publish, user) => restoreProjectRevision(id, revision, publish, user),
    adminPaths.projectHistory(id),
  );
}

export default function CompareProjectVersion() {
  const { id, revision, diff, same, mayPublish } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.projectHistory(id)}>Back to the project&rsquo;s history</BackLink>
      <StaffPageTitle title={`Version ${revision.id} compared with the live project`} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <RevisionComparison revision={revision} diff={diff} same={same} mayPublish={mayPublish} live="the live project" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
