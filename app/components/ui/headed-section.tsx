import type { ReactNode } from "react";

/**
 * A part of a public page named by its heading: a `section` labelled by its `h2`, so screen
 * readers list it as a region under that name (search's tips, the share links, how a cause is
 * doing). The heading takes the public pages' usual section look unless told otherwise
 * ("sr-only" for a heading only screen readers need). Boxed parts are Panel, full-width bands
 * PageSection (app/components/ui/card-grid.tsx).
 */
export function HeadedSection({
  id,
  heading,
  className,
  headingClassName = "text-xl font-semibold text-slate-900 dark:text-white",
  children,
}: {
  /** The heading's id, unique on the page. */
  id: string;
  heading: string;
  className: string;
  headingClassName?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
