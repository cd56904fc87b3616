#!/usr/bin/env bash
# The test command (`npm test`): installs what is missing, builds, then runs the three tiers —
#   unit         mocha on Node, clients and core against local stand-ins
#   integration  mocha inside the extension host of a real VS Code (code-server)
#   ui           playwright-core driving Debian's Chromium against code-server; screenshots in
#                test-output/screenshots/
# Every tier runs even when an earlier one fails; each ends with "N passed, N failed".
# Run some tiers only with: bash scripts/test.sh unit integration
set -uo pipefail
cd "$(dirname "$0")/.."

tiers=("$@")
[ ${#tiers[@]} -eq 0 ] && tiers=(unit integration ui)

bash scripts/setup.sh || exit 1
echo "[test] compiling"
npx tsc -p . || exit 1
echo "[test] bundling"
npx webpack --mode production --stats errors-warnings || exit 1

failed=()
for tier in "${tiers[@]}"; do
  echo
  echo "===== $tier tests ====="
  case "$tier" in
    unit) npx mocha --timeout 30000 --reporter ./test/reporters/summary.js 'out/test/unit/**/*.test.js' ;;
    integration) node out/test/integration/runTest.js ;;
    ui) node out/test/ui/run.js ;;
    *) echo "unknown tier: $tier (use unit, integration or ui)"; false ;;
  esac
  [ $? -eq 0 ] || failed+=("$tier")
done

echo
if [ ${#failed[@]} -gt 0 ]; then
  echo "[test] failed tiers: ${failed[*]}"
  exit 1
fi
echo "[test] all tiers passed: ${tiers[*]}"
