import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentHistoryPage } from "~/components/admin/site-page-history";
import { contentHistoryLoader } from "~/routes/_glue/content-history.server";
import { contentRestoreAction } from "~/routes/_glue/content-restore.server";
import { pageMeta } from "~/utils/meta";

// A project's history (docs/site-editor.md): every save, newest first, with who and when; each
// earlier version compared with the live words and restored, as a new draft or published.

export const meta: MetaFunction = () =>
  pageMeta({ title: "History of a project", description: "Staff only.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => contentHistoryLoader("projects", args);
export const action = (args: ActionFunctionArgs) => contentRestoreAction(args.request, "projects", args.params);

export default function ProjectHistory() {
  return <ContentHistoryPage data={useLoaderData<typeof loader>()} error={useActionData<typeof action>()?.error} />;
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
