// npm run bench, the appeal-night section: what a TV appeal's wave of donors does to
// the write side, judged against the floor (GET /robots.txt) measured on the same set-up in the
// same run, so that a shared or slow machine moves both alike.
//   (a) bank-transfer pledges (POST /donate, no JavaScript) by 50 and by 200 connections, for
//       BENCH_APPEAL_SECONDS (10) each: straight to one instance on SQLite, and through nginx
//       (deploy/nginx.conf) to two instances on one PostgreSQL. Prints pledges acknowledged per
//       second (a 303 to the thank-you page), p50 and p99; then counts what the database holds:
//       every acknowledged pledge stored once, its donor e-mail queued once.
//   (b) card gifts against a Stripe stand-in answering 429 above 25 Checkout Session creations a
//       second: every donor is sent to Checkout or to the wait page (never a 5xx), every wait
//       page ends at the donor's own Checkout page, and no pledge gets two sessions.
// Budgets (the command exits non-zero when one is missed): pledges/s ≥ 0.5 × the floor's req/s;
// pledge p99 ≤ 3 × the floor's p99; 0 lost, 0 doubled, 0 5xx; 0 card donors shown an error.
// `-- --sqlite`, `--cluster` or `--card` runs one part; BENCH_REUSE_BUILD=1 keeps a build.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../app/infra/db.server";
import { ensureNginx, startNginx, type RunningNginx } from "./lib/cluster";
import { prepareDrillDatabase, type DrillDatabase } from "./lib/drill-database";
import { getLoad, postLoad } from "./lib/pledge-load";
import {
  buildApp,
  ensureBuild,
  makeTempDir,
  prepareDatabase,
  startServer,
  type RunningServer,
} from "./lib/production-server";
import { startStripeStandIn } from "./lib/stripe-stand-in";
import { startTestSmtpServer } from "../tests/integration/smtp-support";

const SECONDS = Number(process.env.BENCH_APPEAL_SECONDS ?? 10);
const CONNECTION_COUNTS = [50, 200];
const BUDGET = { minRatio: 0.5, maxP99Ratio: 3 };
const STRIPE_LIMIT_PER_SECOND = 25;
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

/** The server environment of every part: donors all come from 127.0.0.1, far faster than people. */
const SERVER_ENV = {
  PUBLIC_FORM_LIMIT_PER_MINUTE: "100000000",
  PUBLIC_FORM_LIMIT_PER_HOUR: "100000000",
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
};

const pad = (value: string | number, width: number) => String(value).padStart(width);

const THANK_YOU = /^\/donate\/thank-you\/(CHA-[0-9A-Z]+)$/;

/** What the database holds for these references: pledges and donor e-mails per reference. */
async function countStored(databaseUrl: string, references: string[]) {
  const db = openDatabase(databaseUrl);
  try {
    const pledges = new Map<string, number>();
    const mails = new Map<string, number>();
    for (let i = 0; i < references.length; i += 500) {
      const chunk = references.slice(i, i + 500);
      const rows = await db
        .selectFrom("pledges")
        .leftJoin("outbox", (join) =>
          join.onRef("outbox.pledge_id", "=", "pledges.id").on("outbox.kind", "=", "pledge.donor"),
        )
        .select(["pledges.reference", "pledges.id", "outbox.id as mail"])
        .where("pledges.reference", "in", chunk)
        .execute();
      const seenPledge = new Set<number>();
      for (const row of rows) {
        if (!seenPledge.has(row.id)) {
          seenPledge.add(row.id);
          pledges.set(row.reference, (pledges.get(row.reference) ?? 0) + 1);
        }
        if (row.mail !== null) mails.set(row.reference, (mails.get(row.reference) ?? 0) + 1);
      }
    }
    const total = Number(
      (
        await db
          .selectFrom("pledges")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    return { pledges, mails, total };
  } finally {
    await db.destroy();
  }
}

const failures: string[] = [];
function judge(label: string, misses: string[]): string {
  if (misses.length) failures.push(`${label}: ${misses.join(", ")}`);
  return misses.length ? `FAIL (${misses.join(", ")})` : "pass";
}

/** Part (a) on one set-up: the floor and the pledges at each connection count, then the rows. */
async function pledgeWave(
  label: string,
  base: string,
  databaseUrl: string,
  floorHeaders: Record<string, string> = {},
): Promise<void> {
  console.log(`\n${label}: ${SECONDS} s per run, loopback; floor GET /robots.txt on the same set-up`);
  console.log(
    `${"connections".padEnd(12)}${pad("floor req/s", 12)}${pad("floor p99", 10)}${pad("pledges/s", 11)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("max ms", 8)}${pad("ratio", 7)}${pad("5xx", 5)}${pad("other", 7)}  result`,
  );
  const acknowledged: string[] = [];
  for (const connections of CONNECTION_COUNTS) {
    // Unmeasured first (a fresh server compiles the code of each path on first use), then
    // floor, pledges, floor: a load drifting on a shared machine weighs on both alike.
    await getLoad(`${base}/robots.txt`, connections, WARMUP_SECONDS, floorHeaders);
    const warm = await postLoad(base, connections, WARMUP_SECONDS, { payBy: "bank" }, (l) => THANK_YOU.test(l));
    acknowledged.push(...warm.locations.map((l) => THANK_YOU.exec(l)![1]));
    const before = await getLoad(`${base}/robots.txt`, connections, SECONDS / 2, floorHeaders);
    const wave = await postLoad(base, connections, SECONDS, { payBy: "bank" }, (l) => THANK_YOU.test(l));
    const after = await getLoad(`${base}/robots.txt`, connections, SECONDS / 2, floorHeaders);
    const floorRun = {
      perSecond: (before.perSecond + after.perSecond) / 2,
      p99: Math.max(before.p99, after.p99),
      status5xx: before.status5xx + after.status5xx,
      errors: before.errors + after.errors,
    };
    acknowledged.push(...wave.locations.map((l) => THANK_YOU.exec(l)![1]));
    const ratio = wave.perSecond / floorRun.perSecond;
    const misses: string[] = [];
    if (ratio < BUDGET.minRatio) misses.push(`below ${BUDGET.minRatio} × the floor`);
    if (wave.p99 > BUDGET.maxP99Ratio * floorRun.p99) misses.push(`p99 over ${BUDGET.maxP99Ratio} × the floor's`);
    if (wave.status5xx) misses.push(`${wave.status5xx} 5xx`);
    if (wave.errors || warm.errors || warm.status5xx) misses.push(`${wave.errors + warm.errors} errors or time-outs`);
    if (floorRun.status5xx || floorRun.errors) misses.push("the floor had errors");
    console.log(
      `${String(connections).padEnd(12)}${pad(floorRun.perSecond.toFixed(0), 12)}${pad(floorRun.p99, 10)}${pad(wave.perSecond.toFixed(0), 11)}${pad(wave.p50, 8)}${pad(wave.p99, 8)}${pad(wave.max, 8)}${pad(ratio.toFixed(2), 7)}${pad(wave.status5xx, 5)}${pad(wave.unexpected - wave.status5xx, 7)}  ${judge(`${label}, ${connections} connections`, misses)}`,
    );
  }
  const { pledges, mails, total } = await countStored(databaseUrl, acknowledged);
  const distinct = new Set(acknowledged);
  const lost = acknowledged.filter((r) => !pledges.get(r)).length;
  const doubled = [...distinct].filter((r) => (pledges.get(r) ?? 0) > 1).length + (acknowledged.length - distinct.size);
  const mailNotOnce = [...distinct].filter((r) => mails.get(r) !== 1).length;
  const misses: string[] = [];
  if (lost) misses.push(`${lost} lost`);
  if (doubled) misses.push(`${doubled} doubled`);
  if (mailNotOnce) misses.push(`${mailNotOnce} without exactly one donor e-mail queued`);
  console.log(
    `rows: ${acknowledged.length} acknowledged, ${total} pledges in the database, ${lost} lost, ${doubled} doubled, ${mailNotOnce} e-mails not queued once  ${judge(`${label}, rows`, misses)}`,
  );
}

function prepareBuild(): string {
  const buildDir = process.env.BUILD_DIR ?? ".build-bench";
  console.log(`Building into ${buildDir}...`);
  if (process.env.BENCH_REUSE_BUILD === "1") ensureBuild(buildDir);
  else buildApp(buildDir);
  return buildDir;
}

async function sqlitePart(buildDir: string): Promise<void> {
  const dir = makeTempDir("bench-appeal");
  const databaseFile = `${dir}/appeal.sqlite`;
  await prepareDatabase(databaseFile, { articles: 50 });
  // As `npm start` runs it: under the backup supervisor, with Litestream replicating beside the
  // server (BENCH_APPEAL_BACKUP=off measures the server alone).
  const backup = process.env.BENCH_APPEAL_BACKUP !== "off";
  // With a mail server, as a charity runs it: the outbox sender delivers at its own pace
  // (MAIL_MAX_PER_MINUTE, 60 unless set) during the wave, to a real SMTP server in this process.
  const smtp = await startTestSmtpServer();
  const mailPace = process.env.MAIL_MAX_PER_MINUTE;
  const env = { ...SERVER_ENV, SMTP_URL: smtp.url, ...(mailPace ? { MAIL_MAX_PER_MINUTE: mailPace } : {}) };
  const server = await startServer({ buildDir, databaseFile, env, output: "ignore", backup });
  try {
    await pledgeWave(
      `(a) bank-transfer pledges, one instance on SQLite${backup ? " with Litestream, as npm start runs it" : ""}, mail sent beside`,
      server.url,
      `file:${databaseFile}`,
    );
    const ids = smtp.received.map((mail) => mail.header("message-id"));
    const twice = ids.length - new Set(ids).size;
    console.log(
      `mail: ${smtp.received.length} messages delivered meanwhile (MAIL_MAX_PER_MINUTE ${mailPace ?? "60, the default"}), ${twice} twice  ${judge("(a) SQLite, mail", twice ? [`${twice} messages delivered twice`] : smtp.received.length ? [] : ["no mail delivered"])}`,
    );
  } finally {
    await server.stop();
    await smtp.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function clusterPart(buildDir: string): Promise<void> {
  ensureNginx();
  const dir = makeTempDir("bench-appeal-cluster");
  let database: DrillDatabase | undefined;
  let nginx: RunningNginx | undefined;
  const instances: RunningServer[] = [];
  try {
    database = await prepareDrillDatabase({ articles: 50 });
    for (let i = 0; i < 2; i++) {
      instances.push(
        await startServer({ buildDir, databaseUrl: database.url, env: { ...SERVER_ENV, TRUST_PROXY: "true" } }),
      );
    }
    nginx = await startNginx(
      path.join(dir, "nginx"),
      instances.map((instance) => instance.port),
    );
    // The floor is the app's, through the same proxy: nginx would answer GET /robots.txt from its
    // cache (tens of thousands a second, never reaching an instance), so the floor's requests
    // carry an Authorization header, which deploy/nginx.conf never answers from the cache.
    await pledgeWave("(a) bank-transfer pledges, nginx and two instances on PostgreSQL", nginx.url, database.url, {
      authorization: "Bearer bench-floor",
    });
  } finally {
    // What nginx said of an instance (a 5xx a donor saw comes from one of them or from nginx).
    const errorLog = path.join(dir, "nginx", "error.log");
    const said = fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8").trim().split("\n").filter(Boolean) : [];
    if (said.length)
      console.log(`nginx's error log (${said.length} lines, first 20):\n${said.slice(0, 20).join("\n")}`);
    for (const instance of instances) await instance.stop();
    await nginx?.stop();
    await database?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Part (b): card gifts with Stripe's rate limit, one instance on SQLite. */
async function cardPart(buildDir: string): Promise<void> {
  const standIn = await startStripeStandIn({ rateLimitPerSecond: STRIPE_LIMIT_PER_SECOND });
  const dir = makeTempDir("bench-appeal-card");
  const databaseFile = `${dir}/card.sqlite`;
  await prepareDatabase(databaseFile, { articles: 50 });
  const server = await startServer({
    buildDir,
    databaseFile,
    env: {
      ...SERVER_ENV,
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: "whsec_bench",
      STRIPE_API_URL: standIn.url,
    },
  });
  const checkout = (l: string) => l.startsWith(`${standIn.origin}/c/pay/`);
  const wait = /^\/donate\/card\/(CHA-[0-9A-Z]+)\/wait$/;
  try {
    const connections = CONNECTION_COUNTS[0];
    console.log(
      `\n(b) card gifts, one instance on SQLite, Stripe stand-in answering 429 above ${STRIPE_LIMIT_PER_SECOND} sessions a second: ${connections} connections, ${SECONDS} s`,
    );
    const wave = await postLoad(server.url, connections, SECONDS, {}, (l) => checkout(l) || wait.test(l));
    const waiting = wave.locations.filter((l) => wait.test(l)).map((l) => wait.exec(l)![1]);
    const atOnce = wave.locations.length - waiting.length;
    console.log(
      `gifts answered: ${wave.locations.length} (${(wave.locations.length / SECONDS).toFixed(0)}/s, p50 ${wave.p50} ms, p99 ${wave.p99} ms): ${atOnce} straight to Checkout, ${waiting.length} to the wait page; ${wave.status5xx} 5xx, ${wave.unexpected - wave.status5xx} other; Stripe answered 429 ${standIn.rateLimited} times`,
    );
    // Every waiting donor's page ends at their Checkout page: the queue drains at Stripe's pace.
    const started = Date.now();
    const deadline = started + (waiting.length / 15 + 30) * 1000;
    let pending = [...waiting];
    let errorPages = 0;
    while (pending.length && Date.now() < deadline) {
      const still: string[] = [];
      for (let i = 0; i < pending.length; i += 20) {
        const answers = await Promise.all(
          pending.slice(i, i + 20).map(async (reference) => {
            const response = await fetch(`${server.url}/donate/card/${reference}/wait`, { redirect: "manual" });
            await response.arrayBuffer();
            if (response.status === 303 && checkout(response.headers.get("location") ?? "")) return null;
            if (response.status === 200 && response.headers.get("refresh")) return reference;
            errorPages += 1;
            return null;
          }),
        );
        still.push(...answers.filter((r): r is string => r !== null));
      }
      pending = still;
      if (pending.length) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const doubled = [...standIn.sessionsByReference.values()].filter((ids) => ids.length > 1).length;
    const { pledges } = await countStored(`file:${databaseFile}`, [
      ...waiting,
      ...[...standIn.sessionsByReference.keys()],
    ]);
    const lost = waiting.filter((r) => !pledges.get(r)).length;
    const misses: string[] = [];
    if (wave.status5xx) misses.push(`${wave.status5xx} 5xx`);
    if (wave.unexpected) misses.push(`${wave.unexpected} donors not sent to Checkout or the wait page`);
    if (wave.errors) misses.push(`${wave.errors} errors or time-outs`);
    if (errorPages) misses.push(`${errorPages} wait pages answered with an error`);
    if (pending.length)
      misses.push(`${pending.length} still waiting after ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (doubled) misses.push(`${doubled} pledges with two sessions`);
    if (lost) misses.push(`${lost} lost`);
    console.log(
      `wait pages: all ${waiting.length} at Checkout ${((Date.now() - started) / 1000).toFixed(1)} s after the wave; ${doubled} pledges with two sessions, ${lost} lost  ${judge("(b) card gifts", misses)}`,
    );
  } finally {
    await server.stop();
    await standIn.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const buildDir = prepareBuild();
  const parts = ["--sqlite", "--cluster", "--card"].filter((flag) => process.argv.includes(flag));
  const run = (flag: string) => parts.length === 0 || parts.includes(flag);
  console.log(`\nAppeal night; machine: ${process.platform} ${process.arch}, node ${process.version}`);
  if (run("--sqlite")) await sqlitePart(buildDir);
  if (run("--cluster")) await clusterPart(buildDir);
  if (run("--card")) await cardPart(buildDir);
  console.log(
    failures.length
      ? `\nbench (appeal night): budgets MISSED\n  ${failures.join("\n  ")}`
      : "\nbench (appeal night): all budgets met",
  );
  process.exit(failures.length ? 1 : 0);
}

main().catch((error) => {
  console.error("bench (appeal night) failed:", error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
