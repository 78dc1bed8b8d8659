import type { LoaderFunctionArgs } from "@remix-run/node";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";
import { requestLogger } from "~/infra/logger.server";
import { checkHealth } from "~/site/index.server";

// For monitors and load balancers: 200 when all is well, 503 when the database cannot be
// read, migrations are pending, or the backup is older than BACKUP_MAX_AGE_SECONDS.
export async function loader({ request }: LoaderFunctionArgs) {
  const report = await checkHealth();
  const status = report.status === "ok" ? 200 : 503;
  if (status !== 200)
    requestLogger(request, "routes/_ops+/healthz").warn({ event: "health.failing", ...report }, "Health check failing");
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(JSON.stringify(report), { status, headers });
}
