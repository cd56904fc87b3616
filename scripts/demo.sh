#!/usr/bin/env bash
# The demo: installs what it needs (scripts/setup.sh), builds the extension, then runs a real
# VS Code (code-server) with it, connected to local stand-in services, until Ctrl+C.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "Building the extension…"
npx tsc -p .
npm run --silent build
exec node out/scripts/demo.js
