// The local lint rule that keeps values from .server modules out of browser code (Remix leaves
// those imports out of the client bundle, so such a value is undefined after hydration).
import { RuleTester } from "eslint";
import tseslint from "typescript-eslint";
import { describe, it } from "vitest";
import { noServerValueInClient } from "../../eslint-rules/no-server-value-in-client.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

const error = (name: string) => ({ messageId: "clientUse", data: { name } });

tester.run("no-server-value-in-client", noServerValueInClient, {
  valid: [
    // Used only in loader, action and headers.
    `import { getDb } from "~/infra/db.server";
     import { LIMIT } from "~/services/import.server";
     export async function loader() { return { rows: await getDb().all(), limit: LIMIT }; }
     export const action = async () => getDb();
     export const headers = () => ({ "X-Limit": String(LIMIT) });
     export default function Page() { return <p>page</p>; }`,
    // Through module-level helpers that only the loader (or another such helper) calls.
    `import { requireAdmin } from "~/routes/_glue/staff-guard.server";
     function notFound() { return requireAdmin(); }
     const check = () => notFound();
     export async function loader() { return check(); }`,
    // Type-only imports and type positions vanish at build time.
    `import type { PageCacheHandle } from "~/infra/page-cache.server";
     import { type Row, listRows } from "~/models/rows.server";
     export const handle: PageCacheHandle = { pageCache: true };
     export async function loader(): Promise<Row[]> { return listRows(); }
     export default function Page({ rows }: { rows: Row[] }) { return <p>{rows.length}</p>; }`,
    // A resource route: nothing of it reaches the browser.
    `import { apiJson } from "~/routes/_glue/api.server";
     const handle = () => apiJson([]);
     export const loader = handle;
     export function helper() { return apiJson({}); }`,
    // Modules that are not .server modules.
    `import { formatDate } from "~/utils/dates";
     export default function Page() { return <p>{formatDate(new Date())}</p>; }`,
  ],
  invalid: [
    {
      // A server export made by calling a server helper at module load: the call runs in the
      // browser too, where the helper is undefined, and the page never hydrates.
      code: `import { pageHeaders } from "~/routes/_glue/page-headers.server";
             export const headers = pageHeaders({ "Cache-Control": "private, no-store" });
             export default function Login() { return <p>Sign in</p>; }`,
      errors: [error("pageHeaders")],
    },
    {
      // The bug of 4c71a23: a limit from a .server module shown by the component.
      code: `import { MAX_IMPORT_BYTES } from "~/giving/services/bank-import.server";
             export async function loader() { return MAX_IMPORT_BYTES; }
             export default function Import() { return <p>Up to {MAX_IMPORT_BYTES} bytes</p>; }`,
      errors: [error("MAX_IMPORT_BYTES")],
    },
    {
      // In meta (which runs in the browser too) and in module-level code.
      code: `import { site } from "~/content/site.server";
             const title = site.name;
             export const meta = () => [{ title: site.name }];
             export async function loader() { return title; }`,
      errors: [error("site"), error("site")],
    },
    {
      // A helper that the component uses as well as the loader is browser code.
      code: `import { label } from "./labels.server.ts";
             function describe(x) { return label(x); }
             export async function loader() { return describe(1); }
             export default function Page() { return <p>{describe(2)}</p>; }`,
      errors: [error("label")],
    },
    {
      // Another exported function of a route or component is not server-only.
      code: `import { getUser } from "~/staff/services/session.server";
             export async function loadPage(request) { return getUser(request); }
             export default function Page() { return <p />; }`,
      errors: [error("getUser")],
    },
  ],
});
