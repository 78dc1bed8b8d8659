/**
 * A 404 for a loader or action to throw: the route's ErrorBoundary shows the message inside
 * the page, with the way back. (A Response is a web standard, so this is client-safe.)
 */
export function notFound(message: string): Response {
  return new Response(message, { status: 404, statusText: "Not Found" });
}
