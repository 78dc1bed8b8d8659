// One way to refuse in a route (docs/decisions/0025-one-door-one-no-one-saved.md): route files
// throw `notFound`, `refusal` or `invariantResponse` from app/utils/http.ts, and never build an
// error Response by hand. This scans every route file (app/routes/, but not the _glue helpers and the names-only _imports)
// for `new Response(…)` or `Response.json(…)` given a status that is not 2xx, and for a thrown
// `json(…)`/`data(…)`, so that one added back fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROUTES = path.join(process.cwd(), "app/routes");
/** Files whose status is not a refusal: the health report (200 or 503) and Stripe's webhook answers. */
const NOT_REFUSALS = new Set(["_ops+/healthz.ts", "webhooks+/stripe.ts"]);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "_glue" || entry.name === "_imports" ? [] : routeFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of the call whose opening parenthesis is at `open`, up to its closing one. */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(open, i + 1);
  }
  return source.slice(open);
}

/** The hand-built error Responses in a route file's source, as `line: text`. */
function handBuiltRefusals(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/new Response\(|Response\.json\(|throw (?:json|data)\(/g)) {
    const call = callText(source, match.index + match[0].length - 1);
    const thrown = match[0].startsWith("throw");
    const status = /\bstatus\b\s*(?::\s*([^,}\s]+))?/.exec(call);
    const refuses = thrown || (status !== null && !/^2\d\d$/.test(status[1] ?? ""));
    if (refuses) {
      const line = source.slice(0, match.index).split("\n").length;
      found.push(`${line}: ${(match[0] + call.slice(1)).replace(/\s+/g, " ").slice(0, 120)}`);
    }
  }
  return found;
}

describe("routes refuse one way", () => {
  it("finds a hand-built refusal, and lets a 200 and the shared helpers pass", () => {
    expect(handBuiltRefusals(`throw new Response("Not Found", { status: 404 });`)).toHaveLength(1);
    expect(handBuiltRefusals(`return new Response(text, {\n status,\n headers });`)).toHaveLength(1);
    expect(handBuiltRefusals(`throw json({ error: "no" }, { status: 403 });`)).toHaveLength(1);
    expect(handBuiltRefusals(`return Response.json({}, { status: 400 });`)).toHaveLength(1);
    expect(handBuiltRefusals(`return new Response(body, { status: 200, headers });`)).toEqual([]);
    expect(handBuiltRefusals(`return new Response(new Uint8Array(pdf), { headers: { a: "b" } });`)).toEqual([]);
    expect(handBuiltRefusals(`throw notFound("No such event"); invariantResponse(event, "No such event");`)).toEqual(
      [],
    );
  });

  it("no route file builds an error Response by hand", () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !NOT_REFUSALS.has(path.relative(ROUTES, file)))
      .flatMap((file) =>
        handBuiltRefusals(fs.readFileSync(file, "utf8")).map((hit) => `${path.relative(ROUTES, file)}:${hit}`),
      );
    expect(offenders).toEqual([]);
  });
});
