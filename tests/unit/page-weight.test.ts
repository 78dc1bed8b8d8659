// Bytes are deterministic: a fresh production build (a few seconds) must keep every public
// page's JavaScript and CSS within budget, counted exactly as `npm run budget` counts them
// (scripts/lib/page-weight.ts). A page over budget fails naming the modules that weigh most.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PAGE_BUDGET,
  kb,
  publicPageRouteIds,
  readBuild,
  type BuildWeights,
  type PageWeight,
} from "../../scripts/lib/page-weight";

let buildDir: string;
let build: BuildWeights;

beforeAll(() => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "charity-page-weight-"));
  execFileSync(path.join("node_modules", ".bin", "remix"), ["build"], {
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  build = readBuild(buildDir);
}, 120_000);

afterAll(() => {
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
});

/** What the page loads beyond what every page loads (the framework, root), biggest first. */
function report(page: PageWeight, shared: Set<string>): string {
  const own = page.modules.filter((module) => !shared.has(module.module));
  const list = (modules: PageWeight["modules"]) =>
    modules
      .slice(0, 12)
      .map((module) => `  ${kb(module.bytes).padStart(6)} KB  ${module.module}`)
      .join("\n");
  return (
    `${page.page}: JS ${kb(page.jsBytes)} KB (budget ${kb(PAGE_BUDGET.jsBytes)}), ` +
    `CSS ${kb(page.cssBytes)} KB (budget ${kb(PAGE_BUDGET.cssBytes)})\n` +
    `this page's own modules, gzipped:\n${list(own)}\nits biggest modules:\n${list(page.modules)}`
  );
}

describe("public pages' weight", () => {
  it("covers every page a visitor can open, and no staff page", () => {
    const pages = publicPageRouteIds(build).map((id) => build.page(id).page);
    for (const page of [
      "/",
      "/news",
      "/news/:id",
      "/donate",
      "/donate/card/:reference/wait",
      "/appeals/:slug",
      "/fundraise/:slug",
      "/fundraise/manage/:token",
      "/contact",
      "/get-involved/:page",
      "/get-involved/:page/applied",
      "/publications",
      "/privacy",
      "/events",
      "/events/:slug",
      "/events/:slug/order/:reference",
      "/events/:slug/offer/:token",
      "/admin/login",
      "/giving",
      "/giving/link/:token",
      "/giving/account",
      "/giving/pledges/:reference/stop",
      "/giving/pledges/:reference/amount",
      "/giving/declarations/:id/cancel",
      "/giving/declarations/new",
      "/giving/details",
    ]) {
      expect(pages).toContain(page);
    }
    // Staff pages sit behind the sign-in; resource routes (feeds, API, health) ship no page.
    expect(pages.filter((page) => page.startsWith("/admin/dashboard"))).toEqual([]);
    expect(pages).not.toContain("/news/rss.xml");
    expect(pages).not.toContain("/healthz");
  });

  it("every public page ships at most the budget of JavaScript and CSS, with no exception", () => {
    const pages = publicPageRouteIds(build).map((id) => build.page(id));
    // Modules in every page (React, Remix, the root's frame) are not what a page added.
    const shared = new Set(
      pages[0].modules
        .map((module) => module.module)
        .filter((name) => pages.every((page) => page.modules.some((m) => m.module === name))),
    );
    const over = pages.filter((page) => page.jsBytes > PAGE_BUDGET.jsBytes || page.cssBytes > PAGE_BUDGET.cssBytes);
    expect(over.map((page) => report(page, shared)).join("\n\n"), "pages over budget").toBe("");
  });

  it("turbo-stream is stubbed out of the browser build only while Remix's single fetch is off", async () => {
    // tsconfig.json maps `turbo-stream` to app/utils/turbo-stream-off.ts, whose decoder throws:
    // Remix's browser code calls it only with single fetch on.
    const tsconfig = JSON.parse(fs.readFileSync("tsconfig.json", "utf8")) as {
      compilerOptions: { paths: Record<string, string[]> };
    };
    const stubbed = tsconfig.compilerOptions.paths["turbo-stream"] !== undefined;
    const config = (await import("../../remix.config.js")).default as { future?: { v3_singleFetch?: boolean } };
    if (stubbed) expect(config.future?.v3_singleFetch, "single fetch needs turbo-stream: remove the stub").toBe(false);
    const modules = build.page(publicPageRouteIds(build)[0]).modules.map((module) => module.module);
    expect(modules).not.toContain("turbo-stream");
  });

  it("no public page ships zod or Conform's zod adapter (the server validates with them)", () => {
    for (const id of publicPageRouteIds(build)) {
      const page = build.page(id);
      const modules = page.modules.map((module) => module.module);
      expect(modules, page.page).not.toContain("zod");
      expect(modules, page.page).not.toContain("@conform-to/zod");
    }
  });
});
