// A POST to a page that has no action is the client's mistake: Remix answers 405 and hands the
// refusal to the app's handleError, which logs it as a warning, never at error level (where an
// operator's alerts look). Run through Remix's own request handler, with the app's real entry.
import { createRequestHandler } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { logger } from "~/infra/logger.server";
import { serverBuild } from "./server-build-support";

/** A one-page app: a root route with a loader and no action, and the app's handleError. */
function onePageApp() {
  return serverBuild({
    root: { default: () => null, loader: () => null },
    entry: { default: (_request: Request, status: number) => new Response("page", { status }), handleError },
  });
}

afterEach(() => vi.restoreAllMocks());

describe("a POST to a page without an action", () => {
  it("answers 405 and logs a warning, not an error", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const response = await createRequestHandler(onePageApp())(
      new Request("http://localhost/", { method: "POST", body: new URLSearchParams({ a: "1" }) }),
    );
    expect(response.status).toBe(405);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).toHaveBeenCalledWith(
      expect.objectContaining({ event: "request.refused", status: 405 }),
      "Request refused",
    );
  });

  it("still logs a loader's real failure at error level", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => {});
    const build = onePageApp();
    build.routes.root.module.loader = () => {
      throw new Error("database unreachable");
    };
    const response = await createRequestHandler(build)(new Request("http://localhost/"));
    expect(response.status).toBe(500);
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ event: "request.failed" }), "Request failed");
  });
});
