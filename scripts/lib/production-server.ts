// Shared by the benchmark, budget and durability scripts: build the app, prepare a
// throw-away database, and run the real production server (remix-serve) on loopback.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrateToLatest, openDatabase } from "../../app/infra/db.server";
import { createNews } from "../../app/publishing/models/news.server";
import { rebuildSearchIndex } from "../../app/publishing/services/search.server";
import { seedDatabase } from "../../db/seed";

export const ADMIN_USERNAME = "admin";
export const ADMIN_PASSWORD = "script-admin-password";
export const SESSION_SECRET = "script-session-secret-0123456789abcdef";

/** Builds only when there is no build yet (the durability check reuses the e2e build). */
export function ensureBuild(buildDir: string): void {
  if (!fs.existsSync(path.join(buildDir, "index.js"))) buildApp(buildDir);
}

export function buildApp(buildDir: string): void {
  const result = spawnSync("npx", ["remix", "build"], {
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (result.status !== 0) throw new Error("remix build failed");
}

import { freePort } from "./ports";
import { answers, waitUntil } from "./wait";

export { freePort };

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `charity-${prefix}-`));
}

/**
 * Migrates and seeds a database (a SQLite file's path, or a DATABASE_URL), then tops it up to
 * `articles` news articles.
 */
export async function prepareDatabase(target: string, options: { articles?: number } = {}): Promise<void> {
  const db = openDatabase(target);
  try {
    await migrateToLatest(db);
    await seedDatabase(db, {
      adminUsername: ADMIN_USERNAME,
      adminPassword: ADMIN_PASSWORD,
      databaseUrl: /^[a-z]+:/i.test(target) ? target : `file:${target}`,
    });
    const existing = await db.selectFrom("news").select("id").execute();
    // One transaction: thousands of articles without a disk flush each.
    await db.transaction().execute(async (trx) => {
      for (let i = existing.length; i < (options.articles ?? 0); i++) {
        await createNews(trx, {
          title: `Benchmark article ${i + 1}: community health update`,
          content: `Update number ${i + 1} from our project teams. `.repeat(20),
          // Older than the seeded samples, so every size shows the same newest articles.
          publishAt: new Date(Date.UTC(2020, 0, 1) - i * 3_600_000).toISOString(),
        });
      }
    });
    // The articles were written beside the news service: site search indexes them all at once.
    await rebuildSearchIndex(db);
  } finally {
    await db.destroy();
  }
}

export interface RunningServer {
  url: string;
  port: number;
  process: ChildProcess;
  /** The last few kilobytes the server printed, when started with output: "capture". */
  output(): string;
  /** Graceful stop (SIGTERM), waiting for the process to exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process gets no chance to flush anything. */
  kill(): Promise<void>;
}

const STDIO: Record<"ignore" | "inherit" | "capture", StdioOptions> = {
  ignore: ["ignore", "ignore", "inherit"],
  inherit: ["ignore", "inherit", "inherit"],
  capture: ["ignore", "pipe", "pipe"],
};

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
      return answers(`${url}/robots.txt`);
    },
    { what: `the server answering at ${url}`, timeoutMs },
  );
}

export async function startServer(options: {
  buildDir: string;
  /** A SQLite file, or `databaseUrl` for any engine. */
  databaseFile?: string;
  databaseUrl?: string;
  port?: number;
  /** "ignore" (default), "inherit", or "capture" to keep it for output(). */
  output?: "ignore" | "inherit" | "capture";
  /**
   * Run under the backup supervisor (scripts/serve.ts, as `npm start` does) with Litestream
   * replicating to the folder beside the database, in a process group of its own so that
   * kill() takes down the server and Litestream together, as a crash of the machine would.
   */
  backup?: boolean;
  /** More environment for the server (e.g. STRIPE_* for card gifts), over the defaults here. */
  env?: Record<string, string | undefined>;
  /** Node's own options before the script (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const command = options.backup
    ? ["--import", "tsx", "scripts/serve.ts"]
    : ["node_modules/@remix-run/serve/dist/cli.js", `${options.buildDir}/index.js`];
  const child: ChildProcess = spawn(process.execPath, [...(options.nodeArgs ?? []), ...command], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: options.databaseUrl ?? `file:${options.databaseFile}`,
      SESSION_SECRET,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      BACKUP: options.backup ? "on" : "off",
      BACKUP_URL: "",
      BUILD_DIR: options.buildDir,
      ...options.env,
    },
    stdio: STDIO[options.output ?? "ignore"],
    detached: options.backup ?? false,
  });
  // Piped output must be read even when unwanted: the server logs every request, and a full
  // pipe would block it.
  let output = "";
  const keep = (chunk: Buffer) => {
    if (options.output === "capture") output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitUntilUp(url, child);
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      // The supervisor's group: SIGKILL reaches Litestream and the server, which it cannot forward.
      if (options.backup && name === "SIGKILL") process.kill(-child.pid!, name);
      else child.kill(name);
    }
    await exited;
  };
  return {
    url,
    port,
    process: child,
    output: () => output,
    stop: () => signal("SIGTERM"),
    kill: () => signal("SIGKILL"),
  };
}

/** Resident set size of a process in bytes, from /proc (Linux). */
export function residentSetSize(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
