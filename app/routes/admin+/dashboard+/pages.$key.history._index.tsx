import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { FormError } from "~/components/ui/form";
import { site } from "~/content/site";
import { mayPublishPage, pageHistory } from "~/publishing/index.server";
import { HistoryIntro, RevisionHistoryTable } from "~/components/admin/site-page-history";
import { sitePageDef } from "~/publishing/schemas/site-pages";
import { restorePageAction } from "~/routes/_glue/content-restore.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
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
      <HistoryIntro />
      <RevisionHistoryTable
        revisions={revisions}
        comparePath={(revision) => adminPaths.sitePageCompare(key, revision)}
        mayPublish={mayPublish}
        empty="This page has not been edited yet: it shows its original words."
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
