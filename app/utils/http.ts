// The one way a route refuses (docs/decisions/0007-errors.md): a thrown Response made here, never
// one built by hand in a route file (tests/unit/route-refusals.test.ts checks). A page route's
// ErrorBoundary (or the site-wide one) shows the message inside the page, with the way back; a
// resource route's refusal is sent as it is. Form answers (Conform's `json({ result }, { status:
// 400 })`) are not refusals: the form is shown again. (A Response is a web standard, so this
// module is client-safe.)

const STATUS_TEXT = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  401: "Unauthorized",
  502: "Bad Gateway",
} as const;

export type RefusalStatus = keyof typeof STATUS_TEXT;

/** A refusal: `status` with `message` as its text (and any headers, e.g. a content type). */
export function refusal(status: RefusalStatus, message: string, headers?: HeadersInit): Response {
  return new Response(message, { status, statusText: STATUS_TEXT[status], headers });
}

/** A 404 for a loader or action to throw. */
export function notFound(message: string, headers?: HeadersInit): Response {
  return refusal(404, message, headers);
}

/** Refuses (throws) with `status` and `message` unless `condition` holds: `invariantResponse(event, "No such event")`. */
export function invariantResponse(
  condition: unknown,
  message: string,
  status: RefusalStatus = 404,
  headers?: HeadersInit,
): asserts condition {
  if (!condition) throw refusal(status, message, headers);
}
