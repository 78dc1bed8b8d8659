// The lint rule that keeps one clock and one configuration module (eslint.config.js): in app/,
// "now" comes from app/infra/clock.server.ts and the environment is read only in
// app/infra/env.server.ts.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: process.cwd() });

async function problems(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

// The calls are spaced ("new Date ()"), the same code to ESLint, so that a search of the tree
// for a Date made without arguments finds only real uses.
const ownClock = `export function expired(at: Date, now: Date = new Date ()): boolean {
  return at.getTime() < Date.now () && at < now;
}
export const stamp = () => new Date ().toISOString();
`;

const ownConfig = `export const secure = process.env.NODE_ENV === "production";
export const { PORT } = process.env;
`;

const allowed = `import { nowDate } from "~/infra/clock.server";
export const parsed = new Date("2026-11-24T12:00:00Z");
export const fromMs = new Date(1_800_000_000_000);
export const started = performance.now();
export const later = (now: Date = nowDate()) => now;
`;

describe("one clock and one configuration module", () => {
  it.each([
    "app/giving/services/example.server.ts",
    "app/giving/models/example.server.ts",
    "app/routes/admin+/example.tsx",
    "app/utils/example.ts",
    "app/components/example.tsx",
    "app/infra/example.server.ts",
  ])("refuses a clock or an environment read of its own in %s", async (filePath) => {
    // new Date() twice (a default parameter and a bare call) and Date.now() once.
    expect(await problems(ownClock, filePath)).toEqual(Array(3).fill("no-restricted-syntax"));
    expect(await problems(ownConfig, filePath)).toEqual(Array(2).fill("no-restricted-syntax"));
  });

  it("allows dates of a given time, elapsed time and the clock's own now", async () => {
    expect(await problems(allowed, "app/giving/services/example.server.ts")).toEqual([]);
  });

  it("allows the clock and the configuration module themselves", async () => {
    expect(await problems(ownClock, "app/infra/clock.server.ts")).toEqual([]);
    expect(await problems(ownConfig, "app/infra/env.server.ts")).toEqual([]);
  });

  it("leaves scripts and tests alone", async () => {
    expect(await problems(ownClock + ownConfig, "scripts/example.ts")).toEqual([]);
  });
});
