// The role table (docs/team.md): every route module under app/routes/admin+ and app/routes/api+,
// found on the file system, has a row here saying who may use it; each role's answer is then
// asserted. A new route without a row fails the first test, so no route ships without a role
// decision. Allowed: any answer but 403 and the sign-in redirect. Refused: 403.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/utils/admin-paths";
import { canOpen, dashboardSections } from "~/utils/admin-paths";
import { resetDatabase } from "./helpers";
import { BASE, getRequest, postForm, run } from "./admin-support";
import { ROUTES_DIR, routeModules, urlFor } from "./routes-support";
import { staffCookie, staffMember, staffToken } from "./team-support";

const ALL: Role[] = ["admin", "fundraising", "editor"];
const ADMIN: Role[] = ["admin"];
const MONEY: Role[] = ["admin", "fundraising"];
const NEWS: Role[] = ["admin", "editor"];

/** "public": anyone, signed in or not; otherwise the roles allowed (others get 403). */
type Rule = "public" | Role[];
interface Row {
  loader: Rule | null;
  action: Rule | null;
  /** API routes: the method the action is tried with. */
  method?: string;
}

const page = (rule: Rule, hasAction = true): Row => ({ loader: rule, action: hasAction ? rule : null });

const table: Record<string, Row> = {
  // Public pages of the staff area: sign-in and the links from e-mails.
  "admin+/_layout.tsx": { loader: "public", action: null },
  "admin+/login.tsx": page("public"),
  "admin+/login_.code.tsx": page("public"),
  "admin+/logout.tsx": page("public"),
  "admin+/forgot-password.tsx": page("public"),
  "admin+/reset-password.$token.tsx": page("public"),
  "admin+/invitation.$token.tsx": page("public"),
  "admin+/confirm-email.$token.tsx": page("public"),
  // The dashboard.
  "admin+/dashboard+/_layout.tsx": { loader: ALL, action: null },
  "admin+/dashboard+/_index.tsx": { loader: ALL, action: null },
  "admin+/dashboard+/account._index.tsx": page(ALL),
  "admin+/dashboard+/account.two-step.tsx": page(ALL),
  "admin+/dashboard+/stats.tsx": { loader: ALL, action: null },
  "admin+/dashboard+/news.tsx": { loader: NEWS, action: null },
  // An index without a loader: the list's loader (news.tsx) guards it.
  "admin+/dashboard+/news._index.tsx": { loader: null, action: null },
  "admin+/dashboard+/news.new.tsx": page(NEWS),
  "admin+/dashboard+/news.$id.edit.tsx": page(NEWS),
  "admin+/dashboard+/news.$id.delete.tsx": page(NEWS),
  "admin+/dashboard+/publications._index.tsx": { loader: NEWS, action: null },
  "admin+/dashboard+/publications.new.tsx": page(NEWS),
  "admin+/dashboard+/publications.types.tsx": page(NEWS),
  "admin+/dashboard+/publications.$id._index.tsx": page(NEWS),
  "admin+/dashboard+/publications.$id.history._index.tsx": page(NEWS),
  "admin+/dashboard+/publications.$id.history.$revision.tsx": page(NEWS),
  "admin+/dashboard+/publications.$id.delete.tsx": page(NEWS),
  "admin+/dashboard+/publications.$id.document[.]pdf.ts": { loader: NEWS, action: null },
  // The site's own pages (docs/site-editor.md): News's roles; who publishes is the service's.
  "admin+/dashboard+/pages._index.tsx": { loader: NEWS, action: null },
  "admin+/dashboard+/pages.$key._index.tsx": page(NEWS),
  "admin+/dashboard+/pages.$key.history._index.tsx": page(NEWS),
  "admin+/dashboard+/pages.$key.history.$revision.tsx": page(NEWS),
  "admin+/dashboard+/pages.links.tsx": { loader: NEWS, action: null },
  "admin+/dashboard+/donations._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/donations.$id/route.tsx": page(MONEY),
  "admin+/dashboard+/donations.$id_.cancel.tsx": page(MONEY),
  "admin+/dashboard+/donations.$id.payments.$paymentId.remove.tsx": page(MONEY),
  "admin+/dashboard+/donations.$id.statement.tsx": page(MONEY),
  "admin+/dashboard+/donations.$id.statement[.]pdf.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/donations.statements.tsx": page(MONEY),
  "admin+/dashboard+/donations.import/route.tsx": page(MONEY),
  "admin+/dashboard+/donations.export[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/donations.payments[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/donations.$id.payments.$paymentId.refund.tsx": page(MONEY),
  "admin+/dashboard+/payments._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/payments.new.tsx": page(MONEY),
  "admin+/dashboard+/gift-aid._index/route.tsx": page(MONEY),
  "admin+/dashboard+/gift-aid.claims.$id.tsx": page(MONEY),
  "admin+/dashboard+/gift-aid.claims.$id.schedule[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/gift-aid.claims.$id.schedule[.]ods.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/gift-aid.declarations.$id.tsx": page(MONEY),
  "admin+/dashboard+/gift-aid.small-donations/route.tsx": page(MONEY),
  "admin+/dashboard+/gift-aid.small-donations[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/enquiries._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/events._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/events.new.tsx": page(MONEY),
  "admin+/dashboard+/events.$id._index.tsx": page(MONEY),
  "admin+/dashboard+/events.$id.check-in.tsx": page(MONEY),
  "admin+/dashboard+/events.$id.edit.tsx": page(MONEY),
  "admin+/dashboard+/events.$id.attendees[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/enquiries.$id._index.tsx": page(MONEY),
  "admin+/dashboard+/enquiries.$id.delete.tsx": page(MONEY),
  "admin+/dashboard+/enquiries.export[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/volunteers._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/volunteers.$id.tsx": page(MONEY),
  "admin+/dashboard+/volunteers.emails.tsx": page(MONEY),
  "admin+/dashboard+/volunteers.export[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/supporters._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/supporters.$id._index.tsx": page(MONEY),
  "admin+/dashboard+/supporters.$id.merge.tsx": page(MONEY),
  "admin+/dashboard+/subscribers._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/subscribers.$id._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/subscribers.$id.remove.tsx": page(MONEY),
  "admin+/dashboard+/subscribers.export[.]csv.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/mail._index.tsx": page(MONEY),
  "admin+/dashboard+/mail.$id.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/privacy._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/privacy.erase.tsx": page(MONEY),
  "admin+/dashboard+/privacy.export[.]json.ts": { loader: MONEY, action: null },
  "admin+/dashboard+/newsletters._index.tsx": page(NEWS),
  "admin+/dashboard+/newsletters.new.tsx": page(NEWS),
  "admin+/dashboard+/newsletters.$id._index/route.tsx": page(NEWS),
  "admin+/dashboard+/newsletters.$id.send.tsx": page(NEWS),
  "admin+/dashboard+/newsletters.$id.preview[.]html.ts": { loader: NEWS, action: null },
  "admin+/dashboard+/appeals._index.tsx": { loader: ALL, action: null },
  "admin+/dashboard+/appeals.new.tsx": page(MONEY),
  "admin+/dashboard+/appeals.$id.tsx": page(ALL),
  "admin+/dashboard+/projects._index.tsx": { loader: NEWS, action: null },
  "admin+/dashboard+/projects.new.tsx": page(NEWS),
  "admin+/dashboard+/projects.$id.tsx": page(NEWS),
  "admin+/dashboard+/projects.$id_.history._index.tsx": page(NEWS),
  "admin+/dashboard+/projects.$id_.history.$revision.tsx": page(NEWS),
  "admin+/dashboard+/redirects.tsx": page(NEWS),
  "admin+/dashboard+/fundraising-pages._index.tsx": { loader: MONEY, action: null },
  "admin+/dashboard+/fundraising-pages.$id.tsx": page(MONEY),
  "admin+/dashboard+/settings.tsx": page(ADMIN),
  "admin+/dashboard+/team._index.tsx": page(ADMIN),
  "admin+/dashboard+/team.invite.tsx": page(ADMIN),
  "admin+/dashboard+/team.$id.tsx": page(ADMIN),
  // The JSON API: reading news is public; writing it is News's roles; the token calls are anyone's.
  "api+/$.ts": page("public"),
  "api+/auth.login.ts": page("public"),
  // (An API module answers every method; one it does not serve is a 405 for anyone.)
  "api+/auth.logout.ts": { loader: "public", action: ALL, method: "POST" },
  "api+/auth.verify.ts": { loader: ALL, action: "public" },
  "api+/news.ts": { loader: "public", action: NEWS, method: "POST" },
  "api+/news.$id.ts": { loader: "public", action: NEWS, method: "DELETE" },
  // Site search: anyone reads; any other method is a 405 for anyone.
  "api+/search.ts": page("public"),
};

const params = { id: "999999", paymentId: "999999", token: "not-a-real-token", key: "about", revision: "999999" };

interface Caller {
  role: Role;
  /** A fresh session each time: signing out (a route in the table) ends the one it is given. */
  cookie: () => Promise<string>;
  token: () => Promise<string>;
}

async function answer(file: string, kind: "loader" | "action", caller: Caller): Promise<Response> {
  const module = (await import(path.join(ROUTES_DIR, file))) as Record<string, unknown>;
  const fn = module[kind];
  expect(fn, `${file} has no ${kind}`).toBeTypeOf("function");
  const url = urlFor(file);
  let request: Request;
  if (file.startsWith("api+/")) {
    const method = kind === "loader" ? "GET" : (table[file].method ?? "POST");
    request = new Request(new URL(url, BASE), {
      method,
      headers: { Authorization: `Bearer ${await caller.token()}`, "Content-Type": "application/json" },
      body: method === "GET" ? undefined : "{}",
    });
  } else {
    request =
      kind === "loader"
        ? getRequest(url, { cookie: await caller.cookie() })
        : postForm(url, {}, { cookie: await caller.cookie() });
  }
  return run(fn, request, params);
}

const isSignInRedirect = (response: Response) =>
  [301, 302, 303].includes(response.status) && (response.headers.get("Location") ?? "").startsWith("/admin/login");

let callers: Caller[];

beforeAll(async () => {
  await resetDatabase();
  callers = [];
  for (const role of ALL) {
    const user = await staffMember(role);
    callers.push({ role, cookie: () => staffCookie(user), token: () => staffToken(user) });
  }
});

describe("the role table", () => {
  it("has a row for every route module under admin+ and api+, and no row for a route that is gone", () => {
    const files = [...routeModules("admin+"), ...routeModules("api+")];
    expect(
      files.filter((file) => !(file in table)),
      "routes without a row: add them to the table",
    ).toEqual([]);
    expect(
      Object.keys(table).filter((file) => !files.includes(file)),
      "rows without a route",
    ).toEqual([]);
  });

  it("names, for every module, exactly the loader and action it exports", async () => {
    for (const [file, row] of Object.entries(table)) {
      const module = (await import(path.join(ROUTES_DIR, file))) as Record<string, unknown>;
      expect(typeof module.loader === "function", `${file} loader`).toBe(row.loader !== null);
      expect(typeof module.action === "function", `${file} action`).toBe(row.action !== null);
    }
  });

  it("agrees with the dashboard sections' roles (the tabs a role sees)", () => {
    const expected: Record<string, Role[]> = {
      overview: ALL,
      news: NEWS,
      pages: NEWS,
      newsletters: NEWS,
      publications: NEWS,
      settings: ADMIN,
      appeals: ALL,
      projects: NEWS,
      redirects: NEWS,
      "fundraising-pages": MONEY,
      donations: MONEY,
      payments: MONEY,
      "gift-aid": MONEY,
      events: MONEY,
      enquiries: MONEY,
      volunteers: MONEY,
      subscribers: MONEY,
      supporters: MONEY,
      mail: MONEY,
      privacy: MONEY,
      stats: ALL,
      team: ADMIN,
      account: ALL,
    };
    for (const section of dashboardSections) {
      expect(
        ALL.filter((role) => canOpen(role, section.key)),
        `section ${section.key}: add it to this test with its roles`,
      ).toEqual(expected[section.key]);
    }
  });

  for (const [file, row] of Object.entries(table)) {
    for (const kind of ["loader", "action"] as const) {
      const rule = row[kind];
      if (rule === null) continue;
      it(`${file} ${kind}: ${rule === "public" ? "public" : rule.join(", ")}`, async () => {
        for (const caller of callers) {
          const response = await answer(file, kind, caller);
          const allowed = rule === "public" || rule.includes(caller.role);
          if (allowed) {
            expect(response.status, `${caller.role} refused`).not.toBe(403);
            // Public pages may send anyone to sign in (signing out, a code page without a password first).
            if (rule !== "public") expect(isSignInRedirect(response), `${caller.role} sent to sign in`).toBe(false);
            expect(response.status, `${caller.role} got a server error`).toBeLessThan(500);
          } else {
            expect(response.status, `${caller.role} let in`).toBe(403);
          }
        }
      });
    }
  }
});

describe("a refused role", () => {
  it("gets a 403 whose message names the section and says whom to ask", async () => {
    const editor = callers.find((caller) => caller.role === "editor")!;
    const response = await answer("admin+/dashboard+/donations.export[.]csv.ts", "loader", editor);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Your role does not give access to Donations. Ask an admin if you need it.");
  });

  it("through the API gets a JSON 403", async () => {
    const editor = callers.find((caller) => caller.role === "fundraising")!;
    const response = await answer("api+/news.ts", "action", editor);
    expect(response.status).toBe(403);
    expect(JSON.parse(await response.text())).toMatchObject({ error: "Your role does not allow this" });
  });

  it("a signed-out visitor is sent to sign in, not refused", async () => {
    const response = await run(
      (await import("~/routes/admin+/dashboard+/team._index")).loader,
      getRequest("/admin/dashboard/team"),
    );
    expect(isSignInRedirect(response)).toBe(true);
  });
});
