#!/usr/bin/env bash
# The giving statement's test (tests/integration/charity-details.test.ts) checks the PDF with
# Debian's poppler-utils: pdfinfo must report it tagged, and pdftotext must read its text in order.
set -euo pipefail
if command -v pdfinfo >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "pdfinfo/pdftotext not found: installing Debian's poppler-utils package..."
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; }
  exit 0
fi
cat >&2 <<MSG
pdfinfo and pdftotext (Debian's poppler-utils) are needed by the integration tests and were not found.
Install them as root with:   sudo apt-get update && sudo apt-get install -y poppler-utils
MSG
exit 1
