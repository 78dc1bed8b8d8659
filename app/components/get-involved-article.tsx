import { Link, type MetaFunction } from "@remix-run/react";
import type { ReactNode } from "react";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";

// The frame of every Get Involved page (get-involved.$page.tsx, and the Share My Day and In
// Memoriam pages of app/components/start-page.tsx): the way back, the title, the page's words,
// and the e-mail way to take part on the pages without an application form.

/** A Get Involved page's words as its live revision has them (docs/site-editor.md): its body is Markdown rendered on the server. */
export interface GetInvolvedShown {
  slug: string;
  title: string;
  summary: string;
  bodyHtml: string;
}

/** What every Get Involved page uses of its loader's data (app/routes/_glue/get-involved.server.ts). */
export interface GetInvolvedData {
  page: GetInvolvedShown;
  mailto: string;
  email: string;
}

export const getInvolvedMeta: MetaFunction<() => Promise<GetInvolvedData>> = ({ data, matches }) =>
  data
    ? pageMeta({ title: data.page.title, description: data.page.summary }, matches)
    : pageMeta(
        { title: "Page not found", description: `There is no such way to get involved with ${site.name}.` },
        matches,
      );

export function GetInvolvedArticle({ page, children }: { page: GetInvolvedShown; children: ReactNode }) {
  return (
    <div className="container-page py-12">
      <article className="max-w-3xl">
        <Link to="/get-involved" className="link">
          <span aria-hidden="true">← </span>Back to Get Involved
        </Link>
        <h1 className="mt-6 text-4xl font-bold text-slate-900 dark:text-white">{page.title}</h1>
        <div
          className="article-text mt-5 text-lg text-slate-700 [&>*+*]:mt-5 dark:text-slate-300"
          dangerouslySetInnerHTML={{ __html: page.bodyHtml }}
        />
        {children}
      </article>
    </div>
  );
}

/** The e-mail way to take part, on the pages without an application form. */
export function HowToTakePart({ mailto, email }: { mailto: string; email: string }) {
  return (
    // The look of app/components/ui/panel.tsx, written out: these pages' JavaScript is near its budget.
    <section
      aria-labelledby="how-to-take-part-heading"
      className="mt-10 rounded-lg border border-brand-200 bg-brand-50 p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="how-to-take-part-heading" className="text-xl font-semibold text-slate-900 dark:text-white">
        How to take part
      </h2>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Please contact us by e-mail at{" "}
        <a href={mailto} className="link">
          {email}
        </a>{" "}
        and tell us a little about yourself. We will reply as soon as we can.
      </p>
    </section>
  );
}
