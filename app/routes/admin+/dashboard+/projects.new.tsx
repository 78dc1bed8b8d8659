import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { mayPublishContent } from "~/publishing/index.server";
import { newPictureRows } from "~/publishing/schemas/projects";
import { BackLink } from "~/components/admin/back-link";
import { ProjectForm } from "~/components/admin/project-form";
import { site } from "~/content/site";
import { projectFormAction } from "~/routes/_glue/project-form.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "New project", description: `A new project of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, "projects");
  return json({ mayPublish: await mayPublishContent(user), newRows: newPictureRows(request.url) });
}

export async function action({ request }: ActionFunctionArgs) {
  return projectFormAction(request);
}

export default function NewProject() {
  const actionData = useActionData<typeof action>();
  const { mayPublish, newRows } = useLoaderData<typeof loader>();
  return (
    <>
      <BackLink to={adminPaths.projects}>Back to projects</BackLink>
      <h2 className="mt-4 text-2xl font-bold">New project</h2>
      <ProjectForm
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        problems={actionData && "problems" in actionData ? actionData.problems : undefined}
        published={false}
        mayPublish={mayPublish}
        newRows={newRows}
      />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
