// Absolute URLs are built on PUBLIC_URL (app/infra/public-url.server.ts), never on request headers.

/** The first entry of a comma-separated header a proxy appends to (X-Forwarded-Host, -Proto). */
export function firstHeaderValue(header: string | null | undefined): string | undefined {
  const value = header?.split(",")[0]?.trim();
  return value ? value : undefined;
}
