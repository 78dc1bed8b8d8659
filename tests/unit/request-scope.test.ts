import { describe, expect, it } from "vitest";
import { takeForeignOrigin } from "~/infra/request-scope.server";

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
