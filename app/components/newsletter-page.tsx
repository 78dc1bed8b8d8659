import type { ReactNode } from "react";

/** The frame of the newsletter confirmation and unsubscribe pages. */
export function NewsletterPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <div className="mt-4 space-y-4 text-lg text-slate-700 dark:text-slate-300">{children}</div>
    </section>
  );
}
