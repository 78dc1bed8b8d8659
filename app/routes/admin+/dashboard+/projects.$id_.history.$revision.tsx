import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ContentComparePage } from "~/components/admin/site-page-history";
import { contentCompareLoader } from "~/routes/_glue/content-history.server";
import { contentRestoreAction } from "~/routes/_glue/content-restore.server";
import { pageMeta } from "~/utils/meta";

// One version of a project compared with its live words, line by line, and restored.

export const meta: MetaFunction = () =>
  pageMeta({ title: "A project's version compared", description: "Staff only.", noindex: true });

export const loader = (args: LoaderFunctionArgs) => contentCompareLoader("projects", args);
export const action = (args: ActionFunctionArgs) => contentRestoreAction(args.request, "projects", args.params);

export default function ProjectVersion() {
  return <ContentComparePage data={useLoaderData<typeof loader>()} error={useActionData<typeof action>()?.error} />;
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
