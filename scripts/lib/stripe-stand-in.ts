import http from "node:http";
import type { AddressInfo } from "node:net";

// A small stand-in for Stripe's API, for tests (as Stripe's own stripe-mock is used): the
// official `stripe` client is pointed at it with STRIPE_API_URL. It records every request
// (method, path, headers, the form-encoded parameters as flat `a[b][0]` keys) and answers
// Checkout Session, Price and Subscription calls with realistic JSON. Same idempotency key,
// same answer, as Stripe does. GET /c/pay/{session} is a page standing in for Checkout's.

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

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: RecordedRequest[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  let sequence = 0;
  const state: { failWith: number | null } = { failWith: null };

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
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
