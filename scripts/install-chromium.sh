#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium; Playwright never downloads a browser of its own.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
