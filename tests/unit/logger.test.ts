import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, requestId, requestLogger, routeName } from "~/infra/logger.server";
import { readLogLevel } from "~/infra/env.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: createLogger({ level: "info", destination }) };
}

describe("logger", () => {
  it("writes one JSON object per line with a level name, time and event", () => {
    const { lines, logger } = capture();
    logger.info({ event: "test.happened", count: 2 }, "Something happened");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", event: "test.happened", count: 2, msg: "Something happened" });
    expect(typeof lines[0].time).toBe("string");
  });

  it("censors passwords, tokens, cookies, e-mail and postal addresses wherever they are nested", () => {
    const { lines, logger } = capture();
    logger.warn(
      {
        event: "test.sensitive",
        password: "hunter2-secret",
        token: "tok-abcdef",
        user: { id: 3, email: "donor@example.org", address_line1: "1 High Street" },
        req: { headers: { authorization: "Bearer abc", cookie: "session=xyz", "set-cookie": "a=b" } },
        postcode: "SW1A 1AA",
        body: "Dear team, my address is…",
      },
      "sensitive",
    );
    const text = JSON.stringify(lines[0]);
    for (const secret of [
      "hunter2",
      "tok-abcdef",
      "donor@example.org",
      "High Street",
      "Bearer",
      "xyz",
      "a=b",
      "SW1A",
      "Dear team",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ user: { id: 3, email: "[redacted]" } });
  });

  it("gives a request child its request id, route, method and duration", () => {
    const { lines, logger } = capture();
    const request = new Request("http://localhost/admin/login", { method: "POST" });
    const log = requestLogger(request, "routes/admin+/login", { user_id: 4 }, logger);
    log.info({ event: "auth.sign_in" }, "Signed in");
    expect(lines[0]).toMatchObject({ route: "routes/admin+/login", method: "POST", event: "auth.sign_in", user_id: 4 });
    expect(lines[0].request_id).toBe(requestId(request));
    expect(typeof lines[0].duration_ms).toBe("number");
  });

  it("keeps a sane X-Request-Id from a proxy and replaces anything else", () => {
    const forwarded = new Request("http://localhost/", { headers: { "x-request-id": "proxy-id-12345" } });
    expect(requestId(forwarded)).toBe("proxy-id-12345");
    const bogus = new Request("http://localhost/", { headers: { "x-request-id": "<script>" } });
    expect(requestId(bogus)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(bogus)).toBe(requestId(bogus));
  });

  it("names routes without query strings, tokens or addresses", () => {
    expect(routeName(new Request("http://localhost/news/12?email=a@b.c"))).toBe("/news/12");
    expect(routeName(new Request("http://localhost/unsubscribe/aB3dE5fG7hJ9kL1mN3pQ5r"))).toBe(
      "/unsubscribe/:redacted",
    );
    expect(routeName(new Request("http://localhost/x/donor%40example.org"))).toBe("/x/:redacted");
    expect(routeName(new Request("http://localhost/news?_data=routes%2F_public%2B%2Fnews._index"))).toBe(
      "routes/_public+/news._index",
    );
  });

  it("reads LOG_LEVEL, is silent under Vitest by default and info otherwise", () => {
    expect(readLogLevel({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(readLogLevel({ VITEST: "true" })).toBe("silent");
    expect(readLogLevel({})).toBe("info");
    expect(readLogLevel({ LOG_LEVEL: "loud" })).toBe("info");
  });
});
