#!/usr/bin/env bash
# The cluster tests (tests/cluster/) and `bun run cluster` run Debian's HAProxy and Redis; each is
# installed only when missing. A system Redis the package may start on 6379 is left alone: the
# cluster's own Redis always listens on a free port of its own.
set -euo pipefail
missing=()
[ -x /usr/sbin/haproxy ] || missing+=(haproxy)
[ -x /usr/bin/redis-server ] || missing+=(redis-server)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
