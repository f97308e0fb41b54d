#!/usr/bin/env bash
# The one entry point for every task, on a fresh machine (Node 20, another old Node, or none):
# it brings its own Node.js 24 (scripts/node24.sh), installs the packages when needed, then runs
# the task with them. Every command in the README goes through it.
#   bash scripts/run.sh start                 install, build and serve the site at http://127.0.0.1:3000
#   bash scripts/run.sh test                  install what the tests need (Node 24, Chromium), run the whole suite
#   bash scripts/run.sh staff add <email>     staff accounts (add [--owner], role, password, list, remove)
#   bash scripts/run.sh backup [FILE]         a snapshot of the database, while the server runs
#   bash scripts/run.sh restore FILE [--force]
#   bash scripts/run.sh build | bench | bench:web | bench:desk | bench:memory | bench:rate-limit | bench:store | bench:publish
#   bash scripts/run.sh serve                 serve the existing build, installing nothing (systemd, deploy/)
set -euo pipefail
cd "$(dirname "$0")/.."
task="${1:-}"
[ $# -gt 0 ] && shift
# `serve` runs from a read-only checkout (the unit's ProtectSystem=strict): it writes and installs
# nothing, and needs node alone.
[ "$task" = serve ] && export NODE24_INSTALL=no
source scripts/node24.sh

install_deps() {
  # `npm ci`: exactly the lock file, and the lock file untouched (an upgrade's `git pull` then
  # finds no local change). Only when node_modules is missing or older than the lock file.
  if [ -d node_modules ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
    return 0
  fi
  local log
  log="$(mktemp)"
  # npm's messages still reach the terminal; a copy of them tells why it failed.
  if ! { npm ci --no-audit --no-fund 2>&1 1>&3 | tee "$log" >&2; } 3>&1; then
    if grep -q 'in sync' "$log"; then
      echo "package-lock.json does not match package.json: run \`npm install\` with Node 24 (\`source scripts/node24.sh\`) and commit package-lock.json." >&2
    fi
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
}

usage() {
  echo "usage: bash scripts/run.sh start|test|staff|backup|restore|build|serve|bench|bench:web|bench:desk|bench:memory|bench:rate-limit|bench:store|bench:publish [arguments]" >&2
  exit 2
}

case "$task" in
  start)
    # npm start builds only when the build is missing or older than its sources (scripts/start.ts).
    install_deps
    export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    exec npm start
    ;;
  test)
    install_deps
    if [ ! -x /usr/bin/chromium ]; then
      # Only the browser tests, the last stage, need it: it installs while the first stages run,
      # and scripts/test-all.ts waits for its status file (and shows this log if it failed) before that stage.
      CHROMIUM_INSTALL_LOG="$(mktemp)"
      echo "Installing Chromium from Debian's packages, beside the first stages (log: $CHROMIUM_INSTALL_LOG)..." >&2
      SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
      (
        status=0
        { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium; } ||
          status=$?
        echo "$status" >"$CHROMIUM_INSTALL_LOG.status"
      ) >"$CHROMIUM_INSTALL_LOG" 2>&1 &
      export CHROMIUM_INSTALL_LOG
    fi
    exec npm test
    ;;
  serve)
    # The server in a 512 MB machine (docs/decisions/039-liftoff-only.md, scripts/serving.ts):
    # PGlite's WebAssembly by the baseline compiler only, a small young generation, an old generation
    # collected before it grows far, two malloc arenas.
    export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    exec node --liftoff-only --max-semi-space-size=2 --heap-growing-percent=40 server/main.ts
    ;;
  # Every benchmark of package.json (bench, bench:web, bench:desk, bench:memory, ...).
  staff|backup|restore|build|bench|bench:*)
    install_deps
    exec npm run --silent "$task" -- "$@"
    ;;
  *)
    usage
    ;;
esac
