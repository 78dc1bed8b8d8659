import fs from "node:fs";

// Debian's Chromium, used by the browser tests and the budget script. Playwright's own
// browser download cannot run here. The flags keep it from reaching for the network (which
// this machine refuses) and let it run as root in a container.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser tests' Chromium: Debian's old headless shell (package chromium-headless-shell,
 * installed by scripts/ensure-chromium.sh), the same engine without the full browser around it,
 * as Playwright itself runs headless tests; the suite takes a third less time with it. The full
 * browser when the shell is missing. The budget script keeps the full browser (Lighthouse).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
export const TEST_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
