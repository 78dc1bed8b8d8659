import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActionNotice } from "~/components/admin/notice";
import { StaffPageTitle } from "~/components/admin/page-title";
import { StaffTable, listCell, listRow } from "~/components/admin/table";
import { site } from "~/content/site";
import { projectPath, staffProjectList } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";
import { takeFlash } from "~/site/index.server";
import { adminPaths } from "~/utils/admin-paths";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta({ title: "Projects", description: `The projects of ${site.name}.`, noindex: true });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireRole(request, "projects");
  const flash = await takeFlash(request);
  const projects = await staffProjectList();
  return json(
    {
      flash: flash.message,
      projects: projects.map((p) => ({
        id: p.id,
        title: p.title,
        path: projectPath(p.slug),
        status: p.status,
        published: p.state === "published",
        links: [p.inMenu ? "menu" : null, p.inFooter ? "footer" : null].filter(Boolean).join(", ") || "none",
        pictures: p.gallery.length,
      })),
    },
    { headers: flash.headers },
  );
}

export default function Projects() {
  const { projects, flash } = useLoaderData<typeof loader>();
  return (
    <>
      <StaffPageTitle title="Projects">
        <Link to={adminPaths.newProject} className="btn-primary">
          New project
        </Link>
      </StaffPageTitle>
      <ActionNotice notice={flash ? { ok: true, message: flash } : null} />
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        The projects on the public site (All Projects; Recent Projects shows the Active ones), in this order. A draft is
        not public until it is published. Changing a project&rsquo;s address keeps the old one working: see{" "}
        <Link to={adminPaths.redirects} className="link">
          Redirects
        </Link>
        .
      </p>
      <StaffTable
        className="mt-6"
        caption="Projects"
        stacked
        columns={["Project", "Status", "State", "Linked from", { label: "Gallery", key: "gallery", align: "right" }]}
        empty="No projects yet."
      >
        {projects.map((project) => (
          <tr key={project.id} className={listRow}>
            <td className={listCell} data-label="Project">
              <Link to={adminPaths.project(project.id)} className="link">
                {project.title}
              </Link>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{project.path}</span>
            </td>
            <td className={listCell} data-label="Status">
              {project.status}
            </td>
            <td className={listCell} data-label="State">
              {project.published ? "Published" : "Draft"}
            </td>
            <td className={listCell} data-label="Linked from">
              {project.links}
            </td>
            <td className={`${listCell} text-right`} data-label="Gallery">
              {project.pictures === 1 ? "1 picture" : `${project.pictures} pictures`}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "~/components/admin/error-boundary";
