#!/usr/bin/env bash
# The two commands of the README, on a fresh machine:
#   scripts/run.sh start   install, build and serve the site at http://127.0.0.1:3000
#   scripts/run.sh test    install everything the tests need (Node 24, Chromium), run the whole suite
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/node24.sh

install_deps() {
  # `npm install` rather than `npm ci`: the registry reachable here lacks some other platforms'
  # optional packages (e.g. Biome's Windows and macOS binaries), which `npm ci` insists on finding
  # in the lock file; `npm install` follows the lock file and skips what this platform never needs.
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm install --no-audit --no-fund
  fi
}

case "${1:-}" in
  start)
    install_deps
    npm run build
    exec npm start
    ;;
  test)
    install_deps
    if [ ! -x /usr/bin/chromium ]; then
      echo "Installing Chromium from Debian's packages..." >&2
      SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
      $SUDO apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
    fi
    exec npm test
    ;;
  *)
    echo "usage: scripts/run.sh start|test" >&2
    exit 2
    ;;
esac
