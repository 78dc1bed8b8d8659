// Route glue (app/routes/_glue/: the HTTP side shared by routes; no route lives here, since
// remix-flat-routes takes no `.server` file as a route): the JSON API's answers, its capped
// body reader and method dispatch (docs/api.md). Who the caller is: api-guard.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { BodyError, readBodyCapped } from "~/infra/body.server";
import { requestLogger, routeName } from "~/infra/logger.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";

/** Request bodies larger than this are refused with 413 (docs/api.md, "Body errors"). */
export const API_BODY_LIMIT = 256 * 1024;

type Extra = Record<string, unknown>;
type HeadersInit = Record<string, string>;

/** A JSON response; `no-store` because API answers depend on the caller's token or change at once. */
export function apiJson(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });
}

/** An empty answer (204): no body, so no Content-Type either. */
export function apiNoContent(headers: HeadersInit = {}): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Every API error is `{error, ...extra}`. */
export function apiError(status: number, error: string, extra: Extra = {}, headers: HeadersInit = {}): Response {
  return apiJson({ ...extra, error }, status, headers);
}

export function methodNotAllowed(allow: string[], extra: Extra = {}): Response {
  return apiError(405, "Method not allowed", extra, { Allow: allow.join(", ") });
}

/** Field name to messages, as the API promises in `issues`. Wrong types read better than "required". */
export function zodIssues(error: z.ZodError, input: Record<string, unknown>): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? String(issue.path[0]) : "body";
    const present = field in input && input[field] !== undefined && input[field] !== null;
    const message = issue.code === "invalid_type" && present ? `${fieldLabel(field)} must be a string` : issue.message;
    const list = (issues[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return issues;
}

function fieldLabel(field: string): string {
  const words = field.replace(/_/g, " ").replace(/\burl\b/i, "URL");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One readable sentence for `error`, the details stay in `issues`. */
export function summariseIssues(issues: Record<string, string[]>): string {
  const messages = Object.values(issues).flat();
  return messages.length ? messages.join("; ") : "Invalid request";
}

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const [type, ...params] = value.split(";").map((part) => part.trim().toLowerCase());
  if (type !== "application/json") return false;
  // JSON is UTF-8 (RFC 8259); a body declared in another charset would be misread.
  return params.every((param) => {
    const [name, raw = ""] = param.split("=").map((s) => s.trim());
    if (name !== "charset") return true;
    const charset = raw.replace(/^"|"$/g, "");
    return charset === "utf-8" || charset === "utf8";
  });
}

/**
 * The request body as a JSON object. Throws a JSON error Response: 415 when it is not
 * declared as JSON, 413 when it is larger than `limit` (judged from Content-Length when
 * given, otherwise while streaming: reading stops at the limit, the rest is never read),
 * 400 when it is not UTF-8, not JSON, or not an object.
 */
export async function readJsonBody(
  request: Request,
  options: { limit?: number; extra?: Extra } = {},
): Promise<Record<string, unknown>> {
  const { limit = API_BODY_LIMIT, extra = {} } = options;
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw apiError(415, "Content-Type must be application/json", extra);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readBodyCapped(request, limit);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.status === 413) {
      // The unread rest of the body would otherwise sit on a kept-alive connection.
      throw apiError(413, `Request body must be at most ${limit} bytes`, extra, { Connection: "close" });
    }
    throw apiError(400, "Could not read the request body", extra);
  }

  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw apiError(400, "Request body must be UTF-8 encoded JSON", extra);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw apiError(400, "Malformed JSON in request body", extra);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw apiError(400, "Request body must be a JSON object", extra);
  }
  return value as Record<string, unknown>;
}

type Args = LoaderFunctionArgs | ActionFunctionArgs;
type Handler = (args: Args) => Promise<Response>;
type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * One function for a resource route's loader and action: dispatches on the method (HEAD
 * runs GET, the server drops the body), answers 405 with `Allow` for anything else, turns
 * thrown Responses into answers and anything unexpected into a bare 500 JSON, and adds the
 * headers every API response carries.
 */
export function apiRoute(handlers: Partial<Record<Method, Handler>>, options: { errorExtra?: Extra } = {}) {
  const allow = (["GET", "POST", "PUT", "DELETE"] as const).filter((method) => handlers[method]);
  return function handle(args: Args): Promise<Response> {
    const method = args.request.method.toUpperCase();
    const handler = handlers[(method === "HEAD" ? "GET" : method) as Method];
    return withApi(
      args.request,
      async () => (handler ? handler(args) : methodNotAllowed(allow, options.errorExtra)),
      options.errorExtra,
    );
  };
}

/** Runs an API handler: thrown Responses become the answer, anything else a bare 500 JSON. */
export async function withApi(
  request: Request,
  run: () => Promise<Response>,
  errorExtra: Extra = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    if (error instanceof Response) {
      response = error;
    } else {
      // Details go to the server log only.
      requestLogger(request, routeName(request)).error({ event: "request.failed", err: error }, "API request failed");
      response = apiError(500, "Internal server error", errorExtra);
    }
  }
  if (response.status !== 204 && !response.headers.has("Content-Type")) {
    response.headers.set("Content-Type", "application/json; charset=utf-8");
  }
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  applyBaseSecurityHeaders(response.headers, request);
  return response;
}
