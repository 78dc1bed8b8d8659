// npm run budget: per page, the JavaScript and CSS it loads (gzipped), Lighthouse scores with
// mobile settings (three runs, the median judged), and axe violations in both themes, against
// the production build on a throw-away database. Prints a table with the machine and date;
// exits non-zero when any budget is missed. `npm run budget -- --js-only` measures only the
// JavaScript and CSS (seconds instead of minutes, for checking a bundle change). The bytes are
// read from the build (scripts/lib/page-weight.ts, the same count the test suite holds), for the
// pages below and for every other public page of the route tree; the browser's own load of each
// page below is checked to fetch no script or stylesheet that count left out.
import os from "node:os";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser } from "@playwright/test";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";
import { PAGE_BUDGET, kb, publicPageRouteIds, readBuild, type BuildWeights, type PageWeight } from "./lib/page-weight";
import { buildApp, makeTempDir, prepareDatabase, startServer } from "./lib/production-server";

const PAGES = ["/", "/news", "/news/1", "/donate", "/contact", "/publications", "/admin/login"];
const LIGHTHOUSE_RUNS = 3;
const BUDGET = {
  /** Every public page, form pages included (their validation runs without zod in the browser). */
  ...PAGE_BUDGET,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  axeViolations: 0,
};
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Scores = Record<(typeof CATEGORIES)[number], number>;

interface Row {
  path: string;
  jsBytes: number;
  cssBytes: number;
  /** Each Lighthouse run's performance score, in order. */
  performanceRuns: number[];
  /** The median of the runs, per category. */
  scores: Scores;
  axe: number;
  misses: string[];
}

/** The build's page for a URL: the deepest route it matches (the route tree of the manifest). */
function pageOf(weights: BuildWeights, pathname: string): PageWeight {
  const children = new Map<string | undefined, AgnosticRouteObject[]>();
  for (const route of Object.values(weights.routes)) {
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index } as AgnosticRouteObject);
    children.set(route.parentId, list);
  }
  const tree = (parentId: string | undefined): AgnosticRouteObject[] =>
    (children.get(parentId) ?? []).map((route) => (route.index ? route : { ...route, children: tree(route.id) }));
  const matches = matchRoutes(tree(undefined), pathname);
  if (!matches?.length) throw new Error(`no route matches ${pathname}`);
  return weights.page(matches[matches.length - 1].route.id!);
}

/** Same-origin scripts and stylesheets the browser fetched for the page but the build's count left out. */
async function uncountedAssets(browser: Browser, url: string, counted: PageWeight): Promise<string[]> {
  const page = await browser.newPage();
  const loaded = new Set<string>();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (response.url().startsWith(new URL(url).origin) && (type === "script" || type === "stylesheet")) {
      loaded.add(new URL(response.url()).pathname.replace(/^\/build\//, ""));
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await page.close();
  const files = new Set(counted.files.map(({ file }) => file));
  return [...loaded].filter((file) => !files.has(file));
}

async function axeViolations(browser: Browser, url: string): Promise<number> {
  let count = 0;
  for (const theme of ["light", "dark"]) {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    await context.addCookies([{ name: "theme", value: theme, url }]);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle" });
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      console.log(`  axe (${theme}) ${new URL(url).pathname}: ${violation.id} on ${violation.nodes.length} element(s)`);
    }
    count += results.violations.length;
    await context.close();
  }
  return count;
}

/** One run's scores, or null when Lighthouse could not measure (a metric or the page failed). */
async function lighthouseScores(url: string, port: number): Promise<Scores | null> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  const categories = result!.lhr.categories;
  const failure = result!.lhr.runtimeError;
  if (failure || categories.performance?.score == null) {
    console.log(
      `  lighthouse ${new URL(url).pathname}: run failed (${failure?.code ?? "no performance score"}), retried`,
    );
    return null;
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  for (const [id, category] of Object.entries(categories)) {
    if ((category.score ?? 0) < 1) {
      for (const ref of category.auditRefs) {
        const audit = result!.lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          console.log(
            `  lighthouse ${new URL(url).pathname} ${id}: ${audit.id} ${audit.displayValue ?? ""} (score ${audit.score})`,
          );
        }
      }
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
  };
}

function weightMisses({ jsBytes, cssBytes }: PageWeight): string[] {
  const misses: string[] = [];
  if (jsBytes > PAGE_BUDGET.jsBytes) misses.push(`JS ${kb(jsBytes)} KB > ${kb(PAGE_BUDGET.jsBytes)} KB`);
  if (cssBytes > PAGE_BUDGET.cssBytes) misses.push(`CSS ${kb(cssBytes)} KB > ${kb(PAGE_BUDGET.cssBytes)} KB`);
  return misses;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/** Scores vary from run to run on a busy machine: judge the median of several runs. */
async function medianScores(url: string, port: number): Promise<{ runs: Scores[]; median: Scores }> {
  const runs: Scores[] = [];
  // A failed run (no score at all) is run again, a few times at most; a low score is kept.
  for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + 3; attempt++) {
    const scores = await lighthouseScores(url, port);
    if (scores) runs.push(scores);
  }
  if (!runs.length) throw new Error(`Lighthouse could not measure ${url}`);
  const result = {} as Scores;
  for (const category of CATEGORIES) result[category] = median(runs.map((scores) => scores[category]));
  return { runs, median: result };
}

function emptyRow(weight: PageWeight): Row {
  const { page: path, jsBytes, cssBytes } = weight;
  return { path, jsBytes, cssBytes, performanceRuns: [], scores: {} as Scores, axe: 0, misses: [] };
}

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`;
}

async function main() {
  const jsOnly = process.argv.includes("--js-only");
  const buildDir = process.env.BUILD_DIR ?? ".build-budget";
  console.log(`Building into ${buildDir}...`);
  buildApp(buildDir);
  const weights = readBuild(buildDir);
  const dir = makeTempDir("budget");
  const databaseFile = `${dir}/budget.sqlite`;
  await prepareDatabase(databaseFile, { articles: 12 });
  // Lighthouse reads robots.txt and resolves the site by name, as a visitor would.
  const server = await startServer({ buildDir, databaseFile });
  const origin = server.url.replace("127.0.0.1", "localhost");

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const chrome = jsOnly ? null : await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  try {
    for (const path of PAGES) {
      const url = origin + path;
      const weight = pageOf(weights, path);
      const { jsBytes: js, cssBytes: css } = weight;
      const misses = weightMisses(weight);
      const uncounted = await uncountedAssets(browser, url, weight);
      if (uncounted.length) misses.push(`loaded with the page but not counted: ${uncounted.join(", ")}`);
      if (!chrome) {
        rows.push({ ...emptyRow(weight), path, misses });
        continue;
      }
      const axe = await axeViolations(browser, url);
      const { runs, median: scores } = await medianScores(url, chrome.port);
      if (scores.performance < BUDGET.performance)
        misses.push(`performance ${scores.performance} < ${BUDGET.performance}`);
      if (scores.accessibility < BUDGET.accessibility) misses.push(`accessibility ${scores.accessibility}`);
      if (scores["best-practices"] < BUDGET.bestPractices) misses.push(`best practices ${scores["best-practices"]}`);
      if (scores.seo < BUDGET.seo) misses.push(`SEO ${scores.seo}`);
      if (axe > BUDGET.axeViolations) misses.push(`${axe} axe violations`);
      rows.push({
        path,
        jsBytes: js,
        cssBytes: css,
        performanceRuns: runs.map((run) => run.performance),
        scores,
        axe,
        misses,
      });
    }
  } finally {
    await browser.close();
    chrome?.kill();
    await server.stop();
  }

  const pad = (value: unknown, width: number) => String(value ?? "-").padStart(width);
  console.log(`\nMachine: ${machine()}`);
  console.log(`Date: ${new Date().toISOString()}`);
  console.log(
    jsOnly
      ? "JS/CSS only (--js-only): gzipped (level 9), counted from the build (scripts/lib/page-weight.ts)\n"
      : `Lighthouse mobile (default: simulated slow 4G, 4x CPU slowdown), ${LIGHTHOUSE_RUNS} runs, median judged; JS/CSS gzipped (level 9)\n`,
  );
  console.log(
    `${"page".padEnd(14)}${pad("JS KB", 8)}${pad("CSS KB", 8)}${pad("perf runs", 12)}${pad("perf", 6)}${pad("a11y", 6)}${pad("b.p.", 6)}${pad("SEO", 6)}${pad("axe", 5)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(14)}${pad(kb(row.jsBytes), 8)}${pad(kb(row.cssBytes), 8)}${pad(row.performanceRuns.join("/") || "-", 12)}${pad(row.scores.performance, 6)}${pad(row.scores.accessibility, 6)}${pad(row.scores["best-practices"], 6)}${pad(row.scores.seo, 6)}${pad(jsOnly ? "-" : row.axe, 5)}`,
    );
  }
  // Every other public page, from the route tree (pages added later are measured too).
  const measured = new Set(PAGES.map((path) => pageOf(weights, path).page));
  const others = publicPageRouteIds(weights)
    .map((id) => weights.page(id))
    .filter((weight) => !measured.has(weight.page));
  console.log(`\nThe other public pages (JS/CSS from the build, gzipped):`);
  for (const weight of others) {
    console.log(`${weight.page.padEnd(34)}${pad(kb(weight.jsBytes), 8)}${pad(kb(weight.cssBytes), 8)}`);
    const misses = weightMisses(weight);
    if (misses.length) rows.push({ ...emptyRow(weight), misses });
  }
  const missed = rows.filter((row) => row.misses.length);
  for (const row of missed) console.log(`  MISSED ${row.path}: ${row.misses.join("; ")}`);
  console.log(
    missed.length
      ? "\nbudget: MISSED"
      : jsOnly
        ? `\nbudget (JS and CSS only): met (JS <= ${kb(BUDGET.jsBytes)} KB and CSS <= ${kb(BUDGET.cssBytes)} KB on every page)`
        : `\nbudget: all met (JS <= ${kb(BUDGET.jsBytes)} KB and CSS <= ${kb(BUDGET.cssBytes)} KB on every page, median performance >= ${BUDGET.performance}, other scores 100, axe 0)`,
  );
  process.exit(missed.length ? 1 : 0);
}

main().catch((error) => {
  console.error("budget failed:", error instanceof Error ? error.stack : error);
  process.exit(1);
});
