import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { StaffPageTitle } from "~/components/admin/page-title";
import { RestoreButtons, revisionKindWords, revisionStanding } from "~/components/admin/site-page-history";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { PageRefusal, compareWithLive, mayPublishPage } from "~/publishing/index.server";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { restorePageAction } from "~/routes/_glue/site-page-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { formatDateTime } from "~/utils/dates";
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

const lineLook = {
  same: "text-slate-700 dark:text-slate-300",
  removed: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
  added: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100",
} as const;

const lineMark = { same: " ", removed: "−", added: "+" } as const;
const lineWords = { same: "", removed: "Only in the live page: ", added: "Only in this version: " } as const;

export default function CompareRevision() {
  const { key, label, revision, diff, same, mayPublish } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.sitePageHistory(key)}>Back to the history of {label}</BackLink>
      <StaffPageTitle title={`Version ${revision.id} compared with the live page`} />
      {actionData?.error ? <FormError errors={[actionData.error]} /> : null}
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {revisionKindWords[revision.kind]}, saved {formatDateTime(revision.createdAt)} by {revision.createdBy}.{" "}
        {revisionStanding(revision)}.
      </p>
      {same ? (
        <p className="mt-4 font-medium">This version has the same words as the live page.</p>
      ) : (
        <>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            Lines marked − are in the live page and not in this version; lines marked + are in this version only.
          </p>
          <pre className="mt-3 overflow-x-auto rounded-lg border border-slate-200 p-3 text-sm whitespace-pre-wrap dark:border-slate-700">
            {diff.map((line, i) => (
              <span key={i} className={`block ${lineLook[line.op]}`}>
                <span aria-hidden="true">{lineMark[line.op]} </span>
                <span className="sr-only">{lineWords[line.op]}</span>
                {line.text || " "}
              </span>
            ))}
          </pre>
        </>
      )}
      <section aria-labelledby="restore-heading" className="mt-8">
        <h3 id="restore-heading" className="text-xl font-semibold">
          Restore this version
        </h3>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          The restore is a new version with these words. <strong>Restore and publish</strong> shows them to visitors at
          once; <strong>Restore as a draft</strong> keeps them for staff to check and publish later.
        </p>
        <div className="mt-4">
          <RestoreButtons revision={revision} mayPublish={mayPublish} />
        </div>
      </section>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
