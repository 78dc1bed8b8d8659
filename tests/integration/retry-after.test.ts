// Every 429 carries Retry-After, whether the page is posted without JavaScript (a document) or
// by fetch (data). Remix builds a document's headers from the route's `headers` export alone,
// so this goes through Remix's own request handler over a real HTTP server, as remix-serve runs
// it, with the real route modules; a page whose `headers` drops the action's headers fails here.

import http from "node:http";
import { Readable } from "node:stream";
import { createRequestHandler } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trackRequests } from "~/infra/request-scope.server";
import { startSecondStep } from "~/staff/services/session.server";
import * as contact from "~/routes/_public+/contact";
import * as donate from "~/routes/_public+/donate/route";
import * as publications from "~/routes/_public+/publications";
import * as login from "~/routes/admin+/login";
import * as loginCode from "~/routes/admin+/login_.code";
import * as forgotPassword from "~/routes/admin+/forgot-password";
import { resetDatabase } from "./helpers";
import { ensureAdmin } from "./admin-support";
import { serverBuild } from "./server-build-support";
import { listenOnFreePort } from "../../scripts/lib/ports";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.PUBLIC_FORM_LIMIT_PER_MINUTE = "1";
  process.env.PUBLIC_FORM_LIMIT_PER_HOUR = "5";
  process.env.TRUST_PROXY = "true";
});

const pages = {
  "routes/contact": { path: "contact", module: contact },
  "routes/donate": { path: "donate", module: donate },
  "routes/publications": { path: "publications", module: publications },
  "routes/login": { path: "admin/login", module: login },
  "routes/login-code": { path: "admin/login/code", module: loginCode },
  "routes/forgot-password": { path: "admin/forgot-password", module: forgotPassword },
};

/** The app's pages under a bare root; the document is not rendered, its status and headers are what count. */
const build = () =>
  serverBuild({
    pages,
    entry: {
      default: (_request: Request, status: number, headers: Headers) => new Response("page", { status, headers }),
    },
  });

let server: http.Server;
let origin: string;

beforeAll(async () => {
  await resetDatabase();
  trackRequests();
  const handle = createRequestHandler(build());
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handle(
      new Request(url, { method: req.method, headers, body, duplex: "half" } as RequestInit),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  origin = `http://127.0.0.1:${await listenOnFreePort(server)}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A same-origin form post from one client (its own X-Forwarded-For), as a document or by fetch. */
function post(
  path: string,
  fields: Record<string, string>,
  client: string,
  options: { data?: string; cookie?: string } = {},
) {
  const target = options.data ? `${path}?_data=${encodeURIComponent(options.data)}` : path;
  return fetch(`${origin}${target}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": client,
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });
}

async function expectRetryAfter(response: Response, what: string) {
  expect(response.status, what).toBe(429);
  const seconds = Number(response.headers.get("Retry-After"));
  expect(seconds, `${what}: Retry-After`).toBeGreaterThan(0);
}

const contactFields = { name: "Ann", email: "ann@example.com", subject: "general", message: "Hello", channel: "email" };
const donateFields = { type: "one-time", amount: "25", firstName: "Ann", lastName: "Lee", email: "ann@example.com" };

describe("a 429 carries Retry-After", () => {
  let client = 0;
  const nextClient = () => `203.0.113.${++client}`;

  for (const [path, fields] of [
    ["/contact", contactFields],
    ["/donate", donateFields],
    ["/publications", { email: "ann@example.com" }],
  ] as const) {
    it(`on ${path}, as a document and as data`, async () => {
      const id = Object.entries(pages).find(([, page]) => `/${page.path}` === path)![0];
      for (const data of [undefined, id]) {
        const address = nextClient();
        await post(path, fields, address, { data });
        await expectRetryAfter(await post(path, fields, address, { data }), `${path} ${data ? "data" : "document"}`);
      }
    });
  }

  it("on /admin/login and /admin/forgot-password, as a document and as data", async () => {
    for (const data of [undefined, "routes/login"]) {
      const username = `nobody-${client}`;
      let answer: Response | undefined;
      for (let i = 0; i < 6; i++)
        answer = await post("/admin/login", { username, password: "wrong-password-1" }, nextClient(), { data });
      await expectRetryAfter(answer!, `/admin/login ${data ?? "document"}`);
    }
    for (const data of [undefined, "routes/forgot-password"]) {
      const email = `nobody-${client}@example.org`;
      let answer: Response | undefined;
      for (let i = 0; i < 6; i++) answer = await post("/admin/forgot-password", { email }, nextClient(), { data });
      await expectRetryAfter(answer!, `/admin/forgot-password ${data ?? "document"}`);
    }
  });

  it("on /admin/login/code, as a document and as data", async () => {
    const admin = await ensureAdmin();
    for (const data of [undefined, "routes/login-code"]) {
      const setCookie = await startSecondStep({ request: new Request(origin), userId: admin.id });
      const cookie = setCookie.split(";")[0];
      let answer: Response | undefined;
      for (let i = 0; i < 6; i++)
        answer = await post("/admin/login/code", { code: "000000" }, nextClient(), { data, cookie });
      await expectRetryAfter(answer!, `/admin/login/code ${data ?? "document"}`);
    }
  });
});
