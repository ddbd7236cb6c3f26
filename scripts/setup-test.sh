#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine, then nothing else:
# the npm dependencies, Debian's Chromium (Playwright drives it; its own browser download is not
# reachable here) and Debian's PostgreSQL server (the integration suite runs on it too).
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}"
fi

# npm install, not npm ci: the registry mirror here lacks some optional platform builds (rollup)
# that the lock names, which npm ci treats as an out-of-sync lock; install honours the lock anyway.
npm install --no-audit --no-fund
