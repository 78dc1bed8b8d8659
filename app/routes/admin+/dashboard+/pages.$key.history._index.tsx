import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { mayPublishPage, pageHistory } from "~/publishing/index.server";
import { RestoreButtons, revisionKindWords, revisionStanding } from "~/components/admin/site-page-history";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { restorePageAction } from "~/routes/_glue/site-page-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
import { notFound } from "~/utils/http";
import { pageMeta } from "~/utils/meta";

// A page's history (docs/site-editor.md): every save, newest first, with who and when; each earlier
// revision can be compared with the live words and restored, as a new draft or published at once.

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({ title: `History: ${data?.label ?? "page"}`, description: `A page of ${site.name}.`, noindex: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "pages");
  const def = sitePageDef(params.key);
  if (!def) throw notFound("There is no such page.");
  const flash = await takeFlash(request);
  const { revisions } = await pageHistory(def.key);
  return json(
    { key: def.key, label: def.label, revisions, mayPublish: await mayPublishPage(user, def), flash: flash.message },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  return restorePageAction(request, params.key);
}

export default function PageHistory() {
  const { key, label, revisions, mayPublish, flash } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.sitePage(key)}>Back to editing {label}</BackLink>
      <StaffPageTitle title={`History: ${label}`} />
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        Every save is kept. Restoring an earlier version adds it again as a new version:{" "}
        <strong>Restore and publish</strong> makes its words public at once; <strong>Restore as a draft</strong> keeps
        them for staff until someone publishes. Nothing is deleted either way.
      </p>
      <StaffTable
        className="mt-6"
        caption="Versions"
        stacked
        columns={["Version", "Saved", "Standing", "Compare and restore"]}
        empty="This page has not been edited yet: it shows its original words."
      >
        {revisions.map((revision) => (
          <tr key={revision.id} className={listRow}>
            <td className={listCell} data-label="Version">
              {revision.id}. {revisionKindWords[revision.kind]}
              {revision.note ? (
                <span className="block text-sm text-slate-600 dark:text-slate-400">{revision.note}</span>
              ) : null}
            </td>
            <td className={listCell} data-label="Saved">
              {formatDateTime(revision.createdAt)} by{" "}
              {revision.createdBy === "site" ? "the site (seed)" : revision.createdBy}
            </td>
            <td className={listCell} data-label="Standing">
              {revisionStanding(revision)}
            </td>
            <td className={listCell} data-label="Compare and restore">
              {revision.live ? (
                "The words visitors see"
              ) : (
                <div className="space-y-2">
                  <Link to={adminPaths.sitePageCompare(key, revision.id)} className="link">
                    Compare with live<span className="sr-only"> (version {revision.id})</span>
                  </Link>
                  <RestoreButtons revision={revision} mayPublish={mayPublish} />
                </div>
              )}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
