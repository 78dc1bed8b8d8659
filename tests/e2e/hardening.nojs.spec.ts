// What an outside probe found, checked against the built server as a client would send it
// (raw HTTP, so that methods, Host and chunked bodies arrive exactly as written). Runs once.
import http from "node:http";
import { expect, test } from "@playwright/test";
import { rawStatusLine } from "../../scripts/lib/raw-http";
import { forgetFailedSignIns } from "./support/db";

const port = Number(process.env.E2E_PORT);
const origin = `http://localhost:${port}`;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: { chunks: number; size: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on("error", reject);
    if (body) {
      // Transfer-Encoding: chunked (no Content-Length), written piece by piece.
      const piece = "a".repeat(body.size);
      let sent = 0;
      const writeMore = () => {
        while (sent < body.chunks) {
          sent++;
          if (!request.write(piece)) return void request.once("drain", writeMore);
        }
        request.end();
      };
      writeMore();
    } else request.end();
  });
}

test("TRACE and other methods no route answers get 405 with Allow, not a 500", async () => {
  for (const method of ["TRACE", "PROPFIND", "PURGE"]) {
    const answer = await raw(method, "/");
    expect(answer.status, method).toBe(405);
    expect(answer.headers.allow).toContain("GET");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
  }
});

test("an absolute-form or asterisk request target gets 400, not a 500 (Invalid URL)", async () => {
  const statusLine = (head: string) => rawStatusLine(port, head);
  expect(await statusLine("GET http://evil.example/admin/login HTTP/1.1\r\nHost: evil.example\r\n\r\n")).toBe(
    "HTTP/1.1 400 Bad Request",
  );
  expect(await statusLine("OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
});

test("a refused sign-in page (429, no JavaScript) carries Retry-After, from a client of its own", async () => {
  const username = `nobody-${Date.now().toString(36)}`;
  const signIn = () =>
    new Promise<RawAnswer>((resolve, reject) => {
      const body = new URLSearchParams({ username, password: "not-the-password" }).toString();
      const request = http.request(
        {
          host: "127.0.0.1",
          // Another loopback address: its own per-client count, nobody else's sign-ins slowed.
          localAddress: "127.0.0.23",
          port,
          method: "POST",
          path: "/admin/login",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  try {
    let answer = await signIn();
    for (let i = 0; i < 6 && answer.status !== 429; i++) answer = await signIn();
    expect(answer.status).toBe(429);
    expect(answer.headers["content-type"]).toContain("text/html");
    expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  } finally {
    await forgetFailedSignIns(username);
  }
});

test("a form post with Origin: null is refused with 403 and a reason, like any foreign origin", async () => {
  const answer = await raw(
    "POST",
    "/publications",
    { Origin: "null", "Content-Type": "application/x-www-form-urlencoded" },
    undefined,
  );
  expect(answer.status).toBe(403);
  expect(answer.body).toContain("This form can only be sent from its page on our site.");
});

test("a chunked body over the limit gets its 413 with Connection: close, not a reset connection", async () => {
  const answer = await raw(
    "POST",
    "/contact",
    { "Content-Type": "application/x-www-form-urlencoded" },
    { chunks: 64, size: 16 * 1024 },
  );
  expect(answer.status).toBe(413);
  expect(answer.headers.connection).toBe("close");
});

test("a forged Host or X-Forwarded-Host never reaches a page, feed, sitemap or the API's Link header", async () => {
  const forged = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
  for (const path of ["/news/1", "/news", "/", "/news/rss.xml", "/sitemap.xml", "/robots.txt"]) {
    const answer = await raw("GET", path, forged);
    expect(answer.status, path).toBe(200);
    expect(answer.body, path).not.toContain("evil.example");
    // Without TRUST_PROXY the forwarded proto is not believed: no HSTS over plain HTTP.
    expect(answer.headers["strict-transport-security"], path).toBeUndefined();
  }
  const article = await raw("GET", "/news/1", forged);
  expect(article.body).toContain(`<link rel="canonical" href="${origin}/news/1"/>`);
  const api = await raw("GET", "/api/news?limit=1", forged);
  expect(api.headers.link).toMatch(new RegExp(`^<${origin}/api/news\\?`));
});

test("error pages are never cached, and static files are sent with nosniff", async () => {
  const missing = await raw("GET", "/no-such-page");
  expect(missing.status).toBe(404);
  expect(missing.headers["cache-control"]).toBe("private, no-store");
  const logo = await raw("GET", "/logo.svg");
  expect(logo.status).toBe(200);
  expect(logo.headers["x-content-type-options"]).toBe("nosniff");
});

test("a made-up query string is answered from the cached page instead of a new render", async () => {
  await raw("GET", "/contact");
  const bare = await raw("GET", "/contact");
  const withQuery = await raw("GET", `/contact?x=${Date.now()}`);
  expect(withQuery.status).toBe(200);
  // A fresh render for ?x=… would carry that query in the form's action.
  expect(withQuery.body).not.toContain("?x=");
  expect(withQuery.headers.etag).toBe(bare.headers.etag);
});
