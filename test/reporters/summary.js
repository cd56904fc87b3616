'use strict';
/**
 * Mocha reporter: the usual spec output, then one plain "N passed, N failed" line that CI reads.
 * Plain JS so that the unit tier can use it straight from the source tree
 * (`mocha --reporter ./test/reporters/summary.js`) and the integration runner can require it.
 * It prints through Base.consoleLog, which the integration runner redirects to a file.
 */
const Mocha = require('mocha');

const { Base, Spec } = Mocha.reporters;
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Spec {
  constructor(runner, options) {
    super(runner, options);
    // Registered after Spec's own end listener, so the line comes after the epilogue.
    runner.once(EVENT_RUN_END, () => {
      Base.consoleLog(`${this.stats.passes} passed, ${this.stats.failures} failed`);
    });
  }
}

module.exports = SummaryReporter;
