// Where a pledge's time goes: one production server on SQLite (or, with `-- --postgres`, on a
// PostgreSQL started for the run) under Node's own profiler (--cpu-prof), bank-transfer pledges posted by
// 50 connections for PROFILE_SECONDS (10), then the main thread's self time by function and by
// package, heaviest first, in microseconds a request. The .cpuprofile file is kept (open it in
// Chrome's DevTools). `-- --floor` profiles the floor (GET /robots.txt) instead, to compare.
//   npx tsx scripts/profile-pledges.ts            (BENCH_REUSE_BUILD=1 keeps .build-bench)
import fs from "node:fs";
import path from "node:path";
import { prepareDrillDatabase } from "./lib/drill-database";
import { buildApp, ensureBuild, makeTempDir, prepareDatabase, startServer } from "./lib/production-server";
import { getLoad, postLoad } from "./lib/pledge-load";

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.PROFILE_CONNECTIONS ?? 50);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package, the app's build, node's own, or the engine. */
function placeOf(url: string): string {
  if (!url) return "(engine: gc, idle, native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return "node";
  if (url.includes(".build")) return "app (build)";
  return url.replace(/^file:\/\//, "");
}

function summarise(profile: Profile, requests: number, top = 30): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()]
    .filter(([id]) => byId.get(id)?.callFrame.functionName === "(idle)")
    .reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  for (const [id, time] of self) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === "(idle)") continue;
    const place = placeOf(frame.url);
    const name = `${frame.functionName || "(anonymous)"}  ${place}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + time);
    byPlace.set(place, (byPlace.get(place) ?? 0) + time);
  }
  const share = (t: number) =>
    `${((100 * t) / busy).toFixed(1).padStart(5)} % ${(t / requests).toFixed(0).padStart(5)} µs`;
  console.log(
    `main thread busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s sampled: ${(busy / requests).toFixed(0)} µs a request`,
  );
  console.log("\nself time by package:");
  for (const [place, t] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${share(t)}  ${place}`);
  console.log("\nself time by function:");
  for (const [name, t] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${share(t)}  ${name}`);
}

async function main(): Promise<void> {
  const floor = process.argv.includes("--floor");
  const buildDir = process.env.BUILD_DIR ?? ".build-bench";
  if (process.env.BENCH_REUSE_BUILD === "1") ensureBuild(buildDir);
  else buildApp(buildDir);
  const dir = makeTempDir("profile-pledges");
  const databaseFile = `${dir}/profile.sqlite`;
  const postgres = process.argv.includes("--postgres") ? await prepareDrillDatabase({ articles: 50 }) : null;
  const databaseUrl = postgres?.url;
  if (!postgres) await prepareDatabase(databaseFile, { articles: 50 });
  const profileDir = path.resolve(process.env.PROFILE_DIR ?? ".profiles");
  fs.mkdirSync(profileDir, { recursive: true });
  const before = new Set(fs.readdirSync(profileDir));
  const server = await startServer({
    buildDir,
    databaseFile: databaseUrl ? undefined : databaseFile,
    databaseUrl,
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
    env: {
      PUBLIC_FORM_LIMIT_PER_MINUTE: "100000000",
      PUBLIC_FORM_LIMIT_PER_HOUR: "100000000",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    },
  });
  let requests = 0;
  try {
    // The first requests (code compiled on first use) are in the profile too; 10 s dilutes them.
    const wave = floor
      ? await getLoad(`${server.url}/robots.txt`, CONNECTIONS, SECONDS)
      : await postLoad(server.url, CONNECTIONS, SECONDS, { payBy: "bank" }, (l) => l.startsWith("/donate/thank-you/"));
    requests = wave.perSecond * SECONDS;
    console.log(
      `${floor ? "GET /robots.txt" : "bank-transfer pledges"}, ${CONNECTIONS} connections, ${SECONDS} s: ${wave.perSecond.toFixed(0)}/s, p50 ${wave.p50} ms, p99 ${wave.p99} ms, ${wave.unexpected} other answers`,
    );
  } finally {
    await server.stop();
    await postgres?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const file = fs.readdirSync(profileDir).find((name) => !before.has(name) && name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written in ${profileDir}`);
  console.log(`profile: ${path.join(profileDir, file)}\n`);
  summarise(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as Profile, requests);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
