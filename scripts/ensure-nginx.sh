#!/usr/bin/env bash
# The cluster drill and the proxy benchmark run Debian's nginx in front of the app (deploy/nginx.conf).
set -euo pipefail
NGINX="${NGINX_PATH:-/usr/sbin/nginx}"
if [ -x "$NGINX" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "nginx not found at $NGINX: installing Debian's nginx package..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null
  exit 0
fi
cat >&2 <<MSG
nginx is needed for the cluster drill and was not found at $NGINX.
Install it as root with:   sudo apt-get update && sudo apt-get install -y nginx
or point NGINX_PATH at an existing nginx binary.
MSG
exit 1
