import { getEnv } from "./env.server";

/**
 * Every absolute URL the site publishes (canonical links, og:url and og:image, share links, RSS,
 * the sitemap, robots.txt, the API's Link header, links in e-mails) is built on PUBLIC_URL
 * (default http://localhost:PORT), never on the request's Host or X-Forwarded-* headers: a page a
 * CDN caches must be the same whoever asked for it, so a forged header can never poison it.
 */
export function publicOrigin(): string {
  return new URL(getEnv().publicUrl).origin;
}

/** An absolute URL on the site's public address for a path that starts with "/". */
export function absoluteUrl(path: string): string {
  return `${getEnv().publicUrl}${path}`;
}
