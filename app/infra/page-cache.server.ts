import crypto from "node:crypto";
import type { EntryContext, LoaderFunctionArgs } from "@remix-run/node";
import { hasSessionCookie } from "./cookies.server";
import { now as clockNow } from "./clock.server";
import { dataVersionNow } from "./db.server";
import { getTheme } from "./theme.server";

/**
 * An in-process cache of rendered public documents, the bytes and headers exactly as sent.
 *
 * Only anonymous GETs (without a query parameter the page reads) of routes that opt in with
 * `handle = { pageCache: true }` are cached, keyed by theme and path (every absolute URL in a
 * page is built on PUBLIC_URL, never on the request's host, so the path is enough), so a
 * signed-in or per-theme variant can never be served to someone else. Every write in this process
 * that changes what a cached page shows drops those pages (pagesChanged, in
 * app/site/services/pages-changed.server.ts), and an entry stored before another process wrote to the
 * database (SQLite's data_version moved) is not used.
 *
 * Whether a request is a hit is decided once, by `claimPage`, the first time it is asked for
 * that request: by the route's loader when it is wrapped in `cachedLoader` (which then skips
 * its queries), else by app/entry.server.tsx. The claim holds the very copy that was fresh at
 * that moment, so a copy expiring between the loaders and the render changes nothing.
 */
export interface PageCacheHandle {
  pageCache?: boolean;
  /**
   * The query parameters the page reads. A request carrying one is rendered afresh and not
   * cached; any other parameter (a tracking tag, a made-up `?x=1`) is ignored by the cache, so it
   * cannot be used to make every request render the page again.
   */
  query?: readonly string[];
}

export interface CachedPage {
  body: Buffer<ArrayBuffer>;
  /** Strong validator: the body's SHA-256. */
  etag: string;
  /** Every header of the response but Cache-Control and the per-request security headers. */
  headers: [string, string][];
  /** The leaf route's loader data as JSON, answered by its `cachedLoader` on a hit. */
  leafData: string | null;
  /** The database's data version (dataVersionNow) when the page's loaders ran. */
  dataVersion: number;
  storedAt: number;
  /** When a scheduled article goes public: the page is stale from then on (ms since the epoch). */
  expiresAt: number | null;
}

export type NewPage = Omit<CachedPage, "storedAt" | "etag" | "expiresAt"> & { expiresAt?: number | null };

/** The outcome of a claim: the fresh copy to serve, or what a render must store to be used. */
export interface PageClaim {
  key: string;
  page: CachedPage | undefined;
  dataVersion: number;
  /** The cache's generation at the claim: a clear() since then means the render is already stale. */
  generation: number;
}

export class PageCache {
  private pages = new Map<string, CachedPage>();
  private generation = 0;

  constructor(
    private readonly maxEntries = 200,
    // A safety net: every write this process makes clears the cache, and other processes'
    // writes move data_version, so an entry should never outlive its data by more than this.
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

  claim(key: string, dataVersion: number): PageClaim {
    return { key, page: this.get(key, dataVersion), dataVersion, generation: this.generation };
  }

  /**
   * Stores a page; with the claim it was rendered under, only if nothing was cleared since
   * (a write in this process between the loaders and the end of the render).
   */
  set(key: string, page: NewPage, claim?: Pick<PageClaim, "generation">): CachedPage | undefined {
    if (claim && claim.generation !== this.generation) return undefined;
    const stored: CachedPage = {
      ...page,
      etag: strongEtag(page.body),
      expiresAt: page.expiresAt ?? null,
      storedAt: this.now(),
    };
    this.pages.delete(key);
    this.pages.set(key, stored);
    while (this.pages.size > this.maxEntries) {
      this.pages.delete(this.pages.keys().next().value!);
    }
    return stored;
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  /**
   * Drops the pages whose path `shows` picks (app/site/services/pages-changed.server.ts says which
   * pages show what). A render in flight when this is called stores nothing, whatever its page.
   */
  drop(shows: (path: string) => boolean): void {
    this.generation++;
    for (const key of [...this.pages.keys()]) {
      if (shows(key.slice(key.indexOf(" ") + 1))) this.pages.delete(key);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}

/** The process's cache; services that change what public pages show drop those pages (pagesChanged). */
export const pageCache = new PageCache();

export function strongEtag(body: Buffer): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** The key for an anonymous GET that carries none of the parameters the page reads; else null. */
function requestCacheKey(request: Request, query: readonly string[] = []): string | null {
  if (request.method !== "GET" || hasSessionCookie(request)) return null;
  const url = new URL(request.url);
  if (query.some((name) => url.searchParams.has(name))) return null;
  return `${getTheme(request) ?? "system"} ${url.pathname}`;
}

/**
 * Only a render of the bare address is stored: one made for `?x=1` would carry that query in its
 * form actions for everyone. Such requests are still answered from a stored copy.
 */
export function mayStoreRender(request: Request): boolean {
  return new URL(request.url).search === "";
}

/** The cache key for this document request, or null when it must not be cached. */
export function pageCacheKey(request: Request, status: number, context: EntryContext): string | null {
  if (status !== 200) return null;
  const matches = context.staticHandlerContext.matches;
  const leaf = matches[matches.length - 1];
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as PageCacheHandle | undefined) : undefined;
  if (!handle?.pageCache) return null;
  return requestCacheKey(request, handle.query);
}

// One claim per request, keyed by the load context: the one object Remix hands both to the
// loaders and to entry.server for the same request (remix-serve makes a new one per request).
const claims = new WeakMap<object, Promise<PageClaim | null>>();

/**
 * This request's claim on the cache, decided the first time it is asked (see the module
 * comment). `key` is the request's cache key, or null when it may not be cached; a request
 * without a load context object cannot share its claim, and gets none. Asynchronous because
 * on PostgreSQL the data version is a query (app/infra/db.server.ts, dataVersionNow).
 */
export function claimPage(
  context: unknown,
  key: string | null,
  cache: PageCache = pageCache,
): Promise<PageClaim | null> {
  if (typeof context !== "object" || context === null) return Promise.resolve(null);
  let claim = claims.get(context);
  if (!claim) {
    claim = key === null ? Promise.resolve(null) : dataVersionNow().then((version) => cache.claim(key, version));
    claims.set(context, claim);
  }
  return claim;
}

/**
 * For the loader of a page-cached leaf route, around all of its work:
 * `return cachedLoader(args, async () => json(...))`. When the cache holds a fresh copy of
 * this page for this request, `load` is skipped and the data the copy was rendered with is
 * returned instead (entry.server sends the copy; a client-side data request gets that data).
 * Called inside the loader, not around it, so that the browser build drops it with the loader.
 */
export async function cachedLoader<Result extends Response>(
  { request, context }: Pick<LoaderFunctionArgs, "request" | "context">,
  load: () => Promise<Result>,
  /** The route handle's `query`: with one of these parameters the page is never a stored copy. */
  query: readonly string[] = [],
): Promise<Result> {
  const claim = await claimPage(context, requestCacheKey(request, query));
  if (claim?.page?.leafData != null) {
    // The same JSON the loader's json() produced when the copy was rendered.
    return new Response(claim.page.leafData, {
      headers: { "Content-Type": "application/json; charset=utf-8" },
    }) as Result;
  }
  return load();
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
