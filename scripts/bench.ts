// npm run bench: throughput and latency of the production server against a minimal static
// Node server that sends the very same bytes, so the figures say what the app itself costs.
// Loopback only, bounded in time; exits non-zero on any error or missed budget.
import http from "node:http";
import autocannon from "autocannon";
import {
  buildApp,
  freePort,
  makeTempDir,
  prepareDatabase,
  residentSetSize,
  startServer,
  type RunningServer,
} from "./lib/production-server";

const PATHS = ["/", "/news", "/news/1", "/api/news"];
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 30);
const BUDGET = { minRatio: 0.5, maxP99Ms: 100, maxRssGrowthMb: 50 };

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

async function load(url: string, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, timeout: 10 });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

/** Serves each path's captured response bytes and content type, and nothing else. */
async function startStaticTwin(pages: Map<string, { body: Buffer; type: string }>) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const page = pages.get(req.url ?? "");
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": page.type, "Content-Length": page.body.length });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

function sampleRss(server: RunningServer, into: number[]): () => void {
  const timer = setInterval(() => {
    try {
      into.push(residentSetSize(server.process.pid!));
    } catch {
      // the process may be exiting
    }
  }, 250);
  return () => clearInterval(timer);
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const pad = (value: string | number, width: number) => String(value).padStart(width);

async function main() {
  const buildDir = process.env.BUILD_DIR ?? ".build-bench";
  console.log(`Building into ${buildDir}...`);
  buildApp(buildDir);
  const dir = makeTempDir("bench");
  const databaseFile = `${dir}/bench.sqlite`;
  await prepareDatabase(databaseFile, { articles: 50 });
  const server = await startServer({ buildDir, databaseFile });
  const rss: number[] = [];
  const stopSampling = sampleRss(server, rss);
  let failed = false;

  try {
    const pages = new Map<string, { body: Buffer; type: string }>();
    for (const path of PATHS) {
      const response = await fetch(server.url + path);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      pages.set(path, {
        body: Buffer.from(await response.arrayBuffer()),
        type: response.headers.get("content-type") ?? "text/html",
      });
    }
    const twin = await startStaticTwin(pages);

    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS} s per run, loopback; machine: ${process.platform} ${process.arch}, node ${process.version}\n`,
    );
    console.log(
      `${"path".padEnd(12)}${pad("req/s", 9)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("non-2xx", 9)}${pad("static req/s", 14)}${pad("ratio", 7)}`,
    );
    for (const path of PATHS) {
      const app = await load(server.url + path, SECONDS);
      const reference = await load(twin.url + path, SECONDS);
      const ratio = app.requestsPerSecond / reference.requestsPerSecond;
      console.log(
        `${path.padEnd(12)}${pad(app.requestsPerSecond.toFixed(0), 9)}${pad(app.p50, 8)}${pad(app.p99, 8)}${pad(app.errors, 8)}${pad(app.non2xx, 9)}${pad(reference.requestsPerSecond.toFixed(0), 14)}${pad(ratio.toFixed(2), 7)}`,
      );
      const misses: string[] = [];
      if (app.errors || app.non2xx) misses.push(`${app.errors} errors and ${app.non2xx} non-2xx responses`);
      if (app.p99 >= BUDGET.maxP99Ms) misses.push(`p99 ${app.p99} ms is not under ${BUDGET.maxP99Ms} ms`);
      if (ratio < BUDGET.minRatio)
        misses.push(`throughput is ${ratio.toFixed(2)} of the static server's, below ${BUDGET.minRatio}`);
      for (const miss of misses) console.log(`  MISSED ${path}: ${miss}`);
      if (misses.length) failed = true;
    }
    await twin.close();

    // Memory under sustained load: RSS after warm-up vs. at the end of a longer run.
    const soakStart = residentSetSize(server.process.pid!);
    const soak = await load(server.url + "/", SOAK_SECONDS);
    const soakEnd = residentSetSize(server.process.pid!);
    const growth = soakEnd - soakStart;
    console.log(
      `\nsoak ${SOAK_SECONDS} s on /: ${soak.total} requests, ${soak.errors} errors; RSS ${mb(soakStart)} MB -> ${mb(soakEnd)} MB (growth ${mb(growth)} MB); peak RSS over the whole run ${mb(Math.max(...rss, soakEnd))} MB`,
    );
    if (soak.errors || soak.non2xx) failed = true;
    if (growth > BUDGET.maxRssGrowthMb * 1024 * 1024) {
      console.log(`  MISSED: RSS grew by more than ${BUDGET.maxRssGrowthMb} MB`);
      failed = true;
    }
  } finally {
    stopSampling();
    await server.stop();
  }
  console.log(failed ? "\nbench: budgets MISSED" : "\nbench: all budgets met");
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error("bench failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
