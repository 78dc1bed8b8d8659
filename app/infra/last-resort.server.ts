import { currentRequest } from "./request-scope.server";
import { loggablePath, logger, saneRequestId } from "./logger.server";

/**
 * The last resort for what escaped every other handler, installed once when the server build
 * loads (app/entry.server.tsx). Every known source of a rejection handles its own (the
 * background worker logs a failed run, outbound calls reject with a reason the caller records):
 * this is for the one nobody foresaw.
 *
 * - A promise rejected with nobody to handle it: logged at error level, with the request whose
 *   work left it behind (method, path with tokens redacted, the proxy's request id), and the
 *   server goes on serving: one failed piece of work is no reason to refuse every visitor.
 * - An exception thrown outside any request's handling (a timer, an event handler): logged at
 *   fatal level with the same, then the process exits with status 1, as Node would, since its
 *   state can no longer be trusted. The service manager starts it again (docs/operations.md,
 *   "If the server stops": Restart=always).
 */
let installed = false;

function requestFields(): Record<string, string> {
  const request = currentRequest();
  if (!request) return {};
  const id = saneRequestId(request.requestId);
  return {
    method: request.method,
    route: loggablePath(request.path),
    ...(id ? { request_id: id } : {}),
  };
}

export function installLastResortHandlers(options: { exit?: (code: number) => void } = {}): void {
  if (installed) return;
  installed = true;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  process.on("unhandledRejection", (reason) => {
    logger.error(
      { event: "process.unhandled_rejection", err: reason, ...requestFields() },
      "A promise was rejected and nothing handled it; the server goes on",
    );
  });
  process.on("uncaughtException", (error, origin) => {
    logger.fatal(
      { event: "process.uncaught_exception", err: error, origin, ...requestFields() },
      "An exception escaped every handler; the server stops and its service manager starts it again",
    );
    exit(1);
  });
}

/** For tests: lets installLastResortHandlers install again after its listeners were removed. */
export function forgetLastResortHandlers(): void {
  installed = false;
}
