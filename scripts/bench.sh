#!/usr/bin/env bash
# `npm run bench`: builds, then runs every benchmark and prints its figures (no pass/fail on
# timing). `bash scripts/bench.sh bundle` runs only the benchmarks whose name contains "bundle".
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npx tsc -p .
npx webpack --mode production --stats errors-warnings
node out/test/bench/run.js "$@"
