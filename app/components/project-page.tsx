import { Link } from "@remix-run/react";
import { ProjectPictureImg, StatusBadge } from "~/components/project-card";
import { MarkdownText } from "~/components/reading-page";
import type { Project } from "~/publishing/schemas/projects";

/** A project's public page (its title, status, summary, body, gallery): the public route and the staff preview draw the same. */
export function ProjectPageView({ project }: { project: Project & { bodyHtml: string } }) {
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
      {project.bodyHtml ? (
        <div className="max-w-3xl">
          <MarkdownText html={project.bodyHtml} />
        </div>
      ) : null}
      {project.gallery.length > 0 ? (
        <section aria-labelledby="gallery-heading" className="mt-10">
          <h2 id="gallery-heading" className="text-2xl font-semibold text-slate-900 dark:text-white">
            Gallery
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {project.gallery.map((image, i) => (
              <li key={`${i}-${image.src}`}>
                <ProjectPictureImg
                  picture={image}
                  lazy={i >= 3}
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[8/5] h-auto w-full rounded-lg border border-slate-200 object-cover dark:border-slate-700"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
