// `npm run bench`, proxy section: the cached public pages through nginx (deploy/nginx.conf, two
// app instances on one throw-away PostgreSQL behind it, as in the cluster drill) against a static nginx sending the same bytes (body and the app's headers) from files, in the same
// run, alternating, the best of two runs each. Budget: each page through the proxy at least 0.8 × the static twin's req/s,
// also with one instance down. Prints the figures; exits 1 when a budget is missed.
import path from "node:path";
import fs from "node:fs";
import { ensureNginx, load, startNginx, startStaticNginx, twinPage, type Load, type TwinPage } from "./lib/cluster";
import { prepareDrillDatabase } from "./lib/drill-database";
import { ensureBuild, freePort, makeTempDir, startServer, type RunningServer } from "./lib/production-server";

const PAGES = ["/", "/news", "/news/1", "/donate", "/contact", "/about"];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const MIN_RATIO = 0.8;
const buildDir = process.env.BUILD_DIR ?? ".build-bench";
const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main() {
  ensureNginx();
  ensureBuild(buildDir);
  const dir = makeTempDir("bench-proxy");
  const database = await prepareDrillDatabase({ articles: 50 });
  const ports = [await freePort(), await freePort()];
  process.env.TRUST_PROXY = "true";
  const instances: RunningServer[] = [];
  for (const port of ports) instances.push(await startServer({ buildDir, databaseUrl: database.url, port }));
  const nginx = await startNginx(path.join(dir, "nginx"), ports);
  let failed = false;
  try {
    const bodies = new Map<string, TwinPage>();
    for (const page of PAGES) {
      for (let i = 0; i < 3; i++) await (await fetch(nginx.url + page)).arrayBuffer();
      const response = await fetch(nginx.url + page);
      if (response.headers.get("x-cache-status") !== "HIT") throw new Error(`${page} is not served from nginx's cache`);
      bodies.set(page, await twinPage(response));
    }
    const twin = await startStaticNginx(path.join(dir, "static"), bodies);
    console.log(
      `\nProxy: nginx cache in front of 2 instances vs a static nginx with the same bytes; ${CONNECTIONS} connections, ${SECONDS} s per run, best of ${ROUNDS} each\n`,
    );
    console.log(
      `${"path".padEnd(26)}${pad("req/s", 8)}${pad("p99 ms", 8)}${pad("static req/s", 14)}${pad("static p99", 12)}${pad("ratio", 7)}  result`,
    );
    // Each side runs ROUNDS times, alternating, and keeps its best run: the load generator shares
    // the two cores, so one run swings by ±0.1 with whatever else the machine does meanwhile.
    const best = (runs: Load[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const measure = async (label: string, page: string) => {
      const proxiedRuns: Load[] = [];
      const referenceRuns: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        proxiedRuns.push(await load(nginx.url + page, SECONDS, CONNECTIONS));
        referenceRuns.push(await load(twin.url + page, SECONDS, CONNECTIONS));
      }
      const proxied = best(proxiedRuns);
      const reference = best(referenceRuns);
      const errors = proxiedRuns.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
      const ratio = proxied.requestsPerSecond / reference.requestsPerSecond;
      const misses: string[] = [];
      if (errors) misses.push(`${errors} errors or non-2xx`);
      if (ratio < MIN_RATIO) misses.push(`below ${MIN_RATIO}`);
      if (misses.length) failed = true;
      console.log(
        `${label.padEnd(26)}${pad(proxied.requestsPerSecond.toFixed(0), 8)}${pad(proxied.p99, 8)}${pad(reference.requestsPerSecond.toFixed(0), 14)}${pad(reference.p99, 12)}${pad(ratio.toFixed(2), 7)}  ${misses.length ? `FAIL (${misses.join(", ")})` : "pass"}`,
      );
    };
    for (const page of PAGES) await measure(page, page);
    await instances[0].kill();
    for (const page of ["/", "/news"]) await measure(`${page} (one instance down)`, page);
    await twin.stop();
  } finally {
    await nginx.stop();
    await Promise.allSettled(instances.map((instance) => instance.kill()));
    await database.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(failed ? "\nbench (proxy): budgets MISSED" : "\nbench (proxy): all budgets met");
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error("bench (proxy) failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
