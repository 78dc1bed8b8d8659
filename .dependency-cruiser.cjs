// The layer rule (README "Architecture"): imports only point down.
//   routes → services → models → infra; utils, content and schemas sit beside them and import
//   none of those layers; components are shared by browser and server, so no `.server` code.
//   HTTP glue (guards such as `requireRole`, redirects, JSON answers) lives in app/routes/_glue/,
//   a routes-layer folder of `.server` modules that Remix does not take as routes; that services,
//   models and utils build no Response is an ESLint rule (eslint.config.js), not an import rule.
// Run with `npm run lint` (or `npx depcruise app db --config .dependency-cruiser.cjs`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "infra-points-up",
      comment: "app/infra is the bottom layer: it may not import models, services, routes or components.",
      severity: "error",
      from: { path: "^app/infra/" },
      to: { path: "^app/(models|services|routes|components)/" },
    },
    {
      name: "models-point-up",
      comment: "Models (the only modules that run SQL) may not import services, routes or components.",
      severity: "error",
      from: { path: "^app/models/" },
      to: { path: "^app/(services|routes|components)/" },
    },
    {
      name: "services-point-up",
      comment: "Services (use cases) may not import routes or components.",
      severity: "error",
      from: { path: "^app/services/" },
      to: { path: "^app/(routes|components)/" },
    },
    {
      name: "pure-modules-import-layers",
      comment:
        "utils, content and schemas are pure and client-safe: they may not import infra, models, services, routes or components.",
      severity: "error",
      from: { path: "^app/(utils|content|schemas)/" },
      to: { path: "^app/(infra|models|services|routes|components)/" },
    },
    {
      name: "components-import-server",
      comment: "Components are bundled for the browser: no .server modules and no infra, models, services or routes.",
      severity: "error",
      from: { path: "^app/components/" },
      to: { path: ["[.]server[.][jt]sx?$", "^app/(infra|models|services|routes)/"] },
    },
    {
      name: "routes-skip-services",
      comment:
        "One read path: routes call services, services call models. A route may name a model's types, but may not run its queries or open the database itself.",
      severity: "error",
      from: { path: "^app/routes/" },
      to: { path: ["^app/models/", "^app/infra/db[.]server[.]ts$"], dependencyTypesNot: ["type-only"] },
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
      to: { circular: true },
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
