// The rules (README "Architecture", docs/decisions/): app/ is grouped by domain, and inside a domain
// imports only point down.
//   Domains: giving, gift-aid, supporters, causes, events, publishing, staff, mail, and site (what
//   runs the site itself: settings, health, housekeeping, the public forms' door). Each is a folder
//   app/DOMAIN/ with services/ → models/ (the only SQL) → app/infra, and schemas/ and utils/ (pure,
//   client-safe). Anything outside a domain (routes, components, root, another domain) reaches its
//   server code through its entry only, app/DOMAIN/index.server.ts; its schemas/ and utils/ (forms
//   and pure rules the browser runs too) are public and imported directly, because the browser
//   bundle cannot tree-shake through a barrel (every page importing one would ship every form).
//   utils, content and schemas at the top of app/ are shared pure modules; components are shared by
//   browser and server, so no `.server` code. HTTP glue (guards such as `requireRole`, redirects,
//   JSON answers) lives in app/routes/_glue/; that services, models and utils build no Response is
//   an ESLint rule (eslint.config.js), not an import rule.
// Run with `npm run lint` (or `npx depcruise app db --config .dependency-cruiser.cjs`).
module.exports = {
  forbidden: [
    {
      name: "domain-insides",
      comment:
        "A domain's server insides (services, models) are its own: routes, components and other domains call its entry, app/DOMAIN/index.server.ts.",
      severity: "error",
      from: {
        path: "^(app/[^/]+|app/[^/]+[.]tsx?)",
        pathNot: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/",
      },
      to: {
        path: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/(services|models)/",
      },
    },
    {
      name: "domain-insides-of-another",
      comment:
        "One domain reaches another's server code only through that domain's entry, never its services or models.",
      severity: "error",
      from: { path: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/" },
      to: {
        path: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/(services|models)/",
        pathNot: "^app/$1/",
      },
    },
    {
      name: "infra-points-up",
      comment: "app/infra is the bottom layer: it may not import a domain, routes or components.",
      severity: "error",
      from: { path: "^app/infra/" },
      to: { path: "^app/((giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)|routes|components)/" },
    },
    {
      name: "models-point-up",
      comment: "Models (the only modules that run SQL) may not import services, routes or components.",
      severity: "error",
      from: { path: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/models/" },
      to: {
        path: [
          "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/services/",
          "^app/(routes|components)/",
        ],
      },
    },
    {
      name: "services-point-up",
      comment: "Services (use cases) may not import routes or components.",
      severity: "error",
      from: { path: "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/services/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "pure-modules-import-layers",
      comment:
        "utils, content and schemas (shared, or a domain's own) are pure and client-safe: they may not import infra, services, models, routes, components or a server entry.",
      severity: "error",
      from: {
        path: [
          "^app/(utils|content|schemas)/",
          "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/(utils|schemas)/",
        ],
      },
      to: {
        path: [
          "^app/(infra|routes|components)/",
          "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/(services|models)/",
          "^app/(giving|gift-aid|supporters|causes|events|publishing|staff|mail|site)/index[.]server[.]ts$",
        ],
      },
    },
    {
      name: "components-import-server",
      comment: "Components are bundled for the browser: no .server modules and no infra, domain server code or routes.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: ["[.]server[.][jt]sx?$", "^app/(infra|routes)/"] },
    },
    {
      name: "routes-skip-services",
      comment:
        "One read path: routes call a domain's entry, the domain's services call its models. A route may not open the database itself.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: ["^app/infra/db[.]server[.]ts$"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "nothing-imports-routes",
      comment:
        "Route modules are entry points for Remix; shared code belongs in a lower layer. Only another route (app/root.tsx is the root route) may reuse one (e.g. /news/page/N re-exports /news, root.tsx takes its server needs from routes/_glue).",
      severity: "error",
      from: { pathNot: "^app/(routes/|root[.]tsx$)" },
      to: { path: "^app/routes/" },
    },
    {
      name: "migrations-import-app",
      comment: "Migrations are frozen: they must not change when app code changes, so they import nothing from app/.",
      severity: "error",
      from: { path: "^db/migrations/" },
      to: { path: "^app/" },
    },
    {
      name: "no-circular",
      comment: "Circular imports in app/ hide a layer mistake and break module initialisation order.",
      severity: "error",
      from: { path: "^app/" },
      // Domains are peers that call each other's entries (a pledge makes a supporter; a supporter's
      // page lists pledges), so a cycle through entries is allowed; entries export functions only,
      // which nothing calls while modules load. Any other cycle is a layer mistake.
      to: { circular: true, viaNot: "^app/[^/]+/index([.]server)?[.]ts$" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that cannot be resolved would let a layer violation go unseen.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|public/build|\\.build-|\\.cache|db/data)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".jsx", ".d.ts"],
    },
  },
};
