#!/usr/bin/env node
// Command-line entry of the verification engine (see src/cli/main.ts); run `npx tsc -p .` first.
const problem = require('./supportedNode').nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exitCode = 2;
} else {
  require('../out/src/cli/main.js')
    .main(process.argv.slice(2), { out: (t) => process.stdout.write(`${t}\n`), err: (t) => process.stderr.write(`${t}\n`), env: process.env })
    .then((code) => {
      process.exitCode = code;
    });
}
