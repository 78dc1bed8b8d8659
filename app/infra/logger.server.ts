/**
 * The application's log: one JSON object per line on stdout (pino), for an operator's log
 * collector. See docs/operations.md "Logs" for the convention every feature follows:
 *
 *   import { logger, requestLogger } from "~/infra/logger.server";
 *   logger.info({ event: "import.finished", rows: 120 }, "Import finished");
 *   const log = requestLogger(request, "admin.news.edit");   // adds request_id, route, method
 *   log.info({ event: "news.updated", news_id: 7 }, "News article updated"); // + duration_ms
 *   log.error({ event: "request.failed", err: error }, "Updating a news article failed");
 *
 * - `event` is a stable dotted name (`area.what_happened`) to search and alert on.
 * - Log ids (user_id, news_id, pledge_id), never personal data: no passwords, tokens, cookies,
 *   e-mail addresses, postal addresses or message bodies. The `redact` list below censors the
 *   usual field names as a safety net, not as permission to pass such data in.
 * - Errors go under `err` so pino serialises message and stack.
 */
import { randomUUID } from "node:crypto";
import pino, { type Logger } from "pino";
import { readLogLevel } from "./env.server";

export type { Logger };

// Field names whose values never reach the log, at the top level and one or two levels down
// (e.g. `{ user: { email } }`, `{ req: { headers: { cookie } } }`).
const SENSITIVE_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "password_hash",
  "token",
  "accessToken",
  "refreshToken",
  "access_token",
  "refresh_token",
  "sessionToken",
  "session_token",
  "secret",
  "authorization",
  "Authorization",
  "cookie",
  "Cookie",
  '["set-cookie"]',
  "email",
  "emailAddress",
  "email_address",
  "to",
  "replyTo",
  "address",
  "address1",
  "address2",
  "addressLine1",
  "addressLine2",
  "address_line1",
  "address_line2",
  "postcode",
  "phone",
  "body",
  "html",
  "text",
  "messageBody",
  "message_body",
];

export const REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) => {
  const dotted = key.startsWith("[") ? key : `.${key}`;
  return [key, `*${dotted}`, `*.*${dotted}`];
});

/** Creates a logger; the app uses the shared `logger` below, tests may pass their own stream. */
export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? readLogLevel(),
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      // Children made by requestLogger carry their start time: every line they write says
      // how long the request has been running.
      mixin(_object, _level, instance) {
        const started = startTimes.get(instance as Logger);
        return started === undefined ? {} : { duration_ms: Math.round(performance.now() - started) };
      },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

const startTimes = new WeakMap<Logger, number>();
const requestIds = new WeakMap<Request, string>();

/** The shared application logger. Level from LOG_LEVEL (default info; silent under Vitest). */
export const logger: Logger = createLogger();

// A proxy's request id is kept when it looks like one, so its logs and ours line up.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's id: the proxy's `X-Request-Id` when sane, otherwise a fresh UUID (stable per Request). */
export function requestId(request: Request): string {
  let id = requestIds.get(request);
  if (!id) {
    id = saneRequestId(request.headers.get("x-request-id")) ?? randomUUID();
    requestIds.set(request, id);
  }
  return id;
}

// Path segments that may carry a secret or personal data (tokens, e-mail addresses, long ids).
const SENSITIVE_SEGMENT = /@|^[A-Za-z0-9_-]{20,}$/;

/**
 * A loggable name for where a request went, when no route id is at hand (handleError): the
 * route id Remix sends with data requests (`?_data=`), otherwise the path with segments that
 * could be tokens or addresses replaced by `:redacted`. Never the query string.
 */
export function routeName(request: Request): string {
  const url = new URL(request.url);
  const routeId = url.searchParams.get("_data");
  if (routeId && /^[\w.$[\]/+-]{1,200}$/.test(routeId)) return routeId;
  return loggablePath(url.pathname);
}

/** A path with segments that could be tokens or addresses replaced by `:redacted`. */
export function loggablePath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (SENSITIVE_SEGMENT.test(safeDecode(segment)) ? ":redacted" : segment))
    .join("/")
    .slice(0, 200);
}

/** A proxy's request id when it looks like one (so its logs and ours line up), else undefined. */
export function saneRequestId(forwarded: string | null | undefined): string | undefined {
  return forwarded && FORWARDED_ID.test(forwarded) ? forwarded : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A child logger for one request: every line carries `request_id`, `route`, `method` and
 * `duration_ms` (time since this call), plus `bindings` (e.g. `{ user_id }`). Call it at the
 * start of a loader or action. The route
 * is a stable name (the route module id, e.g. "routes/admin+/login"), never the URL, whose
 * query string may hold personal data.
 */
export function requestLogger(
  request: Request,
  route: string,
  bindings: Record<string, string | number> = {},
  parent: Logger = logger,
): Logger {
  const child = parent.child({ request_id: requestId(request), route, method: request.method, ...bindings });
  startTimes.set(child, performance.now());
  return child;
}
