// The load of the appeal-night bench and of the pledge profiler: autocannon posting pledges to
// /donate (no JavaScript, each post a new donor), and the floor's GETs.
import crypto from "node:crypto";
import autocannon from "autocannon";
import { status5xxOf } from "./cluster";

/**
 * How long a request may take before it counts as an error. Not 10 s: at 200 connections
 * autocannon serves its own connections unevenly once the server is saturated. Against a bare
 * Node server spending 1.1 ms a request it measured p99 1.5 s and a slowest answer of 5 s, where
 * Node's own HTTP client on the same server saw 0.47 s at most (docs/performance.md): a pledge,
 * twice the floor's work, then shows a few answers past 10 s that no server-side queue explains.
 * A browser waits minutes; 30 s still fails a server that truly stalls.
 */
const CLIENT_TIMEOUT_SECONDS = 30;

export interface Run {
  perSecond: number;
  p50: number;
  p99: number;
  /** The slowest answer (ms). */
  max: number;
  status5xx: number;
  errors: number;
  /** Anything but the answer expected (a 303 to the thank-you page or to Checkout/the wait page). */
  unexpected: number;
  /** Location of each expected answer. */
  locations: string[];
}

export const header = (headers: Record<string, unknown>, name: string) => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key ? String(headers[key]) : "";
};

/** GET `url` by `connections` for `seconds` (with `headers`, if any). */
export async function getLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
): Promise<Run> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: CLIENT_TIMEOUT_SECONDS, headers });
  const status5xx = status5xxOf(result);
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    status5xx,
    errors: result.errors, // autocannon counts time-outs among its errors
    unexpected: result.non2xx,
    locations: [],
  };
}

/**
 * POST /donate by `connections` for `seconds`, each post a new donor (a fresh e-mail address).
 * Only answers that `expected(location)` accepts count as acknowledged.
 */
export async function postLoad(
  base: string,
  connections: number,
  seconds: number,
  fields: Record<string, string>,
  expected: (location: string) => boolean,
): Promise<Run> {
  const locations: string[] = [];
  let unexpected = 0;
  const run = `${Date.now().toString(36)}${crypto.randomBytes(2).toString("hex")}`;
  let n = 0;
  const result = await autocannon({
    url: `${base}/donate`,
    connections,
    duration: seconds,
    timeout: CLIENT_TIMEOUT_SECONDS,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        setupRequest: (request) => {
          n += 1;
          const body = new URLSearchParams({
            type: "one-time",
            amount: "25",
            firstName: "Tele",
            lastName: "Thon",
            email: `wave-${run}-${n}@example.org`,
            ...fields,
          }).toString();
          return { ...request, body };
        },
        onResponse: (status, _body, _context, headers) => {
          const location = header(headers as Record<string, unknown>, "location");
          if (status === 303 && expected(location)) locations.push(location);
          else unexpected += 1;
        },
      },
    ],
  });
  const status5xx = status5xxOf(result);
  return {
    perSecond: locations.length / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    status5xx,
    errors: result.errors, // autocannon counts time-outs among its errors
    unexpected,
    locations,
  };
}
