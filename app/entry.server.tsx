import { PassThrough } from "node:stream";
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  LoaderFunctionArgs,
} from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { getEnv, nodeEnvIs } from "~/infra/env.server";
import { trackRequests } from "~/infra/request-scope.server";
import { installLastResortHandlers } from "~/infra/last-resort.server";
import { dataVersionNow } from "~/infra/db.server";
import { hasSessionCookie } from "~/infra/cookies.server";
import { logger, requestLogger, routeName } from "~/infra/logger.server";
import {
  type CachedPage,
  claimPage,
  etagMatches,
  type NewPage,
  type PageClaim,
  pageCache,
  pageCacheKey,
  mayStoreRender,
  publicCacheControl,
  strongEtag,
} from "~/infra/page-cache.server";
import { scheduleHousekeeping } from "~/site/index.server";
import { startHmrcSubmissions } from "~/gift-aid/index.server";
import { nextScheduledPublish } from "~/publishing/index.server";
import { startMailSender } from "~/mail/index.server";
import { startCheckoutQueue } from "~/giving/index.server";
import { startNewsletterScheduler } from "~/publishing/index.server";
import { ADMIN_ROOT } from "~/utils/admin-paths";
import {
  applyBaseSecurityHeaders,
  applyDocumentSecurityHeaders,
  contentSecurityPolicy,
  createNonce,
  inlineScriptHashes,
} from "~/infra/security-headers.server";

const ABORT_DELAY = 5_000;

// Wiring done once, when remix-serve loads the server build: each request's client address (for
// the public-form throttle) and foreign Origin (a 403, not Remix's empty 500), in
// app/infra/request-scope.server.ts. News writes clear the page cache
// in app/publishing/services/news.server.ts; housekeeping runs from the requests below, at most hourly.
trackRequests();
// What still escapes every handler is logged with its request; a rejection never stops the server
// (app/infra/last-resort.server.ts).
installLastResortHandlers();
// Background work, each on the one loop of app/infra/background-worker.server.ts, started here
// and only here: the outbox sender (app/mail/services/mail-sender.server.ts) delivers what a killed
// server left queued at once, then polls for retries, and writes that queue mail kick it after
// commit; card gifts' Checkout Sessions that Stripe's rate limit held back
// (app/giving/services/checkout-queue.server.ts); claims sent to HMRC, resumed where the database says
// they were (app/gift-aid/services/hmrc-submissions.server.ts).
startMailSender();
startCheckoutQueue();
startHmrcSubmissions();
// Scheduled newsletters (app/publishing/services/newsletter-issues.server.ts): due ones are queued once.
startNewsletterScheduler();

/**
 * How long a shared cache (a proxy or CDN) may keep a public page: SHARED_CACHE_SECONDS, 60 s by
 * default; browsers always revalidate, so staff see their own edits at once. Anything for a
 * signed-in user is never stored.
 */
const publicCache = () => ({ maxAge: 0, sMaxage: getEnv().SHARED_CACHE_SECONDS, staleWhileRevalidate: 300 });
const PRIVATE_CACHE_CONTROL = "private, no-store";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  scheduleHousekeeping();
  const cacheKey = responseHeaders.has("Set-Cookie") ? null : pageCacheKey(request, responseStatusCode, remixContext);
  // Decided once per request: a cachedLoader may already have claimed (and skipped its work).
  const claim = cacheKey ? await claimPage(loadContext, cacheKey) : null;
  if (claim?.key === cacheKey && claim?.page) return cachedPageResponse(request, claim.page);

  // A shareable page carries no nonce: its inline scripts are allowed by hash (set below).
  const nonce = cacheKey ? undefined : createNonce();
  if (nonce) applyDocumentSecurityHeaders(responseHeaders, request, { nonce });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // Error pages (404 included) are never kept by anyone: the next request may find the page.
  if (
    !cacheKey &&
    (responseStatusCode >= 400 || hasSessionCookie(request) || new URL(request.url).pathname.startsWith(ADMIN_ROOT))
  ) {
    responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }

  // Crawlers, no-JavaScript visitors and pages about to be cached get the whole document at
  // once; browsers otherwise get it streamed.
  const waitForAll = cacheKey !== null || isbot(request.headers.get("user-agent") ?? "");
  const readyEvent = waitForAll ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce ?? ""}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          if (cacheKey) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              storeAndSend(
                request,
                Buffer.concat(chunks) as Buffer<ArrayBuffer>,
                responseStatusCode,
                responseHeaders,
                remixContext,
                claim,
              ).then(resolve, reject);
            });
            pipe(body);
            return;
          }
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are already reported by Remix; log only the early ones.
          if (shellRendered) logger.error({ event: "render.failed", err: error }, "Rendering failed after the shell");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * A shareable page just rendered: its CSP lists its inline scripts by hash, and (when it
 * rendered cleanly) it is stored with its headers and its leaf route's data, then sent as a
 * cached copy would be.
 */
async function storeAndSend(
  request: Request,
  body: Buffer<ArrayBuffer>,
  status: number,
  headers: Headers,
  context: EntryContext,
  claim: PageClaim | null,
): Promise<Response> {
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy(
      { hashes: inlineScriptHashes(body.toString("utf8")) },
      { development: nodeEnvIs("development") },
    ),
  );
  // Accept-Encoding: remix-serve compresses the body; said here too so a 304 names it as well.
  headers.append("Vary", "Cookie, Accept-Encoding");
  // A render that failed (rendered without a nonce, so its CSP is by hash too) is never shared.
  if (status !== 200) {
    applyBaseSecurityHeaders(headers, request);
    headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return new Response(body, { status, headers });
  }
  // Public pages list articles: neither this cache nor a CDN may keep one past the moment the
  // next scheduled article goes public.
  const expiresAt = await nextScheduledPublish();
  const { loaderData, matches } = context.staticHandlerContext;
  const leafData = loaderData[matches[matches.length - 1]?.route.id ?? ""];
  const page: NewPage = {
    body,
    headers: [...headers],
    leafData: leafData === undefined ? null : JSON.stringify(leafData),
    dataVersion: claim?.dataVersion ?? (await dataVersionNow()),
    expiresAt,
  };
  const stored = claim && mayStoreRender(request) ? pageCache.set(claim.key, page, claim) : undefined;
  return cachedPageResponse(request, stored ?? { ...page, etag: strongEtag(body), expiresAt });
}

/** A cached copy as sent: its stored headers, an ETag, and 304 without a body when it matches. */
function cachedPageResponse(request: Request, page: Pick<CachedPage, "body" | "headers" | "etag" | "expiresAt">) {
  const headers = new Headers(page.headers);
  applyBaseSecurityHeaders(headers, request);
  headers.set("Cache-Control", publicCacheControl(publicCache(), page.expiresAt));
  headers.set("ETag", page.etag);
  if (etagMatches(request.headers.get("If-None-Match"), page.etag)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(page.body, { status: 200, headers });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  scheduleHousekeeping();
  applyBaseSecurityHeaders(response.headers, request);
  if (response.status >= 400) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // Aborted requests (the visitor navigated away) are not errors worth reporting.
  if (request.signal.aborted) return;
  const log = requestLogger(request, routeName(request));
  // Remix's own 4xx (a POST to a page without an action: 405) is the client's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    log.warn({ event: "request.refused", status: error.status, reason: error.statusText }, "Request refused");
    return;
  }
  log.error({ event: "request.failed", err: error }, "Request failed");
}
