import { test, type Locator, type Page } from "@playwright/test";

/**
 * Resolves once React has hydrated the element (its event handlers are attached), or the whole
 * document when given the page. React tags each element it hydrates, `<html>` last, just before
 * committing. Interacting earlier is a JavaScript-off interaction in disguise: the browser's
 * own behaviour (a plain form post, a plain link) runs instead of the page's code.
 */
export async function waitForHydration(target: Page | Locator): Promise<void> {
  const page = "goto" in target ? target : target.page();
  const element = await ("goto" in target ? page.locator("html") : target).elementHandle();
  await page.waitForFunction(
    (node) => node !== null && Object.keys(node).some((key) => key.startsWith("__reactProps$")),
    element,
  );
}

/** waitForHydration in the project that runs scripts; without them there is nothing to wait for. */
export async function waitForHydrationIfScripted(target: Page | Locator): Promise<void> {
  if (test.info().project.use.javaScriptEnabled !== false) await waitForHydration(target);
}

/**
 * Resolves once the page knows the route of `routeId` (e.g. "routes/_public+/news.$id"). Remix
 * discovers the routes of a page's links after hydration (lazy route discovery, one /__manifest
 * request); a click before that finishes races it and may become a document navigation, which
 * a test of client-side navigation (its pending UI) must not mistake for the app's behaviour.
 */
export async function waitForRouteDiscovery(page: Page, routeId: string): Promise<void> {
  await page.waitForFunction(
    (id) => id in ((window as unknown as { __remixManifest?: { routes: object } }).__remixManifest?.routes ?? {}),
    routeId,
  );
}
