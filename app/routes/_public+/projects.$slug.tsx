import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { StatusBadge } from "~/components/project-card";
import { getProject } from "~/content/projects";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export async function loader({ params }: LoaderFunctionArgs) {
  const project = getProject(params.slug ?? "");
  if (!project) throw notFound("Not Found");
  return json({ project });
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
  return (
    <article>
      <Link to="/projects" className="link">
        <span aria-hidden="true">← </span>Back to Projects
      </Link>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{project.title}</h1>
        <StatusBadge status={project.status} />
      </div>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{project.summary}</p>
      <section aria-labelledby="gallery-heading" className="mt-10">
        <h2 id="gallery-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
          Gallery
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {project.gallery.map((image, i) => (
            <li key={image.src}>
              <img
                src={image.src}
                alt={image.alt}
                width={image.width}
                height={image.height}
                loading={i < 3 ? undefined : "lazy"}
                className="h-auto w-full rounded-lg border border-slate-200 dark:border-slate-700"
              />
            </li>
          ))}
        </ul>
      </section>
      {project.status === "Active" ? (
        <p className="mt-10">
          <Link to="/donate" className="btn-donate">
            Support this project
          </Link>
        </p>
      ) : null}
    </article>
  );
}
