import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageBanner } from "~/components/page-banner";
import { newsletterArchive } from "~/content/newsletters";
import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { sentNewsletters } from "~/publishing/index.server";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta } from "~/utils/meta";

/** Rendered pages are cached for anonymous visitors; sending a newsletter clears the cache. */
export const handle: PageCacheHandle = { pageCache: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () =>
    json({
      newsletters: (await sentNewsletters()).map((n) => ({
        slug: n.slug!,
        subject: n.subject,
        preheader: n.preheader,
        sentAt: n.sentAt!,
      })),
      url: absoluteUrl("/newsletters"),
    }),
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta({ title: newsletterArchive.title, description: newsletterArchive.description, url: data?.url }, matches),
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.url }] : []),
];

export default function NewsletterArchive() {
  const { newsletters } = useLoaderData<typeof loader>();
  return (
    <>
      <PageBanner title={newsletterArchive.title} lead={newsletterArchive.intro}>
        <p className="mt-6">
          <Link to="/publications" className="btn-secondary">
            {newsletterArchive.subscribeLink}
          </Link>
        </p>
      </PageBanner>
      <div className="container-page max-w-3xl py-10">
        {newsletters.length === 0 ? (
          <p>{newsletterArchive.empty}</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {newsletters.map((n) => (
              <li key={n.slug} className="py-5">
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  <time dateTime={n.sentAt}>{formatLongDate(n.sentAt)}</time>
                </p>
                <h2 className="mt-1 text-xl font-semibold break-words">
                  <Link to={`/newsletters/${n.slug}`} className="link">
                    {n.subject}
                  </Link>
                </h2>
                {n.preheader ? <p className="mt-1 text-slate-800 dark:text-slate-200">{n.preheader}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
