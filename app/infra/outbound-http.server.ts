import http from "node:http";
import https from "node:https";

/**
 * Outbound HTTP on Node's own client (node:http / node:https), for the calls this server makes to
 * other services (HMRC's gateway). Never the global `fetch`: remix-serve replaces it with Remix's
 * polyfill (@remix-run/web-fetch), whose timeout path ends in an unhandled rejection that took
 * the whole process down, and whose errors carry no `code` to tell "never sent" from "sent, no
 * answer". Here:
 *
 * - one deadline covers connecting, sending and reading the whole answer; when it passes, the
 *   request is destroyed and the promise rejects (never an exception thrown elsewhere);
 * - every failure is an `OutboundHttpError` with a `code` (Node's, like ECONNREFUSED, or
 *   ETIMEDOUT, ETOOBIG) and `neverSent`: true when no connection was ever made, so the request
 *   certainly did not reach the other side and may be tried again;
 * - an answer larger than `maxBytes` is refused (a garbage-answering server cannot fill memory);
 * - no keep-alive: each call has its own connection, so "connected" is this call's own fact.
 */

export class OutboundHttpError extends Error {
  override name = "OutboundHttpError";
  constructor(
    message: string,
    readonly code: string,
    /** True when no connection was made: the request never left this machine. */
    readonly neverSent: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OutboundAnswer {
  status: number;
  text: string;
}

export interface PostOptions {
  headers?: Record<string, string>;
  /** The whole call: connect, send, read the answer. */
  timeoutMs: number;
  /** The largest answer read (bytes); 5 MB unless given. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

/** POSTs `body` to `url` and reads the whole answer as UTF-8 text, whatever its status. */
export function postText(url: string, body: string, options: PostOptions): Promise<OutboundAnswer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
  if (!client) {
    return Promise.reject(new OutboundHttpError(`Not an http(s) address: ${target.protocol}`, "EPROTO", true));
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const payload = Buffer.from(body, "utf8");
  return new Promise<OutboundAnswer>((resolve, reject) => {
    let connected = false;
    let settled = false;
    const fail = (error: OutboundHttpError) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      reject(error);
    };
    const request = client.request(target, {
      method: "POST",
      agent: false,
      headers: { ...options.headers, "Content-Length": String(payload.length) },
    });
    const deadline = setTimeout(() => {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      const error = new OutboundHttpError(`No answer within ${seconds} s`, "ETIMEDOUT", !connected);
      fail(error);
      request.destroy(error);
    }, options.timeoutMs);
    deadline.unref();
    request.on("socket", (socket) => {
      // A socket may come already connected (it never does without an agent, but be sure).
      if (!socket.connecting) connected = true;
      socket.once("connect", () => (connected = true));
      socket.once("secureConnect", () => (connected = true));
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error instanceof OutboundHttpError) return fail(error);
      fail(new OutboundHttpError(error.message, error.code ?? "EUNKNOWN", !connected, { cause: error }));
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          const error = new OutboundHttpError(`The answer was larger than ${maxBytes} bytes`, "ETOOBIG", false);
          fail(error);
          request.destroy(error);
          return;
        }
        chunks.push(chunk);
      });
      response.on("error", (error: NodeJS.ErrnoException) =>
        fail(new OutboundHttpError(error.message, error.code ?? "EUNKNOWN", false, { cause: error })),
      );
      response.on("aborted", () =>
        fail(new OutboundHttpError("The connection closed before the answer was complete", "ECONNRESET", false)),
      );
      response.on("end", () => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") });
      });
    });
    request.end(payload);
  });
}
