// What each page of a build makes the browser download before it runs, read from the build
// itself (the classic compiler's esbuild metafile and Remix's asset manifest): the entry, the
// scripts of every route the page matches (root, layouts, leaf) and every chunk they import,
// directly or through another chunk, and the stylesheets those modules bring. Chunks reached
// only by `import()` are left out: they load when used, not with the page. Each file counts
// gzipped at level 9, as a server's compression would send it. One home for these numbers:
// `npm run budget` prints them and the budget test (tests/unit/page-weight.test.ts) holds them.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

/** Gzipped bytes a page may ship: every public page, form pages included, with no exception. */
export const PAGE_BUDGET = { jsBytes: 100 * 1024, cssBytes: 25 * 1024 } as const;

interface MetafileOutput {
  bytes: number;
  entryPoint?: string;
  imports: { path: string; kind: string }[];
  inputs: Record<string, { bytesInOutput: number }>;
}
interface Metafile {
  inputs: Record<string, { imports: { path: string }[] }>;
  outputs: Record<string, MetafileOutput>;
}
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}
interface Manifest {
  entry: { module: string };
  routes: Record<string, ManifestRoute>;
}

export interface PageWeight {
  /** The page's URL pattern, e.g. `/news/:id`. */
  page: string;
  /** Route ids from root to the page's own route. */
  routeIds: string[];
  jsBytes: number;
  cssBytes: number;
  /** Every file loaded, with its gzipped size, biggest first. */
  files: { file: string; bytes: number }[];
  /** Source modules in the page's JavaScript, biggest first; bytes are gzipped, shared out by raw size. */
  modules: { module: string; bytes: number }[];
}

export interface BuildWeights {
  routes: Record<string, ManifestRoute>;
  /** The weight of the page whose deepest matched route is `routeId`. */
  page(routeId: string): PageWeight;
  /** Every route that renders something (resource routes have no default export). */
  uiRouteIds(): string[];
}

/** The project's root: esbuild's metafile names files relative to it. */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Where remix.config.js puts the browser assets of a build in `buildDir`. */
export function assetsDirOf(buildDir: string): string {
  return buildDir === "build" ? path.join("public", "build") : path.join(buildDir, "public", "build");
}

/** Reads a finished `remix build` from `buildDir` (the folder holding index.js and the metafiles). */
export function readBuild(buildDir: string, root = PROJECT_ROOT): BuildWeights {
  const metafile = JSON.parse(fs.readFileSync(path.resolve(root, buildDir, "metafile.js.json"), "utf8")) as Metafile;
  const assetsDir = path.resolve(root, assetsDirOf(buildDir));
  const manifestFile = fs.readdirSync(assetsDir).find((name) => /^manifest-[0-9A-Z]+\.js$/.test(name));
  if (!manifestFile) throw new Error(`no Remix manifest in ${assetsDir}`);
  const manifestSource = fs.readFileSync(path.join(assetsDir, manifestFile), "utf8");
  const manifest = JSON.parse(manifestSource.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;

  // Metafile keys are relative to the project root; manifest modules are URLs under /build/.
  const outputs = new Map(Object.entries(metafile.outputs).map(([key, output]) => [path.resolve(root, key), output]));
  const fileOfUrl = (url: string) => path.join(assetsDir, url.replace(/^\/build\//, ""));
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(file), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };

  /** The file and every chunk or stylesheet it pulls in statically. */
  function closure(file: string, seen: Set<string>) {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of outputs.get(file)?.imports ?? []) {
      if (imported.kind === "import-statement" || imported.kind === "file-loader") {
        closure(path.resolve(root, imported.path), seen);
      }
    }
  }

  function chain(routeId: string): string[] {
    const ids: string[] = [];
    for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
      if (!manifest.routes[id]) throw new Error(`route ${id} is not in the build`);
      ids.unshift(id);
    }
    return ids;
  }

  function urlPattern(ids: string[]): string {
    const segments = ids.map((id) => manifest.routes[id].path).filter((segment): segment is string => !!segment);
    return ("/" + segments.join("/")).replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
  }

  function page(routeId: string): PageWeight {
    const routeIds = chain(routeId);
    const seen = new Set<string>();
    closure(fileOfUrl(manifest.entry.module), seen);
    for (const id of routeIds) closure(fileOfUrl(manifest.routes[id].module), seen);
    const files = [...seen].map((file) => ({ file, bytes: gzipSize(file) }));
    const js = files.filter(({ file }) => file.endsWith(".js"));
    const css = files.filter(({ file }) => file.endsWith(".css"));
    const modules = new Map<string, number>();
    for (const { file, bytes } of js) {
      const output = outputs.get(file);
      if (!output) continue;
      const raw = Object.values(output.inputs).reduce((sum, input) => sum + input.bytesInOutput, 0) || 1;
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const name = moduleName(input);
        modules.set(name, (modules.get(name) ?? 0) + (bytes * bytesInOutput) / raw);
      }
    }
    const sum = (list: { bytes: number }[]) => list.reduce((total, { bytes }) => total + bytes, 0);
    return {
      page: urlPattern(routeIds),
      routeIds,
      jsBytes: sum(js),
      cssBytes: sum(css),
      files: files.map(({ file, bytes }) => ({ file: path.relative(assetsDir, file), bytes })).sort(bySize),
      modules: [...modules].map(([module, bytes]) => ({ module, bytes: Math.round(bytes) })).sort(bySize),
    };
  }

  // Remix's browser module of a resource route (no default export) is an empty stub that
  // imports nothing; a page's re-exports its route file.
  function uiRouteIds(): string[] {
    return Object.values(manifest.routes)
      .filter((route) => {
        const entryPoint = outputs.get(fileOfUrl(route.module))?.entryPoint;
        return !!entryPoint && (metafile.inputs[entryPoint]?.imports.length ?? 0) > 0;
      })
      .map((route) => route.id);
  }

  return { routes: manifest.routes, page, uiRouteIds };
}

const bySize = (a: { bytes: number }, b: { bytes: number }) => b.bytes - a.bytes;

/** A package's name (`zod`, `@conform-to/react`), or the app file's path, for a metafile input. */
function moduleName(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (match) return match[1];
  return input.replace(/^browser-route-module:/, "app/").replace(/\?browser$/, "");
}

/**
 * Routes a visitor reaches without signing in: every route with a page, except the staff
 * area's dashboard (behind the sign-in). New public routes are included as they appear.
 */
export function publicPageRouteIds(build: BuildWeights): string[] {
  const ui = new Set(build.uiRouteIds());
  const hasUiChild = new Set([...ui].map((id) => build.routes[id].parentId).filter(Boolean));
  // The staff-only preview of a page's draft (docs/site-editor.md) is drawn in the public frame,
  // but a visitor gets a 404 there: it is a staff page.
  const staffOnly = (id: string) =>
    id.startsWith("routes/admin+/dashboard") || id.startsWith("routes/_public+/preview.");
  // A parent's page is part of each child's page: the children (deepest routes) weigh the most.
  return [...ui].filter((id) => !hasUiChild.has(id) && !staffOnly(id)).sort();
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
