import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import { firstHeaderValue } from "~/utils/public-url";
import { getEnv } from "./env.server";
import { getSessionSecrets } from "./session-secret.server";
import { isDraining, onDrain } from "./shutdown.server";

/**
 * What only Node's own request knows, kept for the rest of the request's work.
 *
 * remix-serve hands the app a Fetch `Request`, which carries no socket, and the stack keeps
 * remix-serve (no custom server). So the server build, when loaded, wraps Node's HTTP server
 * `request` event in an AsyncLocalStorage scope; all the request's work, Remix's loaders and
 * actions included, runs inside it. The scope holds:
 *
 * - the socket's remote address, for per-client throttling (`clientAddress`);
 * - values every part of one request should agree on, worked out once (`oncePerRequest`);
 * - whether the request came with a foreign `Origin` (`cameFromForeignOrigin`). Remix 2 answers
 *   a POST, PUT, PATCH or DELETE to a page whose Origin names another host than
 *   X-Forwarded-Host or Host with an empty 500, before any action runs (its CSRF guard). That
 *   is a refusal, not a server error: the header is taken off here and remembered instead, so
 *   the request reaches its route, and `isSameOriginRequest` refuses it with a 403 that says
 *   why. Routes the token in their URL authorises (the one-click unsubscribe) go on as before.
 */
interface RequestScope {
  address: string | undefined;
  foreignOrigin: boolean;
  /** Which request this is, for a log line about it written where no Request is at hand. */
  request?: { method: string; path: string; requestId: string | undefined };
  response?: http.ServerResponse;
  /** Values worked out once for the whole request (`oncePerRequest`). */
  once?: Map<unknown, unknown>;
}

const scope = new AsyncLocalStorage<RequestScope>();
let tracking = false;
const servers = new Set<http.Server>();

/**
 * `compute()` the first time this request asks for `key`, the same answer after that; outside
 * a request (scripts, tests calling a loader) every call computes afresh. So does work that
 * outlives its request's answer (the mail sender or housekeeping, started by a request, carry
 * its scope along): it must not go on with a value from a request long finished.
 */
export function oncePerRequest<T>(key: unknown, compute: () => T): T {
  const store = scope.getStore();
  if (!store || store.response?.writableEnded) return compute();
  store.once ??= new Map();
  if (!store.once.has(key)) store.once.set(key, compute());
  return store.once.get(key) as T;
}

/** Runs `work` as the handling of one request would (for tests of what is kept per request). */
export function asOneRequest<T>(work: () => T): T {
  return scope.run({ address: undefined, foreignOrigin: false }, work);
}

/**
 * On SIGTERM (a rolling restart), keep-alive connections from a proxy must not hold the process:
 * from then on every answer closes its connection, and idle ones are closed as they appear.
 */
function drainConnections(): void {
  for (const server of servers) server.closeIdleConnections();
  setInterval(() => servers.forEach((server) => server.closeIdleConnections()), 100).unref();
}

/** Every method a route of ours answers; anything else (TRACE, CONNECT, made-up ones) is 405. */
const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const ALLOW_HEADER = [...ALLOWED_METHODS].join(", ");

/** A 405 before Express and Remix see the request (they would answer TRACE with a 500). */
function refuseMethod(response: http.ServerResponse): true {
  response.writeHead(405, {
    Allow: ALLOW_HEADER,
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  response.end("Method Not Allowed");
  return true;
}

/**
 * A request target that is not a path (the absolute form `GET http://host/path`, or the asterisk
 * form `OPTIONS *`): Express and Remix would build an invalid URL from it and answer 500. Proxies
 * send origin-form paths; anything else is answered 400 at the door.
 */
function refuseTarget(response: http.ServerResponse): true {
  response.writeHead(400, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    Connection: "close",
  });
  response.end("Bad Request: the request target must be a path on this site.");
  return true;
}

/**
 * Without a trusted proxy in front, X-Forwarded-Host and X-Forwarded-Proto are whatever a client
 * typed: taken off at the door, so nothing later (Remix's CSRF guard, HSTS) can believe them.
 */
function ignoreForwardedHeaders(request: http.IncomingMessage): void {
  delete request.headers["x-forwarded-host"];
  delete request.headers["x-forwarded-proto"];
}

let staticFiles: Set<string> | undefined;

/**
 * remix-serve sends /build/* and the files in public/ itself, before our headers are added:
 * they get `nosniff` here (our own responses set it themselves; setting it twice would repeat it).
 */
function isStaticFile(url: string | undefined): boolean {
  const pathname = (url ?? "").split("?")[0];
  if (pathname.startsWith("/build/")) return true;
  staticFiles ??= new Set(
    fs.existsSync("public")
      ? fs
          .readdirSync("public", { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map(
            (entry) => `/${path.relative("public", path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
          )
      : [],
  );
  return staticFiles.has(pathname);
}

export function trackRequests(): void {
  if (tracking) return;
  tracking = true;
  onDrain(drainConnections);
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      servers.add(this);
      const request = args[0] as http.IncomingMessage;
      const response = args[1] as http.ServerResponse;
      if (isDraining()) response.shouldKeepAlive = false;
      if (!ALLOWED_METHODS.has(request.method ?? "")) return refuseMethod(response);
      if (!request.url?.startsWith("/")) return refuseTarget(response);
      if (!getEnv().TRUST_PROXY) ignoreForwardedHeaders(request);
      if (isStaticFile(request.url)) response.setHeader("X-Content-Type-Options", "nosniff");
      const state: RequestScope = {
        address: request.socket?.remoteAddress,
        foreignOrigin: takeForeignOrigin(request),
        response,
        request: {
          method: request.method ?? "",
          path: request.url.split("?")[0],
          requestId: firstHeaderValue(request.headers["x-request-id"]?.toString()),
        },
      };
      return scope.run(state, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Removes and reports an Origin header that Remix's guard would answer with a 500: on an
 * unsafe method, "null", or an Origin whose host (or which, unreadable, has none) is not the
 * first X-Forwarded-Host, or else the Host.
 */
export function takeForeignOrigin(request: Pick<http.IncomingMessage, "method" | "headers">): boolean {
  if (!UNSAFE_METHODS.has(request.method ?? "")) return false;
  const origin = request.headers.origin;
  if (!origin) return false;
  // "null" (a sandboxed frame, a privacy-minded redirect) names no site at all: refused like any
  // foreign one, with a 403 that says why, instead of Remix's empty 500.
  if (origin === "null") {
    delete request.headers.origin;
    return true;
  }
  const forwarded = request.headers["x-forwarded-host"];
  const host = firstHeaderValue(Array.isArray(forwarded) ? forwarded.join(",") : forwarded) ?? request.headers.host;
  if (host && URL.canParse(origin) && new URL(origin).host === host) return false;
  delete request.headers.origin;
  return true;
}

/**
 * The answer to this request ends its connection (a body was refused part-way: whatever the
 * client still sends cannot be the start of a next request). False when there is no socket to
 * close (a request made in a test).
 */
export function closeConnectionAfterResponse(): boolean {
  const response = scope.getStore()?.response;
  if (!response || response.headersSent) return false;
  response.shouldKeepAlive = false;
  return true;
}

/**
 * The request the running code belongs to (its method, path without the query string, and the
 * proxy's X-Request-Id if any), or undefined outside a request. Work a request started carries
 * its scope along, so a promise it left behind still names it (app/infra/last-resort.server.ts).
 */
export function currentRequest(): { method: string; path: string; requestId: string | undefined } | undefined {
  return scope.getStore()?.request;
}

/** Whether this request arrived with an Origin of another site (taken off by `trackRequests`). */
export function cameFromForeignOrigin(): boolean {
  return scope.getStore()?.foreignOrigin ?? false;
}

/**
 * The address of the client a request came from, for per-client throttling.
 *
 * Behind a reverse proxy every socket is the proxy's: set TRUST_PROXY=true and the address is
 * taken from the last X-Forwarded-For entry (the one the proxy itself saw). Without it the
 * header is ignored, since any client can write it.
 */
export function clientAddress(request: Request, trustProxy: boolean = getEnv().TRUST_PROXY): string {
  if (trustProxy) {
    const forwarded = request.headers.get("X-Forwarded-For");
    const last = forwarded
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return scope.getStore()?.address ?? "unknown";
}

/**
 * The client's address as a keyed hash, for per-client counters (public forms, sign-in): enough
 * to count its requests, useless to anyone who reads the tables without the secret.
 */
export function clientKey(request: Request): string {
  return crypto.createHmac("sha256", getSessionSecrets()[0]).update(clientAddress(request)).digest("base64url");
}
