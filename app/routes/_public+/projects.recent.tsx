import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProjectGrid } from "~/components/project-card";
import { site } from "~/content/site";
import { publicProjects } from "~/publishing/index.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

/** Recent Projects lists only the projects still running (Active), as the specification says. */
export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ projects: await publicProjects({ status: "Active" }) }));
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({ title: "Recent Projects", description: `The projects ${site.name} is running now.` }, matches);

export default function RecentProjects() {
  const { projects } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Recent Projects</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        The projects we are running right now.
      </p>
      <ProjectGrid projects={projects} />
    </>
  );
}
