import crypto from "node:crypto";
import { firstHeaderValue } from "~/utils/public-url";
import { getEnv, nodeEnvIs } from "./env.server";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/** HTTPS as the visitor reached us: the request's own scheme, or a trusted proxy's word for it. */
function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return getEnv().TRUST_PROXY && firstHeaderValue(request.headers.get("x-forwarded-proto"))?.toLowerCase() === "https";
}

/**
 * Which inline scripts a document may run: those carrying this response's nonce, or (for a
 * page that may be shared, from our page cache or a CDN, where a nonce would be public) those
 * whose SHA-256 is listed (`'sha256-…'` sources, see inlineScriptHashes).
 */
export type InlineScripts = { nonce: string } | { hashes: string[] };

/**
 * Content-Security-Policy for documents. Remix's inline scripts carry the per-request nonce,
 * or are listed by hash on shareable pages; modules load from 'self' (no 'strict-dynamic':
 * see docs/decisions/). form-action also allows the mail and WhatsApp hand-offs, because browsers check the target
 * of a redirect that follows a form post (the contact form ends in one of those), and Stripe
 * Checkout's origin when card gifts are configured (the donate form's redirect; no Stripe.js).
 */
export function contentSecurityPolicy(scripts: InlineScripts, options: { development?: boolean } = {}): string {
  const inline = "nonce" in scripts ? [`'nonce-${scripts.nonce}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  const checkout = getEnv().stripe?.checkoutOrigins.join(" ");
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inline].join(" "),
    "style-src 'self'",
    // Per-element style attributes (e.g. staggered animation delays); no inline <style>.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // With card gifts on, the donate form's 303 goes on to Stripe Checkout's origin (and only then).
    `form-action 'self'${checkout ? ` ${checkout}` : ""} mailto: https://wa.me https://api.whatsapp.com`,
  ].join("; ");
}

/** Headers every response gets, documents and data alike. */
export function applyBaseSecurityHeaders(headers: Headers, request: Request): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  if (isHttps(request)) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}

export function applyDocumentSecurityHeaders(headers: Headers, request: Request, scripts: InlineScripts): void {
  applyBaseSecurityHeaders(headers, request);
  headers.set("Content-Security-Policy", contentSecurityPolicy(scripts, { development: nodeEnvIs("development") }));
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The base64 SHA-256 of every inline script in a rendered document, in order, without
 * repeats: what a CSP `'sha256-…'` source matches (the script's text exactly as written, since
 * a script element's content is raw text). Scripts with a src are covered by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(crypto.createHash("sha256").update(body, "utf8").digest("base64"));
  }
  return [...hashes];
}
