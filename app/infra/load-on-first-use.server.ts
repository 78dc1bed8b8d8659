import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A library loaded the first time it is needed rather than with the server: for the few that take
 * longer to load than most modules (Stripe's, markdown-it, the XML ones) and that most requests,
 * most of the server's start and most test files (each a process of its own) never use. Loaded
 * with require, so a function that answers at once can still use it.
 */
export function loadOnFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
