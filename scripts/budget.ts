// npm run budget: per page, the JavaScript and CSS it loads (gzipped), Lighthouse scores with
// mobile settings, and axe violations in both themes, against the production build on a
// throw-away database. Prints a table; exits non-zero when any budget is missed.
import { gzipSync } from "node:zlib";
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./lib/chromium";
import { buildApp, makeTempDir, prepareDatabase, startServer } from "./lib/production-server";

const PAGES = ["/", "/news", "/news/1", "/donate", "/contact", "/admin/login"];
const BUDGET = {
  homeJsBytes: 100 * 1024,
  cssBytes: 25 * 1024,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  axeViolations: 0,
};
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

interface Row {
  path: string;
  jsBytes: number;
  cssBytes: number;
  scores: Record<"performance" | "accessibility" | "best-practices" | "seo", number>;
  axe: number;
  misses: string[];
}

/** Same-origin scripts and stylesheets the page loads, each gzipped here (level 9). */
async function assetBytes(browser: Browser, url: string): Promise<{ js: number; css: number }> {
  const page = await browser.newPage();
  const assets = new Map<string, "js" | "css">();
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (response.url().startsWith(new URL(url).origin) && (type === "script" || type === "stylesheet")) {
      assets.set(response.url(), type === "script" ? "js" : "css");
    }
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const totals = { js: 0, css: 0 };
  for (const [asset, kind] of assets) {
    const body = await (await fetch(asset)).arrayBuffer();
    totals[kind] += gzipSync(Buffer.from(body), { level: 9 }).length;
  }
  await page.close();
  return totals;
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

async function lighthouseScores(url: string, port: number): Promise<Row["scores"]> {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
  const categories = result!.lhr.categories;
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

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main() {
  const buildDir = process.env.BUILD_DIR ?? ".build-budget";
  console.log(`Building into ${buildDir}...`);
  buildApp(buildDir);
  const dir = makeTempDir("budget");
  const databaseFile = `${dir}/budget.sqlite`;
  await prepareDatabase(databaseFile, { articles: 12 });
  // Lighthouse reads robots.txt and resolves the site by name, as a visitor would.
  const server = await startServer({ buildDir, databaseFile });
  const origin = server.url.replace("127.0.0.1", "localhost");

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  try {
    for (const path of PAGES) {
      const url = origin + path;
      const { js, css } = await assetBytes(browser, url);
      const axe = await axeViolations(browser, url);
      const scores = await lighthouseScores(url, chrome.port);
      const misses: string[] = [];
      if (path === "/" && js > BUDGET.homeJsBytes) misses.push(`JS ${kb(js)} KB > ${kb(BUDGET.homeJsBytes)} KB`);
      if (css > BUDGET.cssBytes) misses.push(`CSS ${kb(css)} KB > ${kb(BUDGET.cssBytes)} KB`);
      if (scores.performance < BUDGET.performance)
        misses.push(`performance ${scores.performance} < ${BUDGET.performance}`);
      if (scores.accessibility < BUDGET.accessibility) misses.push(`accessibility ${scores.accessibility}`);
      if (scores["best-practices"] < BUDGET.bestPractices) misses.push(`best practices ${scores["best-practices"]}`);
      if (scores.seo < BUDGET.seo) misses.push(`SEO ${scores.seo}`);
      if (axe > BUDGET.axeViolations) misses.push(`${axe} axe violations`);
      rows.push({ path, jsBytes: js, cssBytes: css, scores, axe, misses });
    }
  } finally {
    await browser.close();
    chrome.kill();
    await server.stop();
  }

  console.log(`\nLighthouse ${"mobile (default: simulated slow 4G, 4x CPU slowdown)"}; JS/CSS gzipped (level 9)\n`);
  console.log(
    `${"page".padEnd(14)}${"JS KB".padStart(8)}${"CSS KB".padStart(8)}${"perf".padStart(6)}${"a11y".padStart(6)}${"b.p.".padStart(6)}${"SEO".padStart(6)}${"axe".padStart(5)}`,
  );
  for (const row of rows) {
    console.log(
      `${row.path.padEnd(14)}${kb(row.jsBytes).padStart(8)}${kb(row.cssBytes).padStart(8)}${String(row.scores.performance).padStart(6)}${String(row.scores.accessibility).padStart(6)}${String(row.scores["best-practices"]).padStart(6)}${String(row.scores.seo).padStart(6)}${String(row.axe).padStart(5)}`,
    );
  }
  const missed = rows.filter((row) => row.misses.length);
  for (const row of missed) console.log(`  MISSED ${row.path}: ${row.misses.join("; ")}`);
  console.log(
    missed.length
      ? "\nbudget: MISSED"
      : `\nbudget: all met (home JS <= ${kb(BUDGET.homeJsBytes)} KB, CSS <= ${kb(BUDGET.cssBytes)} KB, performance >= ${BUDGET.performance}, other scores 100, axe 0)`,
  );
  process.exit(missed.length ? 1 : 0);
}

main().catch((error) => {
  console.error("budget failed:", error instanceof Error ? error.stack : error);
  process.exit(1);
});
