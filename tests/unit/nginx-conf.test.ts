import { readFileSync } from "node:fs";
import http from "node:http";
import { describe, expect, it } from "vitest";

// deploy/nginx.conf keeps idle connections to the instances open for the next request. An
// instance (remix-serve, Node's own HTTP server) closes one after its keep-alive time-out: if
// nginx kept it longer, a request could go down a socket the instance is closing, and a POST
// there is answered 502 and never resent (the config does not resend non-idempotent requests).

const conf = readFileSync("deploy/nginx.conf", "utf8");

/** The directives of the `upstream app { … }` block. */
function upstreamBlock(): string {
  const match = /upstream app \{([^}]*)\}/.exec(conf);
  if (!match) throw new Error("deploy/nginx.conf has no `upstream app` block");
  return match[1];
}

/** An nginx time as milliseconds ("4s", "500ms", "1m"). */
function nginxTimeMs(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  const unit = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? "s"]!;
  return Number(match[1]) * unit;
}

describe("deploy/nginx.conf and the instances' keep-alive", () => {
  it("lets an idle upstream connection go before an instance would close it", () => {
    const block = upstreamBlock();
    expect(block).toMatch(/^\s*keepalive \d+;/m);
    const timeout = /^\s*keepalive_timeout (\S+);/m.exec(block);
    expect(timeout, "the upstream block sets keepalive_timeout (nginx's default is 60 s)").not.toBeNull();
    const server = http.createServer();
    expect(nginxTimeMs(timeout![1])).toBeLessThan(server.keepAliveTimeout);
  });

  it("never resends a POST that reached an instance", () => {
    const nextUpstream = /^\s*proxy_next_upstream ([^;]*);/m.exec(conf);
    expect(nextUpstream).not.toBeNull();
    expect(nextUpstream![1]).not.toContain("non_idempotent");
  });
});
