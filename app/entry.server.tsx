import { PassThrough } from "node:stream";
import type { ActionFunctionArgs, EntryContext, HandleDataRequestFunction, LoaderFunctionArgs } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/components/nonce";
import { trackClientAddresses } from "~/infra/client-address.server";
import { getDataVersion, getDb } from "~/infra/db.server";
import { hasSessionCookie } from "~/infra/cookies.server";
import { logger, requestLogger, routeName } from "~/infra/logger.server";
import { pageCache, pageCacheKey, publicCacheControl, restampNonce } from "~/infra/page-cache.server";
import { scheduleHousekeeping } from "~/services/housekeeping.server";
import { nextScheduledPublish } from "~/services/news.server";
import { startMailSender } from "~/services/mail-sender.server";
import { ADMIN_ROOT } from "~/utils/admin-paths";
import { applyBaseSecurityHeaders, applyDocumentSecurityHeaders, createNonce } from "~/infra/security-headers.server";

const ABORT_DELAY = 5_000;

// Wiring done once, when remix-serve loads the server build: per-client addresses for the
// public-form throttle (app/infra/client-address.server.ts). News writes clear the page cache
// in app/services/news.server.ts; housekeeping runs from the requests below, at most hourly.
trackClientAddresses();
// The outbox sender (app/services/mail-sender.server.ts): delivers what a killed server left
// queued at once, then polls for retries; writes that queue mail also kick it after commit.
startMailSender();

/**
 * Shared caches (a CDN) may keep public pages briefly; browsers always revalidate, so staff
 * see their own edits at once. Anything for a signed-in user is never stored.
 */
const PUBLIC_CACHE = { maxAge: 0, sMaxage: 60, staleWhileRevalidate: 300 };
const PRIVATE_CACHE_CONTROL = "private, no-store";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  scheduleHousekeeping();
  const nonce = createNonce();
  applyDocumentSecurityHeaders(responseHeaders, request, nonce);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const cacheKey = responseHeaders.has("Set-Cookie") ? null : pageCacheKey(request, responseStatusCode, remixContext);
  const dataVersion = cacheKey ? await getDataVersion(getDb()) : 0;
  // Public pages list articles: neither this cache nor a CDN may keep one past the moment the
  // next scheduled article goes public.
  const expiresAt = cacheKey ? await nextScheduledPublish() : null;
  if (cacheKey) {
    responseHeaders.set("Cache-Control", publicCacheControl(PUBLIC_CACHE, expiresAt));
    responseHeaders.append("Vary", "Cookie");
    const cached = pageCache.get(cacheKey, dataVersion);
    if (cached) {
      return new Response(restampNonce(cached, nonce), { status: responseStatusCode, headers: responseHeaders });
    }
  } else if (hasSessionCookie(request) || new URL(request.url).pathname.startsWith(ADMIN_ROOT)) {
    responseHeaders.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }

  // Crawlers, no-JavaScript visitors and pages about to be cached get the whole document at
  // once; browsers otherwise get it streamed.
  const waitForAll = cacheKey !== null || isbot(request.headers.get("user-agent") ?? "");
  const readyEvent = waitForAll ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
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
              const html = Buffer.concat(chunks).toString("utf8");
              if (responseStatusCode === 200) pageCache.set(cacheKey, { html, nonce, dataVersion, expiresAt });
              resolve(new Response(html, { status: responseStatusCode, headers: responseHeaders }));
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

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  scheduleHousekeeping();
  applyBaseSecurityHeaders(response.headers, request);
  return response;
};

export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  // Aborted requests (the visitor navigated away) are not errors worth reporting.
  if (request.signal.aborted) return;
  requestLogger(request, routeName(request)).error({ event: "request.failed", err: error }, "Request failed");
}
