#!/usr/bin/env bash
# The one entry point for every task, on a fresh machine (Node 20, another old Node, or none):
# it brings its own Node.js 24 (scripts/node24.sh), installs the packages when needed, then runs
# the task with them. Every command in the README goes through it.
#   bash scripts/run.sh start                 install, build and serve the site at http://127.0.0.1:3000
#   bash scripts/run.sh test                  install what the tests need (Node 24, Chromium), run the whole suite
#   bash scripts/run.sh staff add <email>     staff accounts (add [--owner], role, password, list, remove)
#   bash scripts/run.sh backup [FILE]         a snapshot of the database, while the server runs
#   bash scripts/run.sh restore FILE [--force]
#   bash scripts/run.sh build | bench | bench:web
#   bash scripts/run.sh serve                 serve the existing build, installing nothing (systemd, deploy/)
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

usage() {
  echo "usage: bash scripts/run.sh start|test|staff|backup|restore|build|serve|bench|bench:web|bench:rate-limit|bench:store [arguments]" >&2
  exit 2
}

task="${1:-}"
[ $# -gt 0 ] && shift
case "$task" in
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
  serve)
    exec node server/main.ts
    ;;
  staff|backup|restore|build|bench|bench:web|bench:rate-limit|bench:store)
    install_deps
    exec npm run --silent "$task" -- "$@"
    ;;
  *)
    usage
    ;;
esac
