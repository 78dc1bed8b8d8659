import type { PageCacheHandle } from "~/infra/page-cache.server";
import type { MetaFunction } from "@remix-run/node";
import { CharityText } from "~/components/charity";
import { faq } from "~/content/faq";
import { site } from "~/content/site";
import { pageMeta } from "~/utils/meta";
import { ChevronDownIcon } from "~/components/ui/icon";

/** Rendered pages are cached for anonymous visitors (see app/infra/page-cache.server.ts). */
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Frequently Asked Questions",
      description: `What ${site.name} does, how to get involved and where your donations go.`,
    },
    matches,
  );

export default function Faq() {
  return (
    <>
      <h1 className="text-4xl font-bold text-slate-900 dark:text-white">Frequently Asked Questions</h1>
      {/* <details> opens and closes with or without JavaScript and tells screen readers its state. */}
      <div className="mt-10 max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
        {faq.map((item) => (
          <details key={item.question} className="group p-5">
            <summary className="flex items-center justify-between gap-4 text-lg font-semibold text-slate-900 marker:content-none dark:text-white [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDownIcon size={18} className="shrink-0 transition-transform group-open:rotate-180" />
            </summary>
            {item.answer.map((paragraph) => (
              <p key={paragraph} className="mt-3 text-slate-700 dark:text-slate-300">
                <CharityText text={paragraph} />
              </p>
            ))}
          </details>
        ))}
      </div>
    </>
  );
}
