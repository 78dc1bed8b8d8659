import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BodyError, readBodyCapped } from "~/infra/body.server";
import { clientKey } from "~/infra/request-scope.server";
import { applyBaseSecurityHeaders } from "~/infra/security-headers.server";
import { receiveStripeWebhook } from "~/site/index.server";

// POST /webhooks/stripe: Stripe's signed events, the only thing that records card money.
// A resource route for a server, not a browser: no cookie, no same-origin check (Stripe sends
// no Origin; the signature is the authority), never cached, the body read raw (the signature
// covers its exact bytes), at most 512 KB.

/** Stripe's events are far smaller; anything bigger is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

function reply(request: Request, status: number, body: object, extra: Record<string, string> = {}): Response {
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex",
    ...extra,
  });
  applyBaseSecurityHeaders(headers, request);
  return new Response(JSON.stringify(body), { status, headers });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return reply(request, 405, { error: "Use POST." }, { Allow: "POST" });
  let payload: string;
  try {
    payload = new TextDecoder("utf-8", { fatal: true }).decode(await readBodyCapped(request, MAX_EVENT_BYTES));
  } catch (error) {
    if (error instanceof BodyError) return reply(request, error.status, { error: error.message });
    return reply(request, 400, { error: "The body is not UTF-8 text." });
  }
  const outcome = await receiveStripeWebhook(payload, request.headers.get("Stripe-Signature"), clientKey(request));
  switch (outcome.status) {
    case 200:
      return reply(request, 200, { received: true, handled: outcome.handled });
    case 400:
      return reply(request, 400, { error: outcome.reason });
    case 429:
      return reply(
        request,
        429,
        { error: "Too many requests with a bad signature." },
        { "Retry-After": String(outcome.retryAfterSeconds) },
      );
    case 404:
      return reply(request, 404, { error: "Card payments are not configured." });
  }
}

/** A GET (a person checking the address) is told what this is for. */
export function loader({ request }: LoaderFunctionArgs) {
  return reply(request, 405, { error: "Stripe posts its events here." }, { Allow: "POST" });
}
