import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ProjectPageView } from "~/components/project-page";
import { ProjectsFrame } from "~/components/projects-frame";
import { previewProject } from "~/publishing/index.server";
import { PREVIEW_HEADERS, staffPreview } from "~/routes/_glue/content-preview.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

// The staff-only preview of a project's newest words (docs/site-editor.md): its page exactly as
// visitors will see it once published, in the public frame, at its own address. A visitor (not
// signed in, or without the Projects section) gets a 404. Never cached.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { project, state } = await staffPreview(request, "projects", params.id, previewProject);
  return json({ id: Number(params.id), project, state }, { headers: PREVIEW_HEADERS });
}

export const headers: HeadersFunction = () => PREVIEW_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    {
      title: `Preview: ${data?.project.title ?? "project"}`,
      description: "A draft's preview, for staff only.",
      noindex: true,
    },
    matches,
  );

const stateWords: Record<string, string> = {
  draft: "the draft",
  submitted: "the draft submitted for review",
  scheduled: "the scheduled version",
  published: "the published project (no draft)",
  original: "the published project (no draft)",
};

export default function ProjectPreview() {
  const { id, project, state } = useLoaderData<typeof loader>();
  return (
    <>
      <div
        role="status"
        className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="container-page py-2 text-sm">
          Preview of {stateWords[state] ?? "the draft"} of {project.title}: only staff see this address.{" "}
          <Link to={adminPaths.project(id)} className="font-semibold underline">
            Back to editing
          </Link>
        </p>
      </div>
      <ProjectsFrame>
        <ProjectPageView project={project} />
      </ProjectsFrame>
    </>
  );
}
