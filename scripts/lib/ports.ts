import { execFileSync } from "node:child_process";
import net from "node:net";

// The one free-port helper of the scripts and tests: a port the system hands out for 127.0.0.1,
// and a server listening on one.

/** Starts `server` (an http, net or SMTP server) listening on a free port of 127.0.0.1; its port. */
export async function listenOnFreePort(server: {
  listen(port: number, host: string, callback: () => void): unknown;
  once(event: "error", listener: (error: Error) => void): unknown;
  address?(): net.AddressInfo | string | null;
  server?: { address(): net.AddressInfo | string | null };
}): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  // smtp-server keeps its net.Server on `.server`.
  const address = server.server ? server.server.address() : server.address!();
  return (address as net.AddressInfo).port;
}

/**
 * freePort for a caller that cannot wait (playwright.config.ts is read synchronously): asked of a
 * short-lived Node process.
 */
export function freePortSync(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ["-e", script]).toString().trim());
}

/** A port free at the moment of asking (for a child process that listens on it itself). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const port = await listenOnFreePort(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
