import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffPageTitle } from "~/components/admin/page-title";
import { RevisionComparison } from "~/components/admin/site-page-history";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { PageRefusal, compareWithLive, mayPublishPage } from "~/publishing/index.server";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { restorePageAction } from "~/routes/_glue/content-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { notFound } from "~/utils/http";
import { parseRecordId } from "~/utils/record-id";
import { pageMeta } from "~/utils/meta";

// One revision compared with the live words, line by line (docs/site-editor.md), and restored.

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `Compare: ${data?.label ?? "page"}`, description: `A page of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "pages");
  const def = sitePageDef(params.key);
  const id = parseRecordId(params.revision);
  if (!def || id === null) throw notFound("There is no such version.");
  try {
    const { revision, diff, same } = await compareWithLive(def.key, id);
    return json({ key: def.key, label: def.label, revision, diff, same, mayPublish: await mayPublishPage(user, def) });
  } catch (error) {
    if (error instanceof PageRefusal) throw notFound(error.message);
    throw error;
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return restorePageAction(request, params.key);
}

export default function CompareRevision() {
  const { key, label, revision, diff, same, mayPublish } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.sitePageHistory(key)}>Back to the history of {label}</BackLink>
      <StaffPageTitle title={`Version ${revision.number} compared with the live page`} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <RevisionComparison revision={revision} diff={diff} same={same} mayPublish={mayPublish} live="the live page" />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
