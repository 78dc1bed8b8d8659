import { escapeHtml, escapeXml, toRfc822 } from "~/utils/xml";

export interface RssItem {
  title: string;
  /** Absolute URL; also the item's permanent guid. */
  link: string;
  /** Plain text; blank lines become paragraphs. */
  content: string;
  publishedAt: string;
}

export interface RssChannel {
  title: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  /** Absolute URL of the feed itself. */
  selfUrl: string;
  description: string;
  items: RssItem[];
}

/**
 * Readers render <description> as HTML, so article text is HTML-escaped first and then
 * XML-escaped: a stored "<script>" arrives in the reader as visible text, not markup.
 */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

export function buildRss(channel: RssChannel): string {
  const newest = channel.items[0]?.publishedAt;
  const items = channel.items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <pubDate>${toRfc822(item.publishedAt)}</pubDate>`,
      `      <description>${escapeXml(textToHtml(item.content))}</description>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    "    <language>en-gb</language>",
    ...(newest ? [`    <lastBuildDate>${toRfc822(newest)}</lastBuildDate>`] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** ISO-8601 timestamp of the last change, when known. */
  lastmod?: string;
}

export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      `    <loc>${escapeXml(entry.loc)}</loc>`,
      ...(entry.lastmod ? [`    <lastmod>${escapeXml(entry.lastmod)}</lastmod>`] : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * robots.txt: everything public is crawlable; the staff area and the API are not. The sign-in
 * page is public (the footer links to it), so it stays crawlable: the longest matching rule
 * wins, and "Allow: /admin/login" is longer than "Disallow: /admin".
 */
export function buildRobots(sitemapUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Allow: /admin/login",
    "Disallow: /admin",
    "Disallow: /api",
    "Disallow: /healthz",
    "",
    `Sitemap: ${sitemapUrl}`,
    "",
  ].join("\n");
}
