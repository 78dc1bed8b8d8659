import type { ReactNode } from "react";

// Cards and bands of the public pages, apart from Panel (panel.tsx): a page drawing only a Panel
// (the donate form's box, the thank-you page) loads none of this.

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
