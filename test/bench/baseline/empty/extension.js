'use strict';
// The start-up baseline: what loading and activating an extension costs the host when the
// extension itself does nothing. Plain JavaScript so it needs no build.
function activate() {}
function deactivate() {}

module.exports = { activate, deactivate };
