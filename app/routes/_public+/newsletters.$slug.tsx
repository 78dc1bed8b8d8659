import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { MissingOrError } from "~/components/error-page";
import { BackLink, LeadPicture, MarkdownText } from "~/components/reading-page";
import { newsletterArchive } from "~/content/newsletters";
import { site } from "~/content/site";
import { cachedLoader, type PageCacheHandle } from "~/infra/page-cache.server";
import { absoluteUrl } from "~/infra/public-url.server";
import { publicNewsletter } from "~/publishing/index.server";
import { formatLongDate } from "~/utils/date-format";
import { pageMeta } from "~/utils/meta";
import { notFound } from "~/utils/http";

/** The web version of a sent newsletter, cached for anonymous visitors like a news article. */
export const handle: PageCacheHandle & { ownShareImage: true } = { pageCache: true, ownShareImage: true };

export async function loader(args: LoaderFunctionArgs) {
  return cachedLoader(args, async () => {
    const newsletter = await publicNewsletter(args.params.slug ?? "");
    if (!newsletter) throw notFound(newsletterArchive.notFound);
    return json({ newsletter, shareImage: newsletter.shareImage ?? absoluteUrl(site.shareImage.path) });
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data)
    return pageMeta({ title: newsletterArchive.notFound, description: newsletterArchive.notFoundBody }, matches);
  const { newsletter, shareImage } = data;
  return [
    ...pageMeta(
      {
        title: newsletter.subject,
        description: newsletter.preheader || newsletter.description || newsletterArchive.description,
        type: "article",
        url: newsletter.url,
        image: shareImage,
        imageAlt: newsletter.image ? newsletter.image.alt || undefined : undefined,
      },
      matches,
    ),
    { property: "article:published_time", content: newsletter.sentAt },
    { tagName: "link", rel: "canonical", href: newsletter.url },
  ];
};

export default function NewsletterWebVersion() {
  const { newsletter } = useLoaderData<typeof loader>();
  return (
    <article className="container-page max-w-3xl py-10">
      <BackLink to="/newsletters">{newsletterArchive.back}</BackLink>
      <p className="mt-8 text-sm text-slate-700 dark:text-slate-300">
        {newsletterArchive.sentOn} <time dateTime={newsletter.sentAt}>{formatLongDate(newsletter.sentAt)}</time>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight break-words sm:text-4xl">{newsletter.subject}</h1>
      {newsletter.image ? <LeadPicture image={newsletter.image} /> : null}
      <MarkdownText html={newsletter.html} />
      <p className="mt-10 flex flex-wrap gap-3">
        <Link to="/publications" className="btn-primary">
          {newsletterArchive.subscribeLink}
        </Link>
        <Link to="/newsletters" className="btn-secondary">
          {newsletterArchive.back}
        </Link>
      </p>
    </article>
  );
}

export function ErrorBoundary() {
  return (
    <MissingOrError
      title={newsletterArchive.notFound}
      text={newsletterArchive.notFoundBody}
      link={{ to: "/newsletters", label: newsletterArchive.back }}
    />
  );
}
