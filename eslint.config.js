// ESLint 9 flat config: typescript-eslint, React hooks and jsx-a11y, each at its recommended
// level. Formatting is Prettier's job (`npm run format`), so no stylistic rules here; the
// import-layer rule lives in .dependency-cruiser.cjs (`npm run lint` runs both); the rule that
// keeps responses out of services, models and utils is below.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import localRules from "./eslint-rules/no-server-value-in-client.js";

// One clock and one configuration module in app/: "now" comes from app/infra/clock.server.ts
// (tests move it with setClock) and the environment is read in app/infra/env.server.ts, where it
// is checked once at start-up. Elapsed time is measured with performance.now().
const oneClockAndConfig = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: "Take now from app/infra/clock.server.ts (nowDate(), now(), nowIsoString(), londonToday()).",
  },
  {
    selector: "MemberExpression[object.name='Date'][property.name='now']",
    message: "Take now from app/infra/clock.server.ts; measure elapsed time with performance.now().",
  },
  {
    selector: "MemberExpression[object.name='process'][property.name='env']",
    message: "Read configuration through app/infra/env.server.ts (getEnv()).",
  },
];
const oneClockAndConfigFiles = ["app/**/*.{ts,tsx}"];
const oneClockAndConfigHomes = ["app/infra/clock.server.ts", "app/infra/env.server.ts"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "build/",
      ".build-*/",
      "public/build/",
      ".cache/",
      "db/data/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      ".test-reports/",
      ".tmp/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  // React code lives in app/ only. Playwright fixtures elsewhere call a callback named `use`,
  // which the hooks rules would mistake for React's `use()`.
  { ...reactHooks.configs.flat.recommended, files: ["app/**/*.{ts,tsx}"] },
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    // A value from a .server module is undefined in the browser bundle: browser code must not
    // use one (eslint-rules/no-server-value-in-client.js).
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/root.tsx"],
    plugins: { local: localRules },
    rules: { "local/no-server-value-in-client": "error" },
  },
  {
    files: oneClockAndConfigFiles,
    ignores: oneClockAndConfigHomes,
    rules: { "no-restricted-syntax": ["error", ...oneClockAndConfig] },
  },
  {
    // One home for HTTP glue: services, models and the pure modules return data; redirects,
    // JSON answers and thrown Responses are built in app/routes/_glue/ (the staff and API
    // guards, API answers, form replies) or in the route itself. Cookies are not
    // responses: `createCookie` stays allowed (session, flash, contact receipt).
    files: [
      "app/*/services/**/*.{ts,tsx}",
      "app/*/models/**/*.{ts,tsx}",
      "app/*/utils/**/*.{ts,tsx}",
      "app/*/schemas/**/*.{ts,tsx}",
      "app/utils/**/*.{ts,tsx}",
      "app/content/**/*.{ts,tsx}",
      "app/schemas/**/*.{ts,tsx}",
    ],
    // The one exception: `notFound` is the shared 404 that every missing record throws, from a
    // loader or from a service (utils/record-id.ts `requireRecordId` and `findRecordOr404` throw
    // it, without building a Response of their own), so the staff error boundary answers every
    // missing record alike. A Response is a web standard, so it stays client-safe in utils.
    ignores: ["app/utils/http.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        ...["@remix-run/node", "@remix-run/server-runtime"].map((name) => ({
          name,
          importNames: ["json", "redirect", "redirectDocument", "replace", "defer", "data"],
          message: "Services, models and utils return data; build the response in app/routes/_glue/ or the route.",
        })),
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Response']",
          message: "Services, models and utils return data; build the Response in app/routes/_glue/ or the route.",
        },
        {
          selector: "CallExpression[callee.object.name='Response'][callee.property.name=/^(json|redirect|error)$/]",
          message: "Services, models and utils return data; build the Response in app/routes/_glue/ or the route.",
        },
        // A later block's options replace an earlier one's: the clock and configuration rule again.
        ...oneClockAndConfig,
      ],
    },
  },
  {
    // Kysely's documented migration signature is `Kysely<any>`: a frozen migration must not
    // depend on today's schema type (db/schema.ts), which changes after it.
    files: ["db/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tests call loaders, actions and meta functions with hand-built arguments and read JSON
    // bodies whose shape the assertions themselves check; `any` there is deliberate.
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // These modules find or strip the control characters XML 1.0 forbids (feeds must stay
    // well-formed whatever staff type); matching control characters is their purpose.
    files: ["app/utils/xml.ts", "tests/unit/xml-check.ts", "tests/integration/feeds.test.ts"],
    rules: { "no-control-regex": "off" },
  },
  {
    // The class lists invisible code points one by one (the `u` flag matches each on its own);
    // some are combining marks, which the rule takes for a misread combined character.
    files: ["app/utils/invisible-characters.ts"],
    rules: { "no-misleading-character-class": "off" },
  },
  {
    // The slide track is a scroll container: it must take focus so keyboard users can scroll it
    // with the arrow keys (WCAG 2.1.1; axe's scrollable-region-focusable asks for exactly this).
    files: ["app/components/hero-slideshow.tsx"],
    rules: { "jsx-a11y/no-noninteractive-tabindex": "off" },
  },
  {
    // A submenu's <li> listens for Escape bubbling up from the link, button and submenu links
    // inside it (keyboard delegation); the <li> itself never takes focus or clicks.
    files: ["app/components/navbar.tsx"],
    rules: { "jsx-a11y/no-noninteractive-element-interactions": "off" },
  },
);
