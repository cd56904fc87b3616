/** Proves the integration tier really runs inside a VS Code extension host. */
import * as assert from 'assert';
import * as vscode from 'vscode';

describe('extension host', () => {
  it('is a real VS Code 1.x', () => {
    assert.match(vscode.version, /^1\./);
    assert.ok(vscode.env.appName, 'env.appName is defined');
  });
});
