// The public forms' per-client throttle: limits small enough to reach, set before the
// environment is first read (vitest's setup file only sets defaults).

import http from "node:http";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/infra/db.server";
import { clientAddress, trackRequests } from "~/infra/request-scope.server";
import { admitFormPost, deleteOldFormPosts } from "~/site/models/form-post.server";
import * as contact from "~/routes/_public+/contact";
import { formRequest, resetDatabase } from "./helpers";
import { nowDate } from "~/infra/clock.server";
import { listenOnFreePort } from "../../scripts/lib/ports";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.PUBLIC_FORM_LIMIT_PER_MINUTE = "3";
  process.env.PUBLIC_FORM_LIMIT_PER_HOUR = "5";
  process.env.TRUST_PROXY = "true";
});

const valid = { name: "Ann", email: "ann@example.com", subject: "general", message: "Hello", channel: "email" };

const send = async (fields: Record<string, string>, forwardedFor: string) =>
  (await contact.action({
    request: formRequest("/contact", fields, { headers: { "X-Forwarded-For": forwardedFor } }),
    params: {},
    context: {},
  } as never)) as Response;

const enquiries = async () => (await getDb().selectFrom("contact_enquiries").select("id").execute()).length;

beforeEach(resetDatabase);

describe("public form throttle", () => {
  it("refuses the 4th post in a minute with 429, Retry-After and the visitor's input kept", async () => {
    for (let i = 0; i < 3; i++) expect((await send(valid, "203.0.113.7")).status).toBe(303);

    const refused = await send({ ...valid, message: "Still here?" }, "203.0.113.7");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const data = await refused.json();
    expect(data.result.error[""][0]).toMatch(/try again in 1 minute/);
    // Conform puts the submitted values back into the form from this.
    expect(data.result.initialValue).toMatchObject({ message: "Still here?", email: "ann@example.com" });
    expect(await enquiries()).toBe(3);
  });

  it("counts each client separately", async () => {
    for (let i = 0; i < 3; i++) await send(valid, "203.0.113.8");
    expect((await send(valid, "203.0.113.8")).status).toBe(429);
    expect((await send(valid, "198.51.100.1")).status).toBe(303);
  });

  it("counts invalid posts too, so a flood of junk is slowed as well", async () => {
    for (let i = 0; i < 3; i++) expect((await send({ email: "nope" }, "203.0.113.9")).status).toBe(400);
    expect((await send(valid, "203.0.113.9")).status).toBe(429);
  });

  it("frees a client after the minute, and holds it to the hourly limit", async () => {
    const db = getDb();
    const limits = { perMinute: 3, perHour: 5 };
    const start = new Date("2026-01-01T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < 3; i++) expect((await admitFormPost(db, "c", limits, at(i))).allowed).toBe(true);
    expect(await admitFormPost(db, "c", limits, at(10))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // A refused post does not count: after the minute the client may post again.
    expect((await admitFormPost(db, "c", limits, at(61))).allowed).toBe(true);
    expect((await admitFormPost(db, "c", limits, at(62))).allowed).toBe(true);
    // Five in the hour: the sixth waits until the first is an hour old.
    expect(await admitFormPost(db, "c", limits, at(130))).toEqual({ allowed: false, retryAfterSeconds: 3600 - 130 });
    expect((await admitFormPost(db, "c", limits, at(3601))).allowed).toBe(true);
  });

  it("with a minute's limit no lower than the hour's, the hour's limit refuses, waiting out the hour", async () => {
    const db = getDb();
    const limits = { perMinute: 4, perHour: 3 };
    const start = new Date("2026-01-01T10:00:00Z");
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    for (let i = 0; i < 3; i++) expect((await admitFormPost(db, "same", limits, at(i))).allowed).toBe(true);
    expect(await admitFormPost(db, "same", limits, at(10))).toEqual({ allowed: false, retryAfterSeconds: 3600 - 10 });
    expect((await admitFormPost(db, "same", limits, at(3601))).allowed).toBe(true);
  });

  it("lets no more than the limit through when posts arrive in parallel", async () => {
    const db = getDb();
    const now = nowDate();
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () => admitFormPost(db, "burst", { perMinute: 3, perHour: 5 }, now)),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });

  it("forgets posts older than an hour", async () => {
    const db = getDb();
    await admitFormPost(db, "old", { perMinute: 3, perHour: 5 }, new Date("2026-01-01T08:00:00Z"));
    await admitFormPost(db, "new", { perMinute: 3, perHour: 5 }, new Date("2026-01-01T09:30:00Z"));
    expect(await deleteOldFormPosts(db, new Date("2026-01-01T10:00:00Z"))).toBe(1);
  });

  it("stores no address, only a keyed hash of it", async () => {
    await send(valid, "203.0.113.10");
    const rows = await getDb().selectFrom("form_posts").select("client").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].client).not.toContain("203.0.113.10");
  });
});

describe("client address", () => {
  it("uses the last X-Forwarded-For entry only when a proxy is trusted", () => {
    const request = new Request("http://localhost/", { headers: { "X-Forwarded-For": "10.0.0.1, 203.0.113.5" } });
    expect(clientAddress(request, true)).toBe("203.0.113.5");
    expect(clientAddress(request, false)).toBe("unknown");
  });

  it("knows the socket's address of a request served by Node's HTTP server", async () => {
    trackRequests();
    const server = http.createServer((_req, res) => {
      // As Remix does: the handler finishes after awaiting other work.
      void Promise.resolve().then(() => res.end(clientAddress(new Request("http://localhost/"), false)));
    });
    const port = await listenOnFreePort(server);
    try {
      const body = await (await fetch(`http://127.0.0.1:${port}/`)).text();
      expect(body).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
