import http from "node:http";
import { listenOnFreePort } from "./ports";

// A small stand-in for Stripe's API, for tests (as Stripe's own stripe-mock is used): the
// official `stripe` client is pointed at it with STRIPE_API_URL. It records every request
// (method, path, headers, the form-encoded parameters as flat `a[b][0]` keys) and answers
// Checkout Session (create, expire), Price, Subscription and Payment Method calls with realistic JSON. Same idempotency key,
// same answer, as Stripe does. GET /c/pay/{session} is a page standing in for Checkout's.
// `rateLimitPerSecond` (option, or set later) answers Checkout Session creations above that many
// in any second with Stripe's 429 (`Retry-After: 1`, `Stripe-Should-Retry`, a rate_limit_error),
// before the idempotency key is looked at, as Stripe does; refused calls are not remembered.

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parameters as sent: `line_items[0][price_data][unit_amount]` → "2500". */
  params: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** Makes the next API calls fail with Stripe's error shape (e.g. 500), until set back to null. */
  failWith: number | null;
  /** Checkout Session creations allowed in any second (null: no limit); above it, 429. */
  rateLimitPerSecond: number | null;
  /** Creations answered 429 so far. */
  rateLimited: number;
  /** Distinct Checkout Sessions made, by client_reference_id (an idempotent replay is not a new one). */
  sessionsByReference: Map<string, string[]>;
  /** Direct Debit: the customer each payment method belongs to (GET /v1/payment_methods/:id). */
  paymentMethodCustomers: Map<string, string>;
  close(): Promise<void>;
}

/**
 * What a Checkout Session's line items add up to, as Stripe computes `amount_total`: each line's
 * unit_amount × quantity (event tickets send a ticket line and a donation line).
 */
export function lineItemsTotal(params: Record<string, string>): number {
  let total = 0;
  for (let index = 0; `line_items[${index}][price_data][unit_amount]` in params; index += 1) {
    const unit = Number(params[`line_items[${index}][price_data][unit_amount]`]);
    const quantity = Number(params[`line_items[${index}][quantity]`] ?? 1);
    total += unit * quantity;
  }
  return total;
}

function json(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${Date.now()}` });
  response.end(JSON.stringify(body));
}

export async function startStripeStandIn(options: { rateLimitPerSecond?: number } = {}): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  let sequence = 0;
  const state: { failWith: number | null; rateLimitPerSecond: number | null; rateLimited: number } = {
    failWith: null,
    rateLimitPerSecond: options.rateLimitPerSecond ?? null,
    rateLimited: 0,
  };
  /** When each Checkout Session creation of the last second was accepted. */
  let creations: number[] = [];
  const sessionsByReference = new Map<string, string[]>();
  const expired = new Set<string>();
  const paymentMethodCustomers = new Map<string, string>();

  /** Whether this creation is over the limit (and, when not, counts it). */
  function overLimit(): boolean {
    if (state.rateLimitPerSecond === null) return false;
    const at = Date.now();
    creations = creations.filter((t) => t > at - 1000);
    if (creations.length >= state.rateLimitPerSecond) return true;
    creations.push(at);
    return false;
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://stand-in");
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      if (url.pathname.startsWith("/c/pay/")) {
        response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in Checkout</title></head><body><main><h1>Stand-in Checkout</h1><p>${url.pathname.slice("/c/pay/".length)}</p></main></body></html>`,
        );
        return;
      }
      requests.push({ method: request.method ?? "", path: url.pathname, headers: request.headers, params });
      if (state.failWith) {
        json(response, state.failWith, { error: { type: "api_error", message: "The stand-in was told to fail." } });
        return;
      }
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions" && overLimit()) {
        state.rateLimited += 1;
        response.writeHead(429, {
          "Content-Type": "application/json",
          "Request-Id": `req_${Date.now()}`,
          "Retry-After": "1",
          "Stripe-Should-Retry": "true",
        });
        response.end(
          JSON.stringify({
            error: {
              type: "invalid_request_error",
              code: "rate_limit",
              message: "Too many requests hit the API too quickly.",
            },
          }),
        );
        return;
      }
      const key = request.headers["idempotency-key"];
      const idempotent = typeof key === "string" ? answered.get(`${request.method} ${url.pathname} ${key}`) : undefined;
      if (idempotent) {
        json(response, idempotent.status, idempotent.body);
        return;
      }
      const answer = route(request.method ?? "", url.pathname, params);
      if (typeof key === "string") answered.set(`${request.method} ${url.pathname} ${key}`, answer);
      json(response, answer.status, answer.body);
    });
  });

  const created = () => Math.floor(Date.now() / 1000);

  function route(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } {
    sequence += 1;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const id = `cs_test_${String(sequence).padStart(6, "0")}`;
      const reference = params.client_reference_id ?? "";
      sessionsByReference.set(reference, [...(sessionsByReference.get(reference) ?? []), id]);
      const amount = lineItemsTotal(params);
      const metadata = Object.fromEntries(
        Object.entries(params)
          .filter(([k]) => /^metadata\[[^\]]+\]$/.test(k))
          .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
      );
      return {
        status: 200,
        body: {
          id,
          object: "checkout.session",
          amount_subtotal: amount,
          amount_total: amount,
          client_reference_id: params.client_reference_id ?? null,
          created: created(),
          currency: params["line_items[0][price_data][currency]"] ?? "gbp",
          customer: null,
          customer_email: params.customer_email ?? null,
          expires_at: params.expires_at ? Number(params.expires_at) : created() + 86400,
          livemode: false,
          metadata,
          mode: params.mode,
          payment_intent: null,
          payment_status: "unpaid",
          status: "open",
          subscription: null,
          success_url: params.success_url,
          cancel_url: params.cancel_url,
          url: `${origin}/c/pay/${id}`,
        },
      };
    }
    // Ticket holds that lapse first: the session is expired (Stripe answers 400 once it is complete or expired).
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire && method === "POST") {
      if (expired.has(expire[1])) {
        return { status: 400, body: { error: { type: "invalid_request_error", message: "Session is not open." } } };
      }
      expired.add(expire[1]);
      return { status: 200, body: { id: expire[1], object: "checkout.session", status: "expired" } };
    }
    // A Direct Debit mandate names its payment method; the method names the customer.
    const paymentMethod = /^\/v1\/payment_methods\/([^/]+)$/.exec(path);
    if (paymentMethod && method === "GET") {
      return {
        status: 200,
        body: {
          id: paymentMethod[1],
          object: "payment_method",
          type: "bacs_debit",
          customer: paymentMethodCustomers.get(paymentMethod[1]) ?? null,
          livemode: false,
        },
      };
    }
    if (method === "POST" && path === "/v1/prices") {
      return {
        status: 200,
        body: {
          id: `price_${sequence}`,
          object: "price",
          active: true,
          currency: params.currency ?? "gbp",
          unit_amount: Number(params.unit_amount ?? 0),
          recurring: params["recurring[interval]"]
            ? { interval: params["recurring[interval]"], interval_count: 1 }
            : null,
          type: params["recurring[interval]"] ? "recurring" : "one_time",
          livemode: false,
        },
      };
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subscription && method === "DELETE") {
      return {
        status: 200,
        body: {
          id: subscription[1],
          object: "subscription",
          status: "canceled",
          canceled_at: created(),
          cancellation_details: {
            comment: params["cancellation_details[comment]"] ?? null,
            feedback: null,
            reason: "cancellation_requested",
          },
          metadata: {},
          livemode: false,
        },
      };
    }
    const changed = subscriptionChange(method, path, params, created());
    if (changed) return changed;
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  const port = await listenOnFreePort(server);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: origin,
    origin,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(value: number | null) {
      state.failWith = value;
    },
    get rateLimitPerSecond() {
      return state.rateLimitPerSecond;
    },
    set rateLimitPerSecond(value: number | null) {
      state.rateLimitPerSecond = value;
      creations = [];
    },
    get rateLimited() {
      return state.rateLimited;
    },
    sessionsByReference,
    paymentMethodCustomers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Your giving (docs/decisions/0028-your-giving.md): a monthly card gift's amount read and changed. Self-contained:
// the subscription's monthly amount is kept per id, £25 until it is changed.
const subscriptionAmounts = new Map<string, number>();

/** GET /v1/subscriptions/:id and POST /v1/subscriptions/:id (items[0][price_data][unit_amount]), or null for anything else. */
function subscriptionChange(
  method: string,
  path: string,
  params: Record<string, string>,
  now: number,
): { status: number; body: unknown } | null {
  const match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
  if (!match || (method !== "GET" && method !== "POST")) return null;
  const id = match[1];
  if (method === "POST" && params["items[0][price_data][unit_amount]"]) {
    subscriptionAmounts.set(id, Number(params["items[0][price_data][unit_amount]"]));
  }
  const amount = subscriptionAmounts.get(id) ?? 2500;
  // The billing period: from now to a month on (Stripe's current API keeps it on each item; older
  // ones on the subscription), which a Direct Debit's next collection is read from.
  const periodEnd = new Date(now * 1000);
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  const period = { current_period_start: now, current_period_end: Math.floor(periodEnd.getTime() / 1000) };
  return {
    status: 200,
    body: {
      id,
      object: "subscription",
      status: "active",
      created: now,
      ...period,
      items: {
        object: "list",
        data: [
          {
            id: `si_${id}`,
            object: "subscription_item",
            quantity: 1,
            ...period,
            price: {
              id: `price_${id}_${amount}`,
              object: "price",
              currency: "gbp",
              unit_amount: amount,
              product: `prod_${id}`,
              recurring: { interval: "month", interval_count: 1 },
              type: "recurring",
            },
          },
        ],
      },
      metadata: {},
      livemode: false,
    },
  };
}
