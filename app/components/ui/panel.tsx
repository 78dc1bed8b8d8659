import type { ReactNode } from "react";

const surfaces = {
  plain: "border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900",
  brand: "border-brand-200 bg-brand-50 dark:border-slate-700 dark:bg-slate-900",
} as const;

/**
 * A bordered box with a heading that names it (a `section` labelled by its `h2`, so screen
 * readers list it as a region): the donate page's side boxes and form, the thank-you page, the
 * "how to take part" box.
 */
export function Panel({
  title,
  children,
  className = "",
  surface = "plain",
  large = false,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  surface?: keyof typeof surfaces;
  /** A larger heading and padding, for the main box of a page. */
  large?: boolean;
}) {
  // Named after its title (the boxes of one page have different titles), so the id reads well.
  const headingId = `${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-lg border p-6 shadow-sm ${large ? "sm:p-8" : ""} ${surfaces[surface]} ${className}`}
    >
      <h2
        id={headingId}
        className={
          large
            ? "mb-6 text-2xl font-bold text-slate-900 dark:text-white"
            : "text-xl font-semibold text-slate-900 dark:text-white"
        }
      >
        {title}
      </h2>
      {large ? children : <div className="mt-3 text-slate-700 dark:text-slate-300">{children}</div>}
    </section>
  );
}

/** A grid of three cards a row on wide screens (one on a phone), each a list item. */
export function CardGrid({
  children,
  className = "mt-10",
  label,
}: {
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  return (
    <ul aria-label={label} className={`grid gap-6 md:grid-cols-3 ${className}`}>
      {children}
    </ul>
  );
}

/** One card of a CardGrid: a heading, a paragraph and, at the bottom, an optional link. */
export function CardItem({
  title,
  text,
  action,
  headingLevel = 3,
  surface = "bg-white dark:bg-slate-900",
}: {
  title: string;
  text: string;
  action?: ReactNode;
  headingLevel?: 2 | 3;
  surface?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className={`flex flex-col rounded-lg border border-slate-200 p-6 shadow-sm dark:border-slate-700 ${surface}`}>
      <Heading className="text-xl font-semibold text-slate-900 dark:text-white">{title}</Heading>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{text}</p>
      {action}
    </li>
  );
}

/**
 * A full-width band of a public page with its heading (a `section` labelled by its `h2`): the
 * home page's sections, "Why donate?". The heading is centred and large unless told otherwise.
 */
export function PageSection({
  id,
  title,
  className,
  headingClassName = "text-center text-3xl font-bold text-slate-900 dark:text-white",
  children,
}: {
  id: string;
  title: ReactNode;
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={className}>
      <div className="container-page">
        <h2 id={`${id}-heading`} className={headingClassName}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
