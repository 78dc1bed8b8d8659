// Shared by the API integration and fuzz tests: builds Requests the way remix-serve hands
// them to resource routes, and calls the route modules directly.
import { expect } from "vitest";
import { createSession } from "~/staff/models/session.server";
import { createUser, type User } from "~/staff/models/user.server";
import { getDb } from "~/infra/db.server";

export const BASE = "http://localhost";

export interface ApiRequestInit {
  method?: string;
  /** Serialised as JSON with Content-Type application/json. */
  json?: unknown;
  /** A raw body (string, bytes or stream), sent as is. */
  body?: BodyInit;
  token?: string;
  headers?: Record<string, string>;
}

export function apiRequest(path: string, init: ApiRequestInit = {}): Request {
  const headers: Record<string, string> = {};
  let body = init.body;
  if (init.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(init.json);
  }
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  Object.assign(headers, init.headers);
  const requestInit: RequestInit & { duplex?: "half" } = { method: init.method ?? "GET", headers, body };
  if (body instanceof ReadableStream) requestInit.duplex = "half";
  return new Request(new URL(path, BASE).toString(), requestInit);
}

type RouteFn = (args: {
  request: Request;
  params: Record<string, string>;
  context: Record<string, unknown>;
}) => Promise<Response>;
interface RouteModule {
  loader: unknown;
  action: unknown;
}

/** Sends a request the way Remix does: GET, HEAD and OPTIONS to the loader, the rest to the action. */
export async function call(
  route: RouteModule,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  const fn = (["GET", "HEAD", "OPTIONS"].includes(request.method) ? route.loader : route.action) as RouteFn;
  return fn({ request, params, context: {} });
}

/** The body as JSON, asserting the API's content type on the way. */
export async function jsonOf(response: Response): Promise<any> {
  expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
  return JSON.parse(await response.text());
}

/** The headers every API answer carries. */
export function expectApiHeaders(response: Response): void {
  expect(response.headers.get("Cache-Control")).toBe("no-store");
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBeTruthy();
  if (response.status !== 204) expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
}

export const TEST_PASSWORD = "a-long-test-password-123";

export async function createApiUser(username = "editor"): Promise<User> {
  return createUser(getDb(), username, TEST_PASSWORD);
}

/** A live API token for the user, created directly (as a Playwright login fixture would). */
export async function tokenFor(user: User, now?: Date): Promise<string> {
  return (await createSession(getDb(), user.id, "api", now)).token;
}
