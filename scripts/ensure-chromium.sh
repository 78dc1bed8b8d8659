#!/usr/bin/env bash
# Browser tests use Debian's Chromium: Playwright's own browser download cannot run here. They
# run in its old headless shell (package chromium-headless-shell, scripts/lib/chromium.ts), a
# third faster than the full browser, which the budget script (Lighthouse) needs and which is
# the tests' fallback when the shell cannot be installed.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL=/usr/lib/chromium/chromium-headless-shell
can_install() { [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; }
if [ ! -x "$CHROMIUM" ]; then
  if ! can_install; then
    cat >&2 <<MSG
Chromium is needed for the browser tests and was not found at $CHROMIUM.
Install it as root with:   sudo apt-get update && sudo apt-get install -y chromium chromium-headless-shell
or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
MSG
    exit 1
  fi
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
# The headless shell only when the tests use the default browser; if it cannot be installed, the
# full browser serves (slower, same results).
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x "$HEADLESS_SHELL" ] && can_install; then
  echo "Installing Debian's chromium-headless-shell for the browser tests..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null; } ||
    echo "chromium-headless-shell could not be installed: the browser tests use the full Chromium."
fi
