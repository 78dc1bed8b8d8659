import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ProjectPageView } from "~/components/project-page";
import { site } from "~/content/site";
import { publicProject } from "~/publishing/index.server";
import { movedOrMissing } from "~/routes/_glue/moved-or-missing.server";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => {
    const project = await publicProject(args.params.slug ?? "");
    // A renamed project's old address answers 301 with the new one.
    if (!project) return movedOrMissing(args.request);
    return json({ project });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta(
        {
          title: data.project.title,
          description: `${data.project.summary} A project supported by ${site.name}.`,
        },
        matches,
      )
    : pageMeta({ title: "Project not found", description: "There is no project at this address." }, matches);

export default function ProjectDetail() {
  const { project } = useLoaderData<typeof loader>();
  return <ProjectPageView project={project} />;
}
