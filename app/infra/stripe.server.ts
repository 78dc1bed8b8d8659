import type Stripe from "stripe";
import { getEnv, type StripeConfig } from "./env.server";
import { loadOnFirstUse } from "./load-on-first-use.server";

export type { Stripe };

/**
 * The official Stripe client, or null when Stripe is not configured (bank transfers only).
 * STRIPE_API_URL points it at a stand-in server (tests, stripe-mock): its protocol, host and
 * port become the client's options. The secret key stays here: never logged, never sent to a page.
 * It talks through Node's own HTTP client, never the global fetch (remix-serve replaces that with
 * Remix's polyfill, whose timeout path crashes the process: app/infra/outbound-http.server.ts).
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const StripeClient = stripeLibrary();
  const options: ConstructorParameters<typeof StripeClient>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "community-health-aid-uk" },
    httpClient: StripeClient.createNodeHttpClient(),
  };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    options.protocol = url.protocol === "http:" ? "http" : "https";
    options.host = url.hostname;
    options.port = url.port || (url.protocol === "http:" ? 80 : 443);
  }
  return new StripeClient(config.secretKey, options);
}

/** Stripe's library, loaded when the first client is made (card gifts configured or not, most never are). */
const stripeLibrary = loadOnFirstUse<typeof Stripe>("stripe");

const clients = new WeakMap<StripeConfig, Stripe>();

/** The process's client for the configured account, or null without STRIPE_* settings. */
export function getStripe(): { stripe: Stripe; config: StripeConfig } | null {
  const config = getEnv().stripe;
  if (!config) return null;
  let stripe = clients.get(config);
  if (!stripe) {
    stripe = createStripeClient(config);
    clients.set(config, stripe);
  }
  return { stripe, config };
}

/** Whether card gifts are offered (both Stripe keys set). */
export function stripeEnabled(): boolean {
  return getEnv().stripe !== null;
}

/** Checks a webhook's signature (5 minutes' tolerance) and returns its event; throws when it is not Stripe's. */
export function verifyStripeEvent(
  stripe: Stripe,
  config: StripeConfig,
  payload: string,
  signature: string,
  toleranceSeconds = 300,
): Stripe.Event {
  return stripe.webhooks.constructEvent(payload, signature, config.webhookSecret, toleranceSeconds);
}
