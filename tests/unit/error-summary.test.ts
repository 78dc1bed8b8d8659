import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorSummary, formProblems } from "~/components/ui/error-summary";
import { FormError } from "~/components/ui/form";

// The summary a refused form starts with (GOV.UK's pattern), as the server renders it: what a
// visitor without JavaScript sees first.

/** Renders inside a data router, as a Remix page is (the summary reads the navigation state). */
async function render(element: ReactElement): Promise<string> {
  const { query, dataRoutes } = createStaticHandler([{ path: "/", element }]);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToString(
    createElement(StaticRouterProvider, { router: createStaticRouter(dataRoutes, context), context, hydrate: false }),
  );
  return html;
}

/** Each list item of the summary: its text, and its link's target when it is a link. */
function items(html: string): { text: string; href: string | null }[] {
  return [...html.matchAll(/<li>(.*?)<\/li>/g)].map(([, inner]) => ({
    text: inner.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'"),
    href: /href="([^"]+)"/.exec(inner)?.[1] ?? null,
  }));
}

const refusedDonation = {
  id: "donate",
  errorId: "donate-error",
  allErrors: {
    postcode: ["Enter a UK postcode, like SW1A 1AA", "a second message for the same field"],
    "": ["You have sent this form too often."],
    email: ["Email address is required"],
  },
};

describe("ErrorSummary", () => {
  it("starts with 'There is a problem' and links each field's first message to its control", async () => {
    const html = await render(createElement(ErrorSummary, { form: refusedDonation }));
    const root = /^<div ([^>]*)>/.exec(html)?.[1] ?? "";
    expect(root).toContain('id="donate-error"');
    expect(root).toContain('role="alert"');
    expect(root).toContain('tabindex="-1"');
    const headingId = /<h2 id="([^"]+)"[^>]*>There is a problem<\/h2>/.exec(html)?.[1];
    expect(headingId).toBeTruthy();
    expect(root).toContain(`aria-labelledby="${headingId}"`);
    expect(items(html)).toEqual([
      { text: "You have sent this form too often.", href: null },
      { text: "Enter a UK postcode, like SW1A 1AA", href: "#donate-postcode" },
      { text: "Email address is required", href: "#donate-email" },
    ]);
  });

  it("lists the problems of a form without Conform, and a form-level message through FormError", async () => {
    const html = await render(
      createElement(ErrorSummary, { problems: [{ message: "Enter an e-mail address", fieldId: "privacy-email" }] }),
    );
    expect(html).toContain('role="alert"');
    expect(items(html)).toEqual([{ text: "Enter an e-mail address", href: "#privacy-email" }]);

    const saved = await render(createElement(FormError, { id: "save-error", errors: ["The save failed"] }));
    expect(saved).toMatch(/^<div id="save-error" role="alert"/);
    expect(saved).toContain(">There is a problem</h2>");
    expect(items(saved)).toEqual([{ text: "The save failed", href: null }]);
  });

  it("renders nothing for a form with no problems", async () => {
    expect(await render(createElement(ErrorSummary, { form: { ...refusedDonation, allErrors: {} } }))).toBe("");
    expect(await render(createElement(FormError, { errors: [] }))).toBe("");
  });
});

describe("formProblems", () => {
  it("skips fields whose messages are empty", () => {
    expect(formProblems({ id: "f", allErrors: { a: [], b: ["Wrong"] } })).toEqual([
      { message: "Wrong", fieldId: "f-b" },
    ]);
  });
});
