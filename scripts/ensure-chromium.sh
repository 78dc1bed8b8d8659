#!/usr/bin/env bash
# Browser tests use Debian's Chromium: Playwright's own browser download cannot run here.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
Chromium is needed for the browser tests and was not found at $CHROMIUM.
Install it as root with:   sudo apt-get update && sudo apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium or Chrome binary.
MSG
exit 1
