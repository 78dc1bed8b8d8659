import { Link } from "@remix-run/react";
import type { Project, ProjectPicture, ProjectStatus } from "~/publishing/schemas/projects";

/** Active projects get a green badge; every other status (Planned, Completed) a blue one. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const colours =
    status === "Active"
      ? "bg-green-100 text-green-900 ring-green-700/30 dark:bg-green-950 dark:text-green-200 dark:ring-green-400/40"
      : "bg-blue-100 text-blue-900 ring-blue-700/30 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-400/40";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${colours}`}
    >
      <span className="sr-only">Status: </span>
      {status}
    </span>
  );
}

/**
 * A project picture: one of the site's own files, or an upload (WebP where the browser takes it,
 * JPEG otherwise, at the width it needs). A picture marked decorative has an empty alt.
 */
export function ProjectPictureImg({
  picture,
  lazy,
  sizes,
  className,
}: {
  picture: ProjectPicture;
  lazy: boolean;
  sizes: string;
  className: string;
}) {
  const img = (
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={picture.srcSet ? sizes : undefined}
      alt={picture.alt}
      width={picture.width}
      height={picture.height}
      loading={lazy ? "lazy" : undefined}
      className={className}
    />
  );
  if (!picture.webpSrcSet) return img;
  return (
    <picture>
      <source type="image/webp" srcSet={picture.webpSrcSet} sizes={sizes} />
      {img}
    </picture>
  );
}

export function ProjectCard({ project, lazy = true }: { project: Project; lazy?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      {project.image ? (
        <ProjectPictureImg
          picture={project.image}
          lazy={lazy}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[8/5] h-auto w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{project.title}</h2>
          <StatusBadge status={project.status} />
        </div>
        <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{project.summary}</p>
        <Link to={`/projects/${project.slug}`} className="link mt-4 self-start">
          Learn More<span className="sr-only"> about {project.title}</span> <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}

export function ProjectGrid({ projects }: { projects: Project[] }) {
  return (
    <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((project, i) => (
        <li key={project.slug} className="flex [&>article]:w-full">
          <ProjectCard project={project} lazy={i >= 3} />
        </li>
      ))}
    </ul>
  );
}
