// Valid HTML, judged by a tool no one here wrote: html-validate's recommended rules (the purely
// stylistic ones off) on every public page and every staff page, as the server sends them. The
// markup is the same with or without JavaScript, so this runs once (the no-js project).
import { HtmlValidate, type ConfigData } from "html-validate";
import type { APIRequestContext } from "@playwright/test";
import { publicPagePaths } from "~/content/public-pages";
import { createPledge as createPledgeRow } from "~/giving/models/pledge.server";
import { expect, test } from "./support/auth";
import { everyStaffPage } from "./support/staff-pages";
import { createArticle, createPledge, e2eDb, recordPayment, uniqueTitle } from "./support/db";
import { statementToken } from "~/supporters/services/giving-statements.server";

export const HTML_VALIDATE_CONFIG: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    // How markup is written, not whether it is right: React writes <br/>, lower-case names,
    // boolean attributes as attr="" and double quotes; none of it changes what the page means.
    "void-style": "off",
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "attr-quotes": "off",
    "doctype-style": "off",
    "element-case": "off",
    "no-trailing-whitespace": "off",
    // React's generated ids (":R2hal:") are valid HTML ids (no whitespace, not empty); the strict
    // form of this rule also wants a leading letter, a CSS-selector convenience, not validity.
    "valid-id": ["error", { relaxed: true }],
    // A list of checkboxes sharing one name is how a form sends several values (the Gift Aid
    // list's payments, the bank import's lines); the rule allows it only for radios by default.
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
  },
};

const validator = new HtmlValidate(HTML_VALIDATE_CONFIG);

/** Each page's errors as "path line:column rule: message"; nothing when all pages are valid. */
async function problemsOf(request: APIRequestContext, paths: readonly string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    const response = await request.get(path);
    expect(response.headers()["content-type"], path).toMatch(/^text\/html/);
    const report = await validator.validateString(await response.text(), path);
    for (const result of report.results) {
      for (const m of result.messages) problems.push(`${path} ${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
  }
  return problems;
}

test("every public page is valid HTML", async ({ request }) => {
  const article = await createArticle({
    title: uniqueTitle("Valid"),
    content: "**Bold**, a [link](https://example.org).\n\n- one\n- two",
  });
  const pledge = await createPledgeRow(e2eDb(), {
    type: "monthly",
    amountPence: 1500,
    firstName: "Valid",
    lastName: "Markup",
    email: "valid@example.org",
    inHonour: true,
    honoreeName: "Grace Hopper",
  });
  const paths = [
    ...publicPagePaths,
    // Projects are in the database (the sitemap lists them from there): one Active, one not.
    "/projects/flood-relief",
    "/projects/palliative-care",
    `/news/${article.id}`,
    `/donate/thank-you/${pledge.reference}`,
    "/contact?subject=partnership",
    // Site search: results with marked words, no results with a suggestion, the empty page.
    "/search?q=flood+relief",
    "/search?q=prostetic",
    "/search",
    "/admin/login",
    "/admin/forgot-password",
    "/no-such-page",
  ];
  // The contact confirmation is for the browser that sent the message.
  const post = await request.post("/contact", {
    form: { name: "Valid Markup", email: "valid@example.org", subject: "general", message: "Hi", channel: "email" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  // A giving statement link's page, valid and refused (signed with the e2e server's secret).
  const statementPledge = await createPledge({ lastName: "Statement" });
  await recordPayment(statementPledge.id, "2025-10-05", 2500);
  const statement = statementToken(statementPledge.id, 2025, new Date(), [process.env.E2E_SESSION_SECRET!]);
  paths.push(`/statement/${statement}`, "/statement/not-a-link");
  expect(await problemsOf(request, [...paths, "/contact/sent"])).toEqual([]);
});

// In three parts, so that the longest check of the run is shared between workers.
const STAFF_PARTS = 3;
for (let part = 0; part < STAFF_PARTS; part++) {
  test(`every staff page is valid HTML (part ${part + 1} of ${STAFF_PARTS})`, async ({ page, login }) => {
    await login();
    const paths = (await everyStaffPage(`Valid${part}`)).filter((_, index) => index % STAFF_PARTS === part);
    expect(paths.length).toBeGreaterThan(0);
    // page.request shares the signed-in browser's cookies.
    expect(await problemsOf(page.request, paths)).toEqual([]);
  });
}
