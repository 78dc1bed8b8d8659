// The TV-appeal drill (`npm run test:cluster`; `-- --short` in `npm test`): two app instances on one
// PostgreSQL database behind nginx (deploy/nginx.conf), a spike of anonymous visitors while donors pledge, one
// instance killed with SIGKILL and started again, a rolling restart of both, and an article
// published on one instance. Then it asserts what a charity needs from such an evening:
//   - no GET through nginx failed (5xx, reset or time-out);
//   - every pledge that got its thank-you page is stored exactly once and its e-mail sent once;
//   - the new article is on /news through nginx within the cache lifetime the app chose;
//   - nothing personal was ever stored in or served from the cache.
// It prints req/s and p99 per page through the proxy under the spike and the rolling restart and,
// in the full drill only, quiet through the proxy, straight to one instance, and from a static nginx
// serving the same bytes. Every loop is bounded; the whole drill stops itself.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { startTestSmtpServer, type TestSmtpServer } from "../tests/integration/smtp-support";
import {
  cacheEntries,
  ensureNginx,
  load,
  startNginx,
  startStaticNginx,
  twinPage,
  type Load,
  type TwinPage,
  type RunningNginx,
  waitHealthy,
} from "./lib/cluster";
import { waitUntil } from "./lib/wait";
import { prepareDrillDatabase, type DrillDatabase } from "./lib/drill-database";
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  ensureBuild,
  freePort,
  makeTempDir,
  startServer,
  type RunningServer,
} from "./lib/production-server";

const SHORT = process.argv.includes("--short");
/** Length of each load phase: 5 s in `npm test`, 20 s for the full drill. */
const PHASE_SECONDS = SHORT ? 5 : 20;
const CONNECTIONS = 200;
const PLEDGES_PER_SECOND = 20;
const PAGES = ["/", "/news", "/news/1", "/donate"];
/** A rolling restart waits on each stop: idle database connections or timers must not hold it. */
const STOP_LIMIT_SECONDS = 10;
const TIME_LIMIT_MS = (SHORT ? 4 : 8) * 60_000;
const BUILD_DIR = process.env.BUILD_DIR ?? ".build-e2e";

const started = Date.now();
const log = (message: string) => console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
/** The pledges' pace (PLEDGES_PER_SECOND): a rate, not a wait for anything. */
const pace = () => new Promise((resolve) => setTimeout(resolve, 1000 / PLEDGES_PER_SECOND));

let tmpDir: string | undefined;
let database: DrillDatabase | undefined;
let smtp: TestSmtpServer | undefined;
let nginx: RunningNginx | undefined;
const instances: (RunningServer | undefined)[] = [];
const failures: string[] = [];

function check(ok: boolean, message: string) {
  console.log(`${ok ? "pass" : "FAIL"}  ${message}`);
  if (!ok) failures.push(message);
}

async function cleanUp() {
  await Promise.allSettled(instances.map((instance) => instance?.kill()));
  await nginx?.stop().catch(() => undefined);
  await smtp?.close().catch(() => undefined);
  await database?.stop().catch(() => undefined);
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
}

function abort(message: string): never {
  console.error(`cluster drill: ${message}`);
  void cleanUp().finally(() => process.exit(1));
  throw new Error(message);
}

async function startInstance(index: number, port: number): Promise<RunningServer> {
  const server = await startServer({
    buildDir: BUILD_DIR,
    databaseUrl: database!.url,
    port,
    output: "ignore",
  });
  instances[index] = server;
  return server;
}

interface Pledges {
  acknowledged: { reference: string; email: string }[];
  refused: number;
  failed: number;
}

/** Donors pledging through nginx at a steady rate until `stop` is set. */
function pledgeWhile(base: string, stop: { now: boolean }, into: Pledges): Promise<void> {
  const run = async () => {
    const inFlight: Promise<void>[] = [];
    for (let n = 0; !stop.now; n++) {
      const email = `drill-${crypto.randomBytes(6).toString("hex")}@example.org`;
      inFlight.push(
        fetch(`${base}/donate`, {
          method: "POST",
          body: new URLSearchParams({ type: "one-time", amount: "25", firstName: "Tele", lastName: "Thon", email }),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          redirect: "manual",
          signal: AbortSignal.timeout(15_000),
        })
          .then(async (response) => {
            await response.arrayBuffer();
            const reference = /\/donate\/thank-you\/(CHA-[0-9A-Z]+)$/.exec(response.headers.get("Location") ?? "")?.[1];
            if (response.status === 303 && reference) into.acknowledged.push({ reference, email });
            else if (response.status >= 500) into.failed++;
            else into.refused++;
          })
          .catch(() => {
            into.failed++;
          }),
      );
      await pace();
    }
    await Promise.all(inFlight);
  };
  return run();
}

/** Four pages at once, CONNECTIONS in all, for `seconds`. */
async function spike(base: string, seconds: number): Promise<Map<string, Load>> {
  const per = Math.floor(CONNECTIONS / PAGES.length);
  const results = await Promise.all(PAGES.map((page) => load(`${base}${page}`, seconds, per)));
  return new Map(PAGES.map((page, i) => [page, results[i]]));
}

function failedGets(loads: Map<string, Load>): number {
  return [...loads.values()].reduce((sum, l) => sum + l.errors + l.status5xx, 0);
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 302 && response.status !== 303) abort(`staff sign-in answered ${response.status}`);
  if (!cookie) abort("staff sign-in set no cookie");
  return cookie;
}

async function apiToken(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) abort(`API sign-in answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Sessions and the page cache across instances: a staff sign-in on instance 1 opens the staff
 * area on instance 2; an article published through instance 2 with an API token made on
 * instance 1 is on instance 1's own /news (cached just before) on the very next request.
 */
async function sharedStateChecks(): Promise<{ sessionElsewhere: boolean; publishedElsewhere: boolean }> {
  const [one, two] = [instances[0]!.url, instances[1]!.url];
  const cookie = await signIn(one);
  const staff = await fetch(`${two}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  const sessionElsewhere = staff.status === 200 && (await staff.text()).includes("Sign out");
  for (let i = 0; i < 2; i++) await (await fetch(`${one}/news`)).arrayBuffer();
  const title = `Shared state check ${crypto.randomBytes(4).toString("hex")}`;
  const created = await fetch(`${two}/api/news`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${await apiToken(one)}` },
    body: JSON.stringify({ title, content: "Published on the other instance." }),
  });
  const publishedElsewhere = created.status === 201 && (await (await fetch(`${one}/news`)).text()).includes(title);
  return { sessionElsewhere, publishedElsewhere };
}

function sMaxAge(cacheControl: string | null): number {
  return Number(/s-maxage=(\d+)/.exec(cacheControl ?? "")?.[1] ?? 0);
}

function row(label: string, l: Load): string {
  return `${label.padEnd(34)}${l.requestsPerSecond.toFixed(0).padStart(8)}${String(l.p99).padStart(9)}${String(l.errors + l.status5xx).padStart(8)}`;
}

async function main() {
  setTimeout(() => abort(`took longer than ${TIME_LIMIT_MS / 60_000} min`), TIME_LIMIT_MS).unref();
  ensureNginx();
  ensureBuild(BUILD_DIR);
  tmpDir = makeTempDir("cluster");
  database = await prepareDrillDatabase();
  log(`database: ${database.description}`);

  smtp = await startTestSmtpServer("accept");
  const ports = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  // startServer passes this environment on to both instances.
  Object.assign(process.env, {
    TRUST_PROXY: "true",
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SMTP_URL: smtp.url,
    MAIL_MAX_PER_MINUTE: "100000",
    // Short leases: mail a killed instance had claimed goes out again within seconds, not 92.
    MAIL_TIMEOUT_SECONDS: "5",
    // The drill's donors all come from 127.0.0.1, far faster than people.
    PUBLIC_FORM_LIMIT_PER_MINUTE: "1000000",
    PUBLIC_FORM_LIMIT_PER_HOUR: "1000000",
    LOG_LEVEL: "warn",
    // The short form lets the proxy keep pages 10 s (not the default 60), so the publish check
    // waits less; the full drill keeps the default.
    ...(SHORT ? { SHARED_CACHE_SECONDS: "10" } : {}),
  });
  delete process.env.STAFF_EMAIL;
  await Promise.all(ports.map((port, i) => startInstance(i, port)));
  nginx = await startNginx(path.join(tmpDir, "nginx"), ports);
  // startNginx chose its own port: point PUBLIC_URL at it for the links the pages build.
  const proxy = nginx.url;
  log(`two instances on ${ports.join(" and ")}, nginx on ${proxy}`);

  // Warm the cache and the instances (unmeasured).
  for (const page of PAGES) for (let i = 0; i < 3; i++) await (await fetch(`${proxy}${page}`)).arrayBuffer();

  // Publishing during the spike: a staff member on instance 2; visitors read /news through nginx.
  const before = await fetch(`${proxy}/news`);
  const lifetime = sMaxAge(before.headers.get("cache-control"));
  await before.arrayBuffer();
  const token = await apiToken(instances[1]!.url);
  const title = `Drill appeal update ${crypto.randomBytes(4).toString("hex")}`;
  // Phase 1: the spike, with one instance killed and started again once the other has carried
  // the pledges alone for a while.
  const pledges: Pledges = { acknowledged: [], refused: 0, failed: 0 };
  const stopPledges = { now: false };
  const pledging = pledgeWhile(proxy, stopPledges, pledges);
  /** Waits until `count` more pledges than now are acknowledged (the load is flowing). */
  const morePledges = (count: number, what: string) => {
    const target = pledges.acknowledged.length + count;
    return waitUntil(() => pledges.acknowledged.length >= target, { what, timeoutMs: 30_000 }).catch((error: Error) =>
      abort(error.message),
    );
  };
  const publishing = (async (): Promise<number | null> => {
    await morePledges(40, "40 pledges acknowledged before publishing");
    const created = await fetch(`${instances[1]!.url}/api/news`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify({ title, content: "Published on one instance during the appeal." }),
    });
    if (created.status !== 201) abort(`publishing answered ${created.status}`);
    const publishedAt = Date.now();
    log("article published on instance 2");
    // s-maxage, then one request that finds the copy expired and starts the background refresh.
    const seen = await waitUntil(async () => (await (await fetch(`${proxy}/news`)).text()).includes(title), {
      what: "the article on /news through nginx",
      timeoutMs: (lifetime + 5) * 1000,
      intervalMs: 500,
    }).catch(() => false);
    return seen ? Date.now() - publishedAt : null;
  })();

  const failoverSeconds = Math.max(PHASE_SECONDS, 10);
  const failover = (async () => {
    await morePledges(20, "20 pledges acknowledged before the SIGKILL");
    await instances[0]!.kill();
    log("instance 1 killed (SIGKILL)");
    await morePledges(60, "60 pledges acknowledged by the instance left");
    await startInstance(0, ports[0]);
    log("instance 1 started again");
  })();
  log(
    `spike: ${CONNECTIONS} connections for ${failoverSeconds} s on ${PAGES.join(", ")}, ${PLEDGES_PER_SECOND} pledges/s`,
  );
  const spikeLoads = await spike(proxy, failoverSeconds);
  await failover;

  // Phase 2: a rolling restart (one instance at a time, waiting for /healthz) under the same load.
  const stopSeconds: number[] = [];
  const rolling = (async () => {
    await morePledges(10, "10 pledges acknowledged before the rolling restart");
    for (const [i, port] of ports.entries()) {
      const stopping = Date.now();
      await instances[i]!.stop();
      stopSeconds.push((Date.now() - stopping) / 1000);
      log(`instance ${i + 1} stopped (SIGTERM)`);
      await startInstance(i, port);
      await waitHealthy(instances[i]!.url);
      log(`instance ${i + 1} back and healthy`);
    }
  })();
  const rollingSeconds = PHASE_SECONDS + 8;
  log(`rolling restart under load for ${rollingSeconds} s`);
  const rollingLoads = await spike(proxy, rollingSeconds);
  await rolling;
  stopPledges.now = true;
  await pledging;

  // Phase 4: staff pages and personal data never come from the cache.
  const cookie = await signIn(proxy);
  const staffResponses = await Promise.all(
    ["/admin/dashboard/news", "/news", "/"].map(async (page) => {
      const response = await fetch(`${proxy}${page}`, { headers: { Cookie: cookie } });
      return { page, status: response.headers.get("x-cache-status"), text: await response.text() };
    }),
  );
  const anonymousAfter = await (await fetch(`${proxy}/news`)).text();

  // Every acknowledged pledge: stored once, its e-mail delivered once.
  // The outbox sends each message after the SMTP server took it: with nothing left queued, every
  // copy there will be (a re-send after a SIGKILL between "250 OK" and the commit included) has arrived.
  const references = new Set(pledges.acknowledged.map((p) => p.reference));
  await waitUntil(async () => (await database!.unsentMail()) === 0, {
    what: "the outbox sending every pledge's message",
    timeoutMs: 60_000,
    intervalMs: 250,
  }).catch((error: Error) => log(error.message));
  // A message re-sent after a SIGKILL between the SMTP server's "250 OK" and the outbox's commit
  // is the same message (the same Message-ID), which mailboxes show once: count distinct ids.
  const messageIds = new Map<string, Set<string>>();
  let copies = 0;
  for (const mail of smtp.received)
    for (const r of references)
      if (mail.subject.includes(r)) {
        copies++;
        messageIds.set(r, (messageIds.get(r) ?? new Set()).add(mail.parsed.messageId ?? crypto.randomUUID()));
      }
  const stored = await database.pledgeCounts(pledges.acknowledged.map((p) => p.reference));

  // The figures: proxy (from the spike), one instance straight, and the static twin. Quiet loads
  // are measurements that no check reads, so only the full drill takes them (5 s each); the short
  // form in npm test keeps the checks and the spike and rolling-restart rows (about 13 s less).
  const direct = new Map<string, Load>();
  const proxyQuiet = new Map<string, Load>();
  const twin = new Map<string, Load>();
  if (!SHORT) {
    const quietSeconds = 5;
    const bodies = new Map<string, TwinPage>();
    for (const page of PAGES) bodies.set(page, await twinPage(await fetch(`${proxy}${page}`)));
    const staticTwin = await startStaticNginx(path.join(tmpDir, "static"), bodies);
    for (const page of PAGES) {
      proxyQuiet.set(page, await load(`${proxy}${page}`, quietSeconds, 50));
      direct.set(page, await load(`${instances[1]!.url}${page}`, quietSeconds, 50));
      twin.set(page, await load(`${staticTwin.url}${page}`, quietSeconds, 50));
    }
    await staticTwin.stop();
  }
  // The publish check polls /news twice a second meanwhile, too little to move these figures.
  const seenAfterMs = await publishing;
  const entries = cacheEntries(nginx.cacheDir);

  // Phase 5: the instances share one state, straight to each (no proxy in between).
  const shared = await sharedStateChecks();

  console.log("");
  console.log(`Cluster drill (${SHORT ? "short" : "full"}), ${new Date().toISOString().slice(0, 10)}`);
  console.log(`${"".padEnd(34)}${"req/s".padStart(8)}${"p99 ms".padStart(9)}${"failed".padStart(8)}`);
  for (const page of PAGES) {
    console.log(row(`${page} spike through nginx (failover)`, spikeLoads.get(page)!));
    console.log(row(`${page} rolling restart through nginx`, rollingLoads.get(page)!));
    if (SHORT) continue;
    console.log(row(`${page} quiet through nginx`, proxyQuiet.get(page)!));
    console.log(row(`${page} quiet straight to one instance`, direct.get(page)!));
    console.log(row(`${page} quiet static twin`, twin.get(page)!));
  }
  console.log(
    `pledges: ${pledges.acknowledged.length} acknowledged, ${pledges.refused} refused, ${pledges.failed} failed (no answer)`,
  );
  console.log(
    `new article on /news through nginx after ${seenAfterMs === null ? "never" : `${(seenAfterMs / 1000).toFixed(1)} s`} (s-maxage ${lifetime} s)`,
  );
  console.log(`cache entries: ${entries.length}`);
  console.log("");

  check(
    failedGets(spikeLoads) === 0,
    `no failed GET through nginx during the spike and failover (${failedGets(spikeLoads)})`,
  );
  check(
    failedGets(rollingLoads) === 0,
    `no failed GET through nginx during the rolling restart (${failedGets(rollingLoads)})`,
  );
  check(pledges.acknowledged.length > 0, "donors were answered with their thank-you page during the drill");
  const notOnce = pledges.acknowledged.filter((p) => stored.get(p.reference) !== 1);
  check(notOnce.length === 0, `every acknowledged pledge is stored exactly once (${notOnce.length} not)`);
  const mailNotOnce = [...references].filter((r) => messageIds.get(r)?.size !== 1);
  check(
    mailNotOnce.length === 0,
    `every acknowledged pledge's e-mail was delivered as one message (${mailNotOnce.length} not; ${copies} SMTP deliveries for ${references.size} pledges)`,
  );
  check(
    seenAfterMs !== null && seenAfterMs <= (lifetime + 5) * 1000,
    `the article published on one instance is on /news through nginx within its cache lifetime (${lifetime} s)`,
  );
  const personalKeys = entries.filter((e) => /\/(admin|api)(\/|$|\?)/.test(e.key));
  check(
    personalKeys.length === 0,
    `no staff page or API answer in the cache (${personalKeys.map((e) => e.key).join(", ")})`,
  );
  const withCookie = entries.filter((e) => /^set-cookie:/im.test(e.head) || /private|no-store/i.test(e.head));
  check(withCookie.length === 0, "no cached answer sets a cookie or is marked private");
  check(
    staffResponses.every((r) => r.status !== "HIT"),
    `signed-in requests are never answered from the cache (${staffResponses.map((r) => `${r.page}: ${r.status}`).join(", ")})`,
  );
  check(
    staffResponses[0].text.includes("Sign out") && !anonymousAfter.includes("Sign out"),
    "the staff page reached the signed-in person, and an anonymous visitor right after saw no staff content",
  );

  check(
    stopSeconds.every((seconds) => seconds <= STOP_LIMIT_SECONDS),
    `a SIGTERM'd instance exits within ${STOP_LIMIT_SECONDS} s of the signal, its requests answered (${stopSeconds.map((s) => s.toFixed(1)).join(" s, ")} s)`,
  );
  check(shared.sessionElsewhere, "a staff session made on one instance is signed in on the other");
  check(
    shared.publishedElsewhere,
    "an article published through one instance is on the other instance's /news at once (its page cache noticed)",
  );

  await cleanUp();
  console.log(
    `\n${failures.length === 0 ? "cluster drill passed" : `cluster drill FAILED: ${failures.length} check(s)`}`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => abort(error instanceof Error ? (error.stack ?? error.message) : String(error)));
