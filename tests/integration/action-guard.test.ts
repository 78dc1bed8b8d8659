// Every action a browser's cookie could be borrowed for goes through one door
// (app/routes/_glue/action-guard.server.ts): each route module with an action, found on the file
// system, is posted to from another site's page by a signed-in admin, and must answer 403 before
// doing anything. A new action that skips the door fails here, whoever writes it.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { resetDatabase } from "./helpers";
import { adminCookie, postForm, run } from "./admin-support";
import { ROUTES_DIR, routeModules, urlFor } from "./routes-support";

/**
 * Actions no cookie authorises, so a post from elsewhere is no forgery: each with its reason.
 * Anything else with an action must refuse a cross-site post.
 */
const NOT_COOKIE_AUTHORISED: Record<string, string> = {
  "_public+/theme.tsx": "the theme toggle: nothing is at stake (docs/decisions/0016-cross-site-posts-refused.md)",
  "_public+/newsletter.confirm.$token.tsx": "the token in the URL authorises it",
  "_public+/newsletter.one-click.$token.ts": "the token in the URL authorises it (RFC 8058 one-click)",
  "_public+/newsletter.unsubscribe.$token.tsx": "the token in the URL authorises it",
};

const crossSite = { "Sec-Fetch-Site": "cross-site", Origin: "https://evil.example" };
const params = { id: "999999", paymentId: "999999", token: "not-a-real-token", reference: "CHA-NOSUCH" };

async function actionOf(file: string): Promise<unknown> {
  const module = (await import(path.join(ROUTES_DIR, file))) as Record<string, unknown>;
  return module.action;
}

const pageModules = [...routeModules("_public+"), ...routeModules("admin+")];

let cookie: string;

beforeAll(async () => {
  await resetDatabase();
  ({ cookie } = await adminCookie());
});

describe("the action guard", () => {
  it("lists only actions that still exist", async () => {
    for (const file of Object.keys(NOT_COOKIE_AUTHORISED)) {
      expect(pageModules, file).toContain(file);
      expect(await actionOf(file), `${file} action`).toBeTypeOf("function");
    }
  });

  it("is the only place that checks the origin: no route module reads same-origin.server itself", () => {
    const routes = [...pageModules, ...routeModules("api+"), ...routeModules("webhooks+")];
    const offenders = routes.filter((file) =>
      /~\/infra\/same-origin\.server|assertSameOrigin|isSameOriginRequest/.test(
        fs.readFileSync(path.join(ROUTES_DIR, file), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("opens every dashboard action with staffAction, which checks the role as well as the origin", async () => {
    const dashboard = routeModules("admin+/dashboard+");
    const withAction: string[] = [];
    for (const file of dashboard) if (typeof (await actionOf(file)) === "function") withAction.push(file);
    expect(withAction.length).toBeGreaterThan(25);
    // The door is in the route, or in the one _glue form action the route hands its request to
    // (a form with uploads: projects, publications, a page's history).
    const opensTheDoor = (source: string) => /\bstaffAction\(request, /.test(source);
    const handedTo = (source: string) =>
      [...source.matchAll(/from "(?:~\/routes\/_glue|\.\.\/\.\.\/_glue)\/([\w-]+)\.server"/g)]
        .map((match) => fs.readFileSync(path.join(ROUTES_DIR, "_glue", `${match[1]}.server.ts`), "utf8"))
        .filter((glue) => /export async function \w+Action\(request: Request/.test(glue) && opensTheDoor(glue));
    expect(
      withAction.filter((file) => {
        const source = fs.readFileSync(path.join(ROUTES_DIR, file), "utf8");
        return !opensTheDoor(source) && handedTo(source).length === 0;
      }),
    ).toEqual([]);
  });

  it("refuses a cross-site post to every page action with 403, even for a signed-in admin", async () => {
    const checked: string[] = [];
    for (const file of pageModules) {
      if (file in NOT_COOKIE_AUTHORISED) continue;
      const action = await actionOf(file);
      if (typeof action !== "function") continue;
      const response = await run(action, postForm(urlFor(file), {}, { cookie, headers: crossSite }), params);
      expect(response.status, `${file} answered a cross-site post`).toBe(403);
      checked.push(file);
    }
    // The staff area's actions are all here, not skipped by a mistake in finding them.
    expect(checked).toContain("admin+/dashboard+/team.$id.tsx");
    expect(checked).toContain("admin+/login.tsx");
    expect(checked).toContain("_public+/contact.tsx");
    expect(checked.length).toBeGreaterThan(35);
  });
});
