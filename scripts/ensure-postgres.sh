#!/usr/bin/env bash
# npm test runs the integration tests, the database-touching browser tests and the cluster drill
# on a throw-away PostgreSQL (scripts/lib/postgres.ts), from Debian's server binaries.
set -euo pipefail
if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/postgres" ]; then exit 0; fi
if compgen -G "/usr/lib/postgresql/*/bin/postgres" >/dev/null; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "PostgreSQL server binaries not found: installing Debian's postgresql package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  exit 0
fi
cat >&2 <<MSG
PostgreSQL's server binaries are needed for the tests on PostgreSQL and were not found
(/usr/lib/postgresql/*/bin/postgres). Install them as root with:
  sudo apt-get update && sudo apt-get install -y postgresql
or point PG_BIN at a folder holding initdb and postgres.
MSG
exit 1
