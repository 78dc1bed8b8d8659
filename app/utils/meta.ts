import type { MetaDescriptor } from "@remix-run/node";
import { site } from "~/content/site";

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

/**
 * <title>, description, Open Graph and Twitter card tags for one route, with the site's name
 * appended to the title.
 */
export function pageMeta({
  title,
  description,
  type = "website",
  image,
  imageAlt,
  url,
  noindex,
}: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (url) tags.push({ property: "og:url", content: url });
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    const alt = imageAlt ?? (image.endsWith(site.shareImage.path) ? site.shareImage.alt : undefined);
    if (alt) tags.push({ property: "og:image:alt", content: alt }, { name: "twitter:image:alt", content: alt });
  }
  if (noindex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
