// Route glue (app/routes/_glue/, never a route): a publication's PDF as an HTTP answer, for the
// public download (/publications/<slug>.pdf) and the staff copy. docs/decisions/0041.
// - `Content-Disposition: attachment` with the stable address's name: the card's link says
//   Download, and the visitor keeps a file named after the publication (a PDF opened inline
//   would run the browser's viewer on the site's origin; attachment keeps it a plain file).
// - `Cache-Control: public, no-cache` with a strong ETag (the document's SHA-256): browsers and
//   CDNs keep a copy but ask each time, so a replaced or unpublished document is never served
//   stale, and an unchanged one costs a 304 without reading the bytes.
// - `X-Content-Type-Options: nosniff` and a sandboxing CSP (applyBaseSecurityHeaders + below).
import { publicDocument, staffDocument } from "~/publishing/index.server";
import type { DocumentDownload } from "~/publishing/index.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";
import { notFound } from "~/utils/http";

export { publicDocument, staffDocument };

const NOT_FOUND = "There is no such document.";

export async function documentResponse(
  request: Request,
  download: DocumentDownload | null,
  cacheControl: string,
): Promise<Response> {
  const headers = new Headers();
  applyBaseSecurityHeaders(headers, request);
  if (!download) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    throw notFound(NOT_FOUND, headers);
  }
  const etag = `"${download.sha256}"`;
  headers.set("ETag", etag);
  headers.set("Last-Modified", new Date(download.uploadedAt).toUTCString());
  headers.set("Cache-Control", cacheControl);
  const wanted = request.headers.get("If-None-Match");
  if (wanted && wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  const body = await download.read();
  if (!body) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    headers.set("Cache-Control", "no-store");
    headers.delete("ETag");
    headers.delete("Last-Modified");
    throw notFound(NOT_FOUND, headers);
  }
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Length", String(body.byteLength));
  headers.set("Content-Disposition", `attachment; filename="${download.filename}"`);
  // Opened in a browser tab despite the attachment, it runs no script of ours.
  headers.set("Content-Security-Policy", "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  return new Response(new Uint8Array(body), { status: 200, headers });
}
