import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";

// The last resort (app/infra/last-resort.server.ts) in a process of its own, as the server runs
// it: a rejection nobody handled is logged at error level with the request that left it, and the
// process goes on serving (Node's default would end it).

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
});

function start(): Promise<{ port: number; lines: () => Record<string, unknown>[] }> {
  const out: string[] = [];
  child = spawn(process.execPath, ["--import", "tsx", "tests/fixtures/last-resort/server.ts"], {
    env: { ...process.env, LOG_LEVEL: "info", VITEST: "", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let buffer = "";
  return new Promise((resolve, reject) => {
    child!.once("exit", (code) => reject(new Error(`exited with ${code}`)));
    child!.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        out.push(line);
        const port = (JSON.parse(line) as { listening?: number }).listening;
        if (port) resolve({ port, lines: () => out.map((l) => JSON.parse(l) as Record<string, unknown>) });
      }
    });
  });
}

describe("the last-resort handler", () => {
  it("logs a rejection nobody handled with its request, at error level, and the server keeps serving", async () => {
    const { port, lines } = await start();
    const base = `http://127.0.0.1:${port}`;
    const token = "k".repeat(43);
    const first = await fetch(`${base}/reject/${token}?email=someone@example.org`, {
      headers: { "X-Request-Id": "probe-request-0001" },
    });
    expect(await first.text()).toBe("left a rejection behind");

    const after = await fetch(`${base}/`);
    expect(await after.text()).toBe("alive");
    expect(child!.exitCode).toBeNull();

    const logged = lines().find((line) => line.event === "process.unhandled_rejection");
    expect(logged).toMatchObject({
      level: "error",
      method: "GET",
      route: "/reject/:redacted",
      request_id: "probe-request-0001",
      err: expect.objectContaining({ message: "a promise nobody handled" }),
    });
    // Neither the token nor the query string reaches the log.
    expect(JSON.stringify(lines())).not.toContain(token);
    expect(JSON.stringify(lines())).not.toContain("someone@example.org");
  });
});
