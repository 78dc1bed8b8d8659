import type { MetaDescriptor } from "@remix-run/node";
import { charityDefaults, site } from "~/content/site";
import type { CharitySettings } from "./charity-settings";
import { charityText } from "./charity-text";

interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type; "website" unless the page is an article. */
  type?: "website" | "article";
  /** Absolute URL of the page's own share picture; without it the site's picture is used (app/root.tsx). */
  image?: string;
  imageAlt?: string;
  /** Absolute URL of the page. */
  url?: string;
  /** Keep the page out of search engines (staff pages, links from emails). */
  noindex?: boolean;
}

/** What a meta function is given of the routes on the page (Remix's `matches`). */
export type MetaMatchesLike = readonly { id: string; data?: unknown }[];

/** The charity's details from the root loader's data (Settings), or the defaults on its own error page. */
export function charityOfMatches(matches: MetaMatchesLike | undefined): CharitySettings {
  const root = matches?.find((match) => match.id === "root")?.data as { charity?: CharitySettings } | undefined;
  return root?.charity ?? charityDefaults;
}

/**
 * <title>, description, Open Graph and Twitter card tags for one route, with the charity's name
 * appended to the title. The wording is written with the charity's default details
 * (app/content/site.ts); given the page's `matches`, it shows the ones saved in Settings instead.
 */
export function pageMeta(page: PageMeta, matches?: MetaMatchesLike): MetaDescriptor[] {
  const charity = charityOfMatches(matches);
  const ours = (words: string) => charityText(words, charity);
  const { type = "website", image, imageAlt, url, noindex } = page;
  const title = ours(page.title);
  const description = ours(page.description);
  const fullTitle = title === charity.name ? title : `${title} | ${charity.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: charity.name },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (url) tags.push({ property: "og:url", content: url });
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    const alt = imageAlt ?? (image.endsWith(site.shareImage.path) ? ours(site.shareImage.alt) : undefined);
    if (alt) tags.push({ property: "og:image:alt", content: alt }, { name: "twitter:image:alt", content: alt });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}

/** The news feed's `<link rel="alternate">`, named with the charity's name from Settings. */
export function rssFeedLink(title: string, matches?: MetaMatchesLike): MetaDescriptor {
  const { name } = charityOfMatches(matches);
  return {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `${name}: ${title}`,
    href: "/news/rss.xml",
  };
}
