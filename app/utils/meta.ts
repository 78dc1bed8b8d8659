import type { MetaDescriptor } from "@remix-run/node";
import { site } from "~/content/site";

interface PageMeta {
  title: string;
  description: string;
  /** Open Graph type; "website" unless the page is an article. */
  type?: "website" | "article";
  image?: string;
}

/** <title>, description and Open Graph tags for one route, with the site's name appended. */
export function pageMeta({ title, description, type = "website", image }: PageMeta): MetaDescriptor[] {
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: site.name },
  ];
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}
