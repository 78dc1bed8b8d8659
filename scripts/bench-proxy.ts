// `npm run bench`, proxy section: the cached public pages through nginx (deploy/nginx.conf, two
// app instances on one throw-away PostgreSQL behind it, as in the cluster drill) against a static nginx sending the same bytes from files, in the same
// run, alternating. Budget: each page through the proxy at least 0.8 × the static twin's req/s,
// also with one instance down. Prints the figures; exits 1 when a budget is missed.
import path from "node:path";
import fs from "node:fs";
import { ensureNginx, load, startNginx, startStaticNginx, type Load } from "./lib/cluster";
import { prepareDrillDatabase } from "./lib/drill-database";
import { ensureBuild, freePort, makeTempDir, startServer, type RunningServer } from "./lib/production-server";

const PAGES = ["/", "/news", "/news/1", "/donate", "/contact", "/about"];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 50;
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
    const bodies = new Map<string, { body: Buffer; type: string }>();
    for (const page of PAGES) {
      for (let i = 0; i < 3; i++) await (await fetch(nginx.url + page)).arrayBuffer();
      const response = await fetch(nginx.url + page);
      if (response.headers.get("x-cache-status") !== "HIT") throw new Error(`${page} is not served from nginx's cache`);
      bodies.set(page, {
        body: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get("content-type") ?? "",
      });
    }
    const twin = await startStaticNginx(path.join(dir, "static"), bodies);
    console.log(
      `\nProxy: nginx cache in front of 2 instances vs a static nginx with the same bytes; ${CONNECTIONS} connections, ${SECONDS} s per run\n`,
    );
    console.log(
      `${"path".padEnd(26)}${pad("req/s", 8)}${pad("p99 ms", 8)}${pad("static req/s", 14)}${pad("static p99", 12)}${pad("ratio", 7)}  result`,
    );
    const measure = async (label: string, page: string) => {
      const proxied: Load = await load(nginx.url + page, SECONDS, CONNECTIONS);
      const reference: Load = await load(twin.url + page, SECONDS, CONNECTIONS);
      const ratio = proxied.requestsPerSecond / reference.requestsPerSecond;
      const misses: string[] = [];
      if (proxied.errors || proxied.non2xx) misses.push(`${proxied.errors + proxied.non2xx} errors or non-2xx`);
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
