import type { ReactNode } from "react";

/** The coloured band that opens a public page: its h1, a lead paragraph and anything after it. */
export function PageBanner({ title, lead, children }: { title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-brand-800 py-14 text-white">
      <div className="container-page">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg text-brand-50">{lead}</p>
        {children}
      </div>
    </section>
  );
}
