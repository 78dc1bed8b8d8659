// The lint rule that keeps HTTP glue in app/routes/_glue/ (eslint.config.js): services, models
// and the pure modules may not build redirects, JSON answers or Responses; cookies stay allowed,
// and the shared `notFound` (app/utils/http.ts) is the one exception.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

const responseMaker = `import { createCookie, json, redirect } from "@remix-run/node";
import { redirectDocument } from "@remix-run/server-runtime";
export const cookie = createCookie("flash");
export const toLogin = () => redirect("/admin/login");
export const other = () => redirectDocument("/");
export const answer = () => json({ ok: true });
export const gone = () => new Response("Gone", { status: 410 });
export const fromStatic = () => Response.json({ ok: true });
`;

describe("HTTP glue stays out of services, models and utils", () => {
  it.each(["app/giving/services/example.server.ts", "app/giving/models/example.server.ts", "app/utils/example.ts"])(
    "refuses response helpers and new Response in %s",
    async (filePath) => {
      const found = await problems(responseMaker, filePath);
      // json, redirect and redirectDocument (one report per name); new Response and Response.json.
      expect(found.filter((rule) => rule === "no-restricted-imports")).toHaveLength(3);
      expect(found.filter((rule) => rule === "no-restricted-syntax")).toHaveLength(2);
    },
  );

  it("allows cookies in services", async () => {
    const code = `import { createCookie } from "@remix-run/node";\nexport const cookie = createCookie("flash");\n`;
    expect(await problems(code, "app/giving/services/example.server.ts")).toEqual([]);
  });

  it("allows them in route glue and in the shared notFound", async () => {
    expect(await problems(responseMaker, "app/routes/_glue/example.server.ts")).toEqual([]);
    const notFound = `export function notFound(message: string): Response {\n  return new Response(message, { status: 404 });\n}\n`;
    expect(await problems(notFound, "app/utils/http.ts")).toEqual([]);
  });
});
