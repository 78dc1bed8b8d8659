import type { EntryContext } from "@remix-run/node";
import { publicOrigin } from "~/utils/public-url";
import { hasSessionCookie } from "./cookies.server";
import { now as clockNow } from "./clock.server";
import { getTheme } from "./theme.server";

/**
 * An in-process cache of rendered public documents. Loaders still run on every request (they
 * are cheap SQLite reads); what is saved is the React render, most of a page's cost.
 *
 * Only anonymous GETs without a query string of routes that opt in with
 * `handle = { pageCache: true }` are cached, keyed by theme and by the full public URL (pages
 * embed absolute URLs built from Host / X-Forwarded-Host, so a request for another host must
 * never see, or plant, a page made for it), so a signed-in or per-theme variant can never
 * be served to someone else. Every news write in this process
 * clears it (app/services/news.server.ts), and an entry stored before another process wrote to the database is not used.
 */
export interface PageCacheHandle {
  pageCache?: boolean;
}

interface CachedPage {
  html: string;
  /** The nonce the page was rendered with; each response gets a fresh one swapped in. */
  nonce: string;
  /** The database's data_version when the page was rendered. */
  dataVersion: number;
  storedAt: number;
  /** When a scheduled article goes public: the page is stale from then on (ms since the epoch). */
  expiresAt: number | null;
}

export class PageCache {
  private pages = new Map<string, CachedPage>();

  constructor(
    private readonly maxEntries = 200,
    // Short, because a write that lands between a page's loaders and the end of its render
    // can leave that render cached with the old data; the TTL bounds how long.
    private readonly ttlMs = 60_000,
    private readonly now: () => number = clockNow,
  ) {}

  get(key: string, dataVersion: number): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    const time = this.now();
    const expired = time - page.storedAt > this.ttlMs || (page.expiresAt !== null && time >= page.expiresAt);
    if (page.dataVersion !== dataVersion || expired) {
      this.pages.delete(key);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks it most recently used.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: { html: string; nonce: string; dataVersion: number; expiresAt?: number | null }): void {
    this.pages.delete(key);
    this.pages.set(key, { ...page, expiresAt: page.expiresAt ?? null, storedAt: this.now() });
    while (this.pages.size > this.maxEntries) {
      this.pages.delete(this.pages.keys().next().value!);
    }
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

/** The process's cache; services that change what public pages show clear it (app/services/news.server.ts). */
export const pageCache = new PageCache();

/** The cache key for this document request, or null when it must not be cached. */
export function pageCacheKey(request: Request, status: number, context: EntryContext): string | null {
  if (request.method !== "GET" || status !== 200 || hasSessionCookie(request)) return null;
  const url = new URL(request.url);
  if (url.search) return null;
  const matches = context.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as PageCacheHandle | undefined) : undefined;
  if (!handle?.pageCache) return null;
  return `${getTheme(request) ?? "system"} ${publicOrigin(request)}${url.pathname}`;
}

/** The same page with a fresh nonce everywhere the old one stood. */
export function restampNonce(page: Pick<CachedPage, "html" | "nonce">, nonce: string): string {
  return page.html.replaceAll(page.nonce, nonce);
}

/**
 * Cache-Control for a public response that lists articles: a shared cache (CDN) may keep it
 * `sMaxage` seconds and serve it stale `staleWhileRevalidate` more, but never past the moment
 * the next scheduled article goes public (`nextPublishMs`), or visitors would miss it.
 */
export function publicCacheControl(
  {
    maxAge = 0,
    sMaxage,
    staleWhileRevalidate = 0,
  }: { maxAge?: number; sMaxage: number; staleWhileRevalidate?: number },
  nextPublishMs: number | null,
  nowMs: number = clockNow(),
): string {
  const left = nextPublishMs === null ? Infinity : Math.max(0, Math.floor((nextPublishMs - nowMs) / 1000));
  const browser = Math.min(maxAge, left);
  const shared = Math.min(sMaxage, left);
  const stale = Math.min(staleWhileRevalidate, Math.max(0, left - shared));
  return [
    "public",
    `max-age=${browser}`,
    ...(browser === 0 ? ["must-revalidate"] : []),
    `s-maxage=${shared}`,
    ...(stale > 0 ? [`stale-while-revalidate=${stale}`] : []),
  ].join(", ");
}
