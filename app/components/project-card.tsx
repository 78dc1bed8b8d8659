import { Link } from "@remix-run/react";
import { PROJECT_IMAGE_SIZE, type Project, type ProjectStatus } from "~/content/projects";

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

export function ProjectCard({ project, lazy = true }: { project: Project; lazy?: boolean }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <img
        src={project.image}
        alt={project.imageAlt}
        width={PROJECT_IMAGE_SIZE.width}
        height={PROJECT_IMAGE_SIZE.height}
        loading={lazy ? "lazy" : undefined}
        className="aspect-[8/5] h-auto w-full object-cover"
      />
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
