// Absolute URLs for share links, feeds and the sitemap. Behind a reverse proxy the request
// Remix sees says http://localhost:3000, so the proxy's X-Forwarded-* headers win when they
// hold something that can only be a scheme and a host: a forged header can never inject a
// path, credentials or markup into a URL we publish.

const HOSTNAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6 = /^\[[0-9a-f:.]+\]$/i;

/** The first entry of a comma-separated header a proxy appends to (X-Forwarded-Host, -Proto). */
export function firstHeaderValue(header: string | null | undefined): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value ? value : undefined;
}

function isValidHost(host: string): boolean {
  if (host.length > 260) return false;
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return false;
  const [, name, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return HOSTNAME.test(name) || IPV6.test(name);
}

/** "https://example.org" for the site as the visitor reached it. */
export function publicOrigin(request: Request): string {
  const url = new URL(request.url);
  const forwardedProto = firstHeaderValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const forwardedHost = firstHeaderValue(request.headers.get("x-forwarded-host"));
  const protocol = forwardedProto === "http" || forwardedProto === "https" ? `${forwardedProto}:` : url.protocol;
  const host = forwardedHost && isValidHost(forwardedHost) ? forwardedHost.toLowerCase() : url.host;
  return new URL(`${protocol}//${host}`).origin;
}

/** An absolute URL on this site for a path that starts with "/". */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, publicOrigin(request)).href;
}
