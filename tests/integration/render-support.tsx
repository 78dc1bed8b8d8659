// Whole pages as a visitor's browser receives them, rendered in the test process: the app's own
// route tree (remix.config.js through @remix-run/dev's readConfig), each route module imported as
// it is, and Remix's request handler, so loaders, meta and components run together. Only the
// public routes and the staff sign-in pages are loaded (not the staff area or the API). The
// document entry is a plain render: the app's own (caching, CSP) has its own tests.
import path from "node:path";
import type { EntryContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { renderToString } from "react-dom/server";

const outsideSite = /^routes\/(admin\+\/dashboard\+|api\+|webhooks\+|_ops\+)\//;

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

async function build(): Promise<ServerBuild> {
  const config = await readConfig(process.cwd());
  const entries = Object.values(config.routes).filter((route) => !outsideSite.test(route.file));
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const route of entries) {
    const module = await import(/* @vite-ignore */ path.join(config.appDirectory, route.file));
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module,
    };
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: `/build/${route.id}.js`,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: "ErrorBoundary" in module,
    };
  }
  const handleDocumentRequest = (request: Request, status: number, headers: Headers, context: EntryContext) => {
    headers.set("Content-Type", "text/html; charset=utf-8");
    const html = renderToString(<RemixServer context={context} url={request.url} />);
    return new Response(`<!DOCTYPE html>${html}`, { status, headers });
  };
  return {
    mode: "production",
    entry: { module: { default: handleDocumentRequest } },
    routes,
    assets: {
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/build/manifest.js",
      version: "test",
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { v3_fetcherPersist: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

/** The page at `pathname` as a browser would get it (status, headers and the whole document). */
export async function renderPage(pathname: string, init: RequestInit = {}): Promise<Response> {
  handler ??= build().then((serverBuild) => createRequestHandler(serverBuild, "production"));
  return (await handler)(new Request(new URL(pathname, "http://localhost").toString(), init));
}
