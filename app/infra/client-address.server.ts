import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import { getEnv } from "./env.server";

/**
 * The address of the client a request came from, for per-client throttling.
 *
 * remix-serve hands the app a Fetch `Request`, which carries no socket, and the stack keeps
 * remix-serve (no custom server). So the server build, when loaded, wraps Node's HTTP server
 * `request` event in an AsyncLocalStorage scope holding the socket's remote address; all the
 * request's work, Remix's loaders and actions included, runs inside that scope.
 *
 * Behind a reverse proxy every socket is the proxy's: set TRUST_PROXY=true and the address is
 * taken from the last X-Forwarded-For entry (the one the proxy itself saw). Without it the
 * header is ignored, since any client can write it.
 */
const socketAddress = new AsyncLocalStorage<string | undefined>();
let tracking = false;

export function trackClientAddresses(): void {
  if (tracking) return;
  tracking = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      return socketAddress.run(request.socket?.remoteAddress, () => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

export function clientAddress(request: Request, trustProxy: boolean = getEnv().TRUST_PROXY): string {
  if (trustProxy) {
    const forwarded = request.headers.get("X-Forwarded-For");
    const last = forwarded
      ?.split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) return last;
  }
  return socketAddress.getStore() ?? "unknown";
}
