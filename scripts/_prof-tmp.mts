import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { makeTempDir, prepareDatabase, freePort } from "./lib/production-server";
const dir = makeTempDir("an-prof");
const db = `${dir}/p.sqlite`;
await prepareDatabase(db, { articles: 50 });
const port = await freePort();
const child = spawn(process.execPath, ["--cpu-prof", "--cpu-prof-dir=/tmp/an-prof", "node_modules/@remix-run/serve/dist/cli.js", ".build-bench/index.js"], {
  env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATABASE_URL: `file:${db}`, SESSION_SECRET: "x".repeat(40), BACKUP: "off", BACKUP_URL: "", PUBLIC_FORM_LIMIT_PER_MINUTE: "100000000", PUBLIC_FORM_LIMIT_PER_HOUR: "100000000", LOG_LEVEL: process.env.LL ?? "info" },
  stdio: ["ignore", "ignore", "inherit"],
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) { try { await fetch(url + "/robots.txt"); break; } catch { await new Promise(r => setTimeout(r, 200)); } }
let n = 0; let ok = 0;
const r = await autocannon({ url: url + "/donate", connections: 50, duration: Number(process.env.SECS ?? 5), requests: [{ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, setupRequest: (q) => ({ ...q, body: new URLSearchParams({ type: "one-time", amount: "25", firstName: "A", lastName: "B", email: `p${++n}@example.org`, payBy: "bank" }).toString() }), onResponse: (s) => { if (s === 303) ok++; } }] });
console.log("pledges/s", ok / Number(process.env.SECS ?? 5), "p50", r.latency.p50, "p99", r.latency.p99);
child.kill("SIGINT");
await new Promise(r => child.once("exit", r));
