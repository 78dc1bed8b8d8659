import { cameFromForeignOrigin } from "./request-scope.server";

/**
 * Rejects cross-site form posts to cookie-authenticated actions (on top of SameSite=Lax).
 * Browsers send Sec-Fetch-Site; older ones send Origin. A request with neither (curl, tests)
 * is not a browser and cannot carry a victim's cookie by surprise.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  // An Origin of another site, taken off before Remix's own guard (request-scope.server.ts).
  if (cameFromForeignOrigin()) return false;
  const origin = request.headers.get("Origin");
  if (!origin || origin === "null") return origin === null;
  return origin === new URL(request.url).origin;
}
