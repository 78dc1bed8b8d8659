import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/audit-trail";
import { BackLink } from "~/components/admin/back-link";
import { ActionNotice } from "~/components/admin/notice";
import { EditingStanding } from "~/components/admin/site-page-history";
import { LinkWarning, type LinkWarningStep } from "~/components/admin/link-warning";
import { ProjectForm } from "~/components/admin/project-form";
import { site } from "~/content/site";
import { mayPublishContent, projectForEdit, projectPath } from "~/publishing/index.server";
import { PROJECT_FORM_ID, newPictureRows } from "~/publishing/schemas/projects";
import { projectFormAction } from "~/routes/_glue/project-form.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";
import { findRecordOr404, requireRecordId } from "~/utils/record-id";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta({
    title: data ? `Project: ${data.project.title}` : "Project",
    description: `A project of ${site.name}.`,
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, "projects");
  const { project, editing, state, scheduledFor, history, card, pictures } = await findRecordOr404(
    params.id,
    projectForEdit,
    "No such project",
  );
  const flash = await takeFlash(request);
  const words = editing.fields;
  return json(
    {
      flash: flash.message,
      mayPublish: await mayPublishContent(user),
      newRows: newPictureRows(request.url),
      project: {
        id: project.id,
        title: words.title,
        path: projectPath(project.slug),
        published: project.state === "published",
        state,
        scheduledFor,
        card,
        pictures,
        values: {
          title: words.title,
          slug: words.slug,
          summary: words.summary,
          status: words.status,
          body: words.body,
          in_menu: words.inMenu,
          in_footer: words.inFooter,
          card_alt: words.card?.alt ?? "",
          card_decorative: words.card?.decorative ?? false,
          gallery: editing.gallery.map((picture, i) => ({
            id: i + 1,
            alt: picture.alt,
            decorative: picture.decorative,
            position: i + 1,
          })),
        },
      },
      history: history.map(({ id, action, detail, actor, createdAt }) => ({ id, action, detail, actor, createdAt })),
    },
    { headers: flash.headers },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  return projectFormAction(request, requireRecordId(params.id, "No such project"));
}

export default function EditProject() {
  const { project, history, flash, mayPublish, newRows } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <BackLink to={adminPaths.projects}>Back to projects</BackLink>
      <h2 className="mt-4 text-2xl font-bold">{project.title}</h2>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2">
        {project.published ? (
          <>
            Published:{" "}
            <a href={project.path} className="link">
              {project.path}
            </a>
          </>
        ) : (
          <>Draft: not on the public site. Its address will be {project.path}.</>
        )}
      </p>
      <EditingStanding state={project.state} scheduledFor={project.scheduledFor} />
      {actionData && "linkWarning" in actionData ? (
        <LinkWarning {...(actionData as unknown as LinkWarningStep)} formId={PROJECT_FORM_ID} />
      ) : null}
      <ProjectForm
        key={project.id}
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        problems={actionData && "problems" in actionData ? actionData.problems : undefined}
        defaultValue={project.values}
        published={project.published}
        card={project.card}
        pictures={project.pictures}
        mayPublish={mayPublish}
        newRows={newRows}
        projectId={project.id}
      />
      <AuditTrail events={history} />
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
