// Nobody can lock the staff out (an anonymous client's 100 failed sign-ins across any
// usernames used to make every account answer 429, the admin with the right password included).
// Clients are told apart by X-Forwarded-For, so a proxy is trusted here.

import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/infra/db.server";
import { clientKey } from "~/infra/request-scope.server";
import {
  FAILURE_SURGE,
  MAX_FAILURES_PER_CLIENT,
  MAX_FAILURES_PER_USERNAME,
  recordLoginFailure,
} from "~/staff/models/login-throttle.server";
import * as apiLogin from "~/routes/api+/auth.login";
import * as webLogin from "~/routes/admin+/login";
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE, ensureAdmin, run } from "./admin-support";
import { resetDatabase } from "./helpers";

// The environment this file runs with, set before its imports run (vi.hoisted).
vi.hoisted(() => {
  process.env.TRUST_PROXY = "true";
});

const viaApi = (username: string, password: string, client: string) =>
  run(
    apiLogin.action,
    new Request(`${BASE}/api/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify({ username, password }),
    }),
  );

const viaForm = (username: string, password: string, client: string) =>
  run(
    webLogin.action,
    new Request(`${BASE}/admin/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE, "X-Forwarded-For": client },
      body: new URLSearchParams({ username, password }),
    }),
  );

const keyOf = (address: string) => clientKey(new Request(`${BASE}/`, { headers: { "X-Forwarded-For": address } }));

beforeEach(async () => {
  await resetDatabase();
  await ensureAdmin();
});

describe("a spray of failed sign-ins", () => {
  it("from one client across many usernames stops that client, and the admin elsewhere still signs in", async () => {
    const attacker = "198.51.100.66";
    const statuses: number[] = [];
    for (let i = 0; i < MAX_FAILURES_PER_CLIENT + 5; i++) {
      const response =
        i % 2 ? await viaApi(`victim-${i}`, "guess", attacker) : await viaForm(`victim-${i}`, "guess", attacker);
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get("Retry-After")).toMatch(/^\d+$/);
    }
    expect(statuses.slice(0, MAX_FAILURES_PER_CLIENT).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses.slice(MAX_FAILURES_PER_CLIENT).every((s) => s === 429)).toBe(true);

    expect((await viaApi(ADMIN_USERNAME, ADMIN_PASSWORD, "203.0.113.10")).status).toBe(200);
    const web = await viaForm(ADMIN_USERNAME, ADMIN_PASSWORD, "203.0.113.10");
    expect(web.status).toBe(303);
    expect(web.headers.get("Set-Cookie")).toMatch(/__session=/);
  });

  it("from many clients, far past any old global limit, never refuses the right password", async () => {
    // 150 recent failures from 30 clients across 150 usernames, each client under its own limit.
    const db = getDb();
    for (let i = 0; i < 150; i++)
      await recordLoginFailure(db, { username: `user-${i}`, client: keyOf(`192.0.2.${i % 30}`) });
    expect((await viaApi(ADMIN_USERNAME, ADMIN_PASSWORD, "203.0.113.20")).status).toBe(200);
    expect((await viaForm(ADMIN_USERNAME, ADMIN_PASSWORD, "192.0.2.7")).status).toBe(303);
    expect(FAILURE_SURGE).toBeLessThan(150);
  });

  it("still locks a username after its own failures, whichever clients they came from", async () => {
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++)
      expect((await viaApi("editor", "guess", `192.0.2.${100 + i}`)).status).toBe(401);
    const locked = await viaApi("editor", "guess", "192.0.2.200");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
