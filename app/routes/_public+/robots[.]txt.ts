import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildRobots } from "~/publishing/utils/feeds";
import { absoluteUrl } from "~/infra/public-url.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";

// A route rather than a file in public/: the Sitemap line must be an absolute URL, and only
// the request knows which host the site is served as.
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = new Headers({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "public, max-age=86400",
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(buildRobots(absoluteUrl("/sitemap.xml")), { headers });
}
