import crypto from "node:crypto";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === "https:" || request.headers.get("x-forwarded-proto") === "https";
}

/**
 * Content-Security-Policy for documents. Remix's inline scripts carry the per-request nonce.
 * form-action also allows the mail and WhatsApp hand-offs, because browsers check the target
 * of a redirect that follows a form post (the contact form ends in one of those).
 */
export function contentSecurityPolicy(nonce: string, options: { development?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    // Per-element style attributes (e.g. staggered animation delays); no inline <style>.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws://localhost:* ws://127.0.0.1:*" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self' mailto: https://wa.me https://api.whatsapp.com",
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

export function applyDocumentSecurityHeaders(headers: Headers, request: Request, nonce: string): void {
  applyBaseSecurityHeaders(headers, request);
  headers.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, { development: process.env.NODE_ENV === "development" }),
  );
}
