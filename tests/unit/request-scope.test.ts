import http from "node:http";
import { describe, expect, it } from "vitest";
import { oncePerRequest, takeForeignOrigin, trackRequests } from "~/infra/request-scope.server";
import { rawStatusLine } from "../../scripts/lib/raw-http";
import { listenOnFreePort } from "../../scripts/lib/ports";

const request = (method: string, headers: Record<string, string>) => ({ method, headers: { ...headers } });

describe("takeForeignOrigin", () => {
  it("takes off an Origin of another host on unsafe methods, as Remix's guard would refuse it", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const incoming = request(method, { host: "charity.example", origin: "https://evil.example" });
      expect(takeForeignOrigin(incoming)).toBe(true);
      expect(incoming.headers).toEqual({ host: "charity.example" });
    }
  });

  it("leaves the site's own Origin, compared with the first X-Forwarded-Host or else Host", () => {
    const own = request("POST", { host: "localhost:3000", origin: "http://localhost:3000" });
    expect(takeForeignOrigin(own)).toBe(false);
    expect(own.headers.origin).toBe("http://localhost:3000");
    const proxied = request("POST", {
      host: "127.0.0.1:3000",
      "x-forwarded-host": "charity.example, inner.example",
      origin: "https://charity.example",
    });
    expect(takeForeignOrigin(proxied)).toBe(false);
    // Behind a proxy the forwarded host is the one that counts, not the socket's Host.
    expect(
      takeForeignOrigin(
        request("POST", {
          host: "charity.example",
          "x-forwarded-host": "other.example",
          origin: "https://charity.example",
        }),
      ),
    ).toBe(true);
  });

  it("ignores safe methods and no Origin", () => {
    expect(takeForeignOrigin(request("GET", { host: "a.example", origin: "https://b.example" }))).toBe(false);
    expect(takeForeignOrigin(request("POST", { host: "a.example" }))).toBe(false);
  });

  it("takes off the opaque 'null' Origin as foreign (Remix's guard answered it with an empty 500)", () => {
    const nullOrigin = request("POST", { host: "a.example", origin: "null" });
    expect(takeForeignOrigin(nullOrigin)).toBe(true);
    expect(nullOrigin.headers.origin).toBeUndefined();
  });

  it("counts an unreadable Origin, or one with no Host to compare, as foreign", () => {
    expect(takeForeignOrigin(request("POST", { host: "a.example", origin: "not a url" }))).toBe(true);
    expect(takeForeignOrigin(request("POST", { origin: "https://a.example" }))).toBe(true);
  });
});

describe("oncePerRequest", () => {
  it("computes once within a request, and afresh after its answer has gone or outside any request", async () => {
    trackRequests();
    let computed = 0;
    const compute = () => ++computed;
    let afterAnswer!: Promise<number>;
    const server = http.createServer((_request, response) => {
      const first = oncePerRequest("version", compute);
      const again = oncePerRequest("version", compute);
      response.end(`${first},${again}`);
      // Work the request started that goes on after its answer (as the mail sender does).
      afterAnswer = new Promise((resolve) => setTimeout(() => resolve(oncePerRequest("version", compute)), 0));
    });
    const port = await listenOnFreePort(server);
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("1,1");
      expect(await afterAnswer).toBe(2);
      expect(oncePerRequest("version", compute)).toBe(3);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("a request target that is not a path", () => {
  it("is answered 400 at the door (absolute form, asterisk form), before the app builds a URL from it", async () => {
    trackRequests();
    const reached: string[] = [];
    const server = http.createServer((request, response) => {
      reached.push(request.url ?? "");
      // What Express and Remix do with it: a URL from Host and the target.
      response.end(String(new URL(`http://${request.headers.host}${request.url}`).pathname));
    });
    const port = await listenOnFreePort(server);
    try {
      for (const head of [
        "GET http://evil.example/admin/login HTTP/1.1\r\nHost: evil.example\r\n\r\n",
        "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n",
      ]) {
        expect(await rawStatusLine(port, head), head).toBe("HTTP/1.1 400 Bad Request");
      }
      expect(reached).toEqual([]);
      expect(await rawStatusLine(port, "GET /admin/login HTTP/1.1\r\nHost: localhost\r\n\r\n")).toBe("HTTP/1.1 200 OK");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
