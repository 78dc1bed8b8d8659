// Debian's Chromium, used by the browser tests and the budget script. Playwright's own
// browser download cannot run here. The flags keep it from reaching for the network (which
// this machine refuses) and let it run as root in a container.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
