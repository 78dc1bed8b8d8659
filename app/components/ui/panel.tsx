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
