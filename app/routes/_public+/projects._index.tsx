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

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => json({ projects: await publicProjects() }));
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Our Projects",
      description: `Primary care, education, public health, food and flood relief and more: every project ${site.name} supports.`,
    },
    matches,
  );

export default function AllProjects() {
  const { projects } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Our Projects</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">
        Every project is run with local partners. Active projects need your support today; the others are planned or
        already completed.
      </p>
      <ProjectGrid projects={projects} />
    </>
  );
}
