import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";
import { previewNewsletter, requireNewsletter } from "~/publishing/index.server";
import { requireRole } from "~/routes/_glue/staff-guard.server";

/**
 * The newsletter's HTML part exactly as it is mailed, for the preview frame on its staff page.
 * It runs no script (CSP without script sources, and the frame is sandboxed), loads images
 * only from the site, and may be framed by the staff page alone.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireRole(request, "newsletters");
  const newsletter = await requireNewsletter(params.id);
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex",
  });
  applyBaseSecurityHeaders(headers, request);
  headers.set("X-Frame-Options", "SAMEORIGIN");
  headers.set(
    "Content-Security-Policy",
    "default-src 'none'; img-src 'self' https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  );
  return new Response((await previewNewsletter(newsletter)).html, { headers });
}
