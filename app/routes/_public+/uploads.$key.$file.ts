import type { LoaderFunctionArgs } from "@remix-run/node";
import { readImage } from "~/infra/images.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";
import { notFound } from "~/utils/http";

// Uploaded photos, as stored by app/infra/images.server.ts. A file never changes once written
// (a new photo gets a new key), so browsers and CDNs may keep it for a year.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const image = await readImage(params.key ?? "", params.file ?? "");
  const headers = new Headers();
  applyBaseSecurityHeaders(headers, request);
  if (!image) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    return notFound("Not Found", headers);
  }
  headers.set("Content-Type", image.contentType);
  headers.set("Content-Length", String(image.body.byteLength));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Cache-Control", "public, max-age=31536000, immutable");
  return new Response(new Uint8Array(image.body), { status: 200, headers });
}
