import type { ReactNode } from "react";

/** The coloured band that opens a public page: its h1, a lead paragraph and anything after it. */
export function PageBanner({
  title,
  lead,
  children,
  headingId,
}: {
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
  /** An id for the h1, for a list or region the page names after it (aria-labelledby). */
  headingId?: string;
}) {
  return (
    <section className="bg-brand-800 py-14 text-white">
      <div className="container-page">
        <h1 id={headingId} className="text-4xl font-bold tracking-tight">
          {title}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-brand-50">{lead}</p>
        {children}
      </div>
    </section>
  );
}
