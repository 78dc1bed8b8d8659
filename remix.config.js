import { flatRoutes } from "remix-flat-routes";

// Classic Remix compiler. BUILD_DIR lets parallel test runs keep separate builds;
// by default the build lands where `remix-serve ./build/index.js` expects it.
const buildDir = process.env.BUILD_DIR ?? "build";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes are grouped by audience with remix-flat-routes (README "Where each idea lives"):
  // app/routes/_public+ (the site), admin+ (the staff area), api+ (the JSON API), _ops+ (the
  // operator's health check). Remix's own convention is switched off so each file is read once.
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"] }),
  serverModuleFormat: "esm",
  serverBuildPath: `${buildDir}/index.js`,
  assetsBuildDirectory: `${buildDir === "build" ? "public" : buildDir + "/public"}/build`,
  publicPath: "/build/",
  postcss: true,
  tailwind: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
