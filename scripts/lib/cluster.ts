// Several app instances behind nginx on loopback, for the cluster drill (scripts/cluster-drill.ts)
// and the proxy section of `npm run bench`. nginx runs the recipe in deploy/nginx.conf with only
// the lines marked "drill:" rewritten (addresses, ports and paths), so the drill tests the file an
// operator deploys. nginx comes from Debian and is installed here when missing, as Chromium is.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "./ports";
import { answers, waitUntil } from "./wait";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** Installs Debian's nginx when it is missing (as root), or fails with what to do. */
export function ensureNginx(): void {
  if (fs.existsSync(NGINX)) return;
  const script = path.join(import.meta.dirname, "..", "ensure-nginx.sh");
  const result = spawnSync("bash", [script], { stdio: "inherit" });
  if (result.status !== 0 || !fs.existsSync(NGINX)) {
    throw new Error(`nginx is needed at ${NGINX}: install Debian's package (apt-get install nginx) or set NGINX_PATH`);
  }
}

export interface NginxOptions {
  dir: string;
  port: number;
  upstreams: number[];
}

/** deploy/nginx.conf with its "drill:" lines pointed at this run's ports and folders. */
export function drillConfig(options: NginxOptions): string {
  const recipe = fs.readFileSync(path.join(import.meta.dirname, "..", "..", "deploy", "nginx.conf"), "utf8");
  const lines = recipe.split("\n");
  const out: string[] = [];
  let instancesWritten = false;
  for (const line of lines) {
    const marker = /#\s*drill:\s*(\w+)/.exec(line)?.[1];
    const indent = /^\s*/.exec(line)![0];
    if (!marker) out.push(line);
    else if (marker === "pid") out.push(`pid ${options.dir}/nginx.pid;`);
    else if (marker === "error_log") out.push(`error_log ${options.dir}/error.log warn;`);
    else if (marker === "cache")
      out.push(
        `${indent}proxy_cache_path ${options.dir}/cache levels=1:2 keys_zone=pages:10m max_size=256m inactive=1h use_temp_path=off;`,
      );
    else if (marker === "listen") out.push(`${indent}listen 127.0.0.1:${options.port};`);
    else if (marker === "instance" && !instancesWritten) {
      instancesWritten = true;
      for (const port of options.upstreams) out.push(`${indent}server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`);
    } else if (marker !== "instance") throw new Error(`unknown drill marker ${marker} in deploy/nginx.conf`);
  }
  // Run in the foreground as this user, with temporary files in the run's folder.
  return [
    "daemon off;",
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    ...out.map((line) =>
      line.startsWith("http {")
        ? `http {\n  client_body_temp_path ${options.dir}/body;\n  proxy_temp_path ${options.dir}/proxy;\n  fastcgi_temp_path ${options.dir}/fastcgi;\n  uwsgi_temp_path ${options.dir}/uwsgi;\n  scgi_temp_path ${options.dir}/scgi;`
        : line,
    ),
  ].join("\n");
}

export interface RunningNginx {
  url: string;
  cacheDir: string;
  stop(): Promise<void>;
}

async function waitForPort(url: string, child: ChildProcess, what: string): Promise<void> {
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode}`);
      return answers(url);
    },
    { what: `${what} answering at ${url}`, timeoutMs: 15_000 },
  );
}

async function runNginx(dir: string, config: string, url: string, what: string): Promise<ChildProcess> {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "nginx.conf");
  fs.writeFileSync(file, config);
  const args = ["-p", dir, "-e", path.join(dir, "error.log"), "-c", file];
  const check = spawnSync(NGINX, ["-t", "-q", ...args], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  const child = spawn(NGINX, args, { stdio: ["ignore", "ignore", "inherit"] });
  await waitForPort(url, child, what);
  return child;
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGQUIT");
    });
}

export async function startNginx(dir: string, upstreams: number[]): Promise<RunningNginx> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await runNginx(dir, drillConfig({ dir, port, upstreams }), `${url}/robots.txt`, "nginx");
  return { url, cacheDir: path.join(dir, "cache"), stop: stopper(child) };
}

/**
 * The static twin: nginx sending the same bytes from files, the fastest anything here can answer.
 * A proxy cache hit is judged against it.
 */
export interface TwinPage {
  body: Buffer;
  type: string;
  /** The app's own headers on the cached answer (CSP, security headers, Cache-Control, Vary…). */
  headers: [string, string][];
}

/** What nginx adds or works out itself for a file, so the twin does not send it twice. */
const OWN_HEADERS = new Set([
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "server",
  "transfer-encoding",
  "x-cache-status",
]);

/** A page as the proxy sent it, for the static twin: the same body and the same headers. */
export async function twinPage(response: Response): Promise<TwinPage> {
  return {
    body: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get("content-type") ?? "text/html",
    headers: [...response.headers].filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
  };
}

const nginxString = (value: string) => `"${value.replace(/[\\"$]/g, (c) => (c === "$" ? "${dollar}" : `\\${c}`))}"`;

export async function startStaticNginx(
  dir: string,
  pages: Map<string, TwinPage>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.join(dir, "root");
  const types: string[] = [];
  fs.mkdirSync(root, { recursive: true });
  for (const [i, [pathname, page]] of [...pages].entries()) {
    fs.writeFileSync(path.join(root, `page-${i}`), page.body);
    // The same bytes as the proxy's answer, headers included: a client pays for both.
    const headers = page.headers.map(([name, value]) => `add_header ${name} ${nginxString(value)} always;`);
    types.push(
      `location = ${pathname} { default_type ${nginxString(page.type)}; ${headers.join(" ")} try_files /page-${i} =404; }`,
    );
  }
  const port = await freePort();
  const config = [
    "daemon off;",
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "worker_processes auto;",
    "events { worker_connections 4096; }",
    "http {",
    `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
    "  access_log off; sendfile on; tcp_nopush on; keepalive_timeout 65;",
    '  geo $dollar { default "$"; }',
    `  server { listen 127.0.0.1:${port}; root ${root}; ${types.join(" ")} }`,
    "}",
  ].join("\n");
  const url = `http://127.0.0.1:${port}`;
  const child = await runNginx(dir, config, `${url}/`, "static nginx");
  return { url, stop: stopper(child) };
}

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and time-outs. */
  errors: number;
  /** Answers outside 2xx (3xx included: none of the pages loaded here redirects). */
  non2xx: number;
  status5xx: number;
  total: number;
}

/** How many of an autocannon run's answers were 5xx. */
export function status5xxOf(result: autocannon.Result): number {
  const stats = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
  return Object.entries(stats)
    .filter(([code]) => code.startsWith("5"))
    .reduce((sum, [, { count }]) => sum + count, 0);
}

export async function load(url: string, seconds: number, connections: number): Promise<Load> {
  const result = await autocannon({ url, connections, duration: seconds, timeout: 10 });
  const status5xx = status5xxOf(result);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    status5xx,
    total: result.requests.total,
  };
}

/** Every cache entry's key and stored response head, read from nginx's cache files. */
export function cacheEntries(cacheDir: string): { key: string; head: string }[] {
  const entries: { key: string; head: string }[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const bytes = fs.readFileSync(full);
        const text = bytes.subarray(0, Math.min(bytes.length, 16_384)).toString("latin1");
        const key = /\nKEY: ([^\n]*)\n/.exec(text)?.[1] ?? "";
        const headStart = text.indexOf("\n", text.indexOf("\nKEY: ") + 1) + 1;
        const headEnd = text.indexOf("\r\n\r\n", headStart);
        entries.push({ key, head: text.slice(headStart, headEnd < 0 ? undefined : headEnd) });
      }
    }
  };
  walk(cacheDir);
  return entries;
}

/** Waits until `base`/healthz answers 200: the instance is up, migrated and its database readable. */
export async function waitHealthy(base: string, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    async () => {
      const response = await answers(`${base}/healthz`);
      return response && response.ok;
    },
    { what: `${base}/healthz answering 200`, timeoutMs },
  );
}
