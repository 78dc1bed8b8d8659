import type { Locator } from "@playwright/test";

/**
 * Resolves once React has hydrated the given element (its event handlers are attached).
 * Interacting earlier is a JavaScript-off interaction in disguise: the browser's own
 * behaviour runs instead of the page's code.
 */
export async function waitForHydration(element: Locator): Promise<void> {
  await element.evaluate(
    (node) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(node).some((key) => key.startsWith("__reactProps$")) ? resolve() : setTimeout(check, 25);
        check();
      }),
  );
}
