// A Remix server build made by hand, for tests that go through Remix's own request handler
// (`createRequestHandler`) with real route modules under a bare root, without building the app.
import type { ServerBuild } from "@remix-run/node";

type RouteModule = Record<string, unknown>;

/**
 * A build whose root route is `root` (a module: `default` and, if it has one, `loader`) with each
 * page of `pages` (route id → its path and module) as a child, answered by `entry` (the entry
 * module: `default` renders the document, `handleError` if the test wants the app's).
 */
export function serverBuild({
  root = { default: () => null },
  pages = {},
  entry,
}: {
  root?: RouteModule;
  pages?: Record<string, { path: string; module: RouteModule }>;
  entry: RouteModule;
}): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: root } };
  const manifest: Record<string, unknown> = {
    root: { id: "root", path: "", module: "/build/root.js", hasAction: "action" in root, hasLoader: "loader" in root },
  };
  for (const [id, { path, module }] of Object.entries(pages)) {
    routes[id] = { id, path, parentId: "root", module };
    manifest[id] = { id, path, parentId: "root", module: `/build/${id}.js`, hasAction: true, hasLoader: true };
  }
  return {
    mode: "production",
    basename: "/",
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    isSpaMode: false,
    future: {},
    routes,
    assets: {
      url: "/build/manifest.js",
      version: "1",
      entry: { module: "/build/entry.js", imports: [] },
      routes: manifest,
    },
    entry: { module: entry },
  } as unknown as ServerBuild;
}
