import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { ProjectGrid } from "~/components/project-card";
import { activeProjects } from "~/content/projects";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Recent Projects", description: `The projects ${site.name} is running now.` }, matches);

export default function RecentProjects() {
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Recent Projects</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        The projects we are running right now.
      </p>
      <ProjectGrid projects={activeProjects} />
    </>
  );
}
