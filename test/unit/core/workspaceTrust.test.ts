import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TRUSTED_WORKSPACE_SETTINGS, USER_ONLY_SETTINGS, chosenSettingValue } from '../../../src/core/config';

/**
 * A repository's `.vscode/settings.json` must not choose where a saved credential is sent or
 * what is trusted. Two layers: the manifest (scope, restricted in untrusted workspaces) and the
 * reader (only the user's level counts for those settings, whatever the editor hands back).
 */
const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  capabilities?: { untrustedWorkspaces?: { supported: unknown; restrictedConfigurations?: string[] } };
  contributes: { configuration: Array<{ properties: Record<string, { scope?: string; type: string; format?: string }> }> };
};
const settings = Object.assign({}, ...manifest.contributes.configuration.map((c) => c.properties)) as Record<string, { scope?: string; type: string; format?: string }>;

describe('workspace trust: who may choose a setting', () => {
  const everyLevel = { defaultValue: 'https://default.example', globalValue: 'https://user.example', workspaceValue: 'https://repo.example', workspaceFolderValue: 'https://folder.example' };

  it('takes the user\u2019s own value of a URL, TLS or trust setting, never a workspace or folder value', () => {
    for (const key of ['honeycomb.apiUrl', 'authentik.url', 'signing.trustedRootFile', 'signing.certificateAuthorityUrl', 'signing.oidcIssuer', 'signing.identityTokenVariable']) {
      assert.equal(chosenSettingValue(key, everyLevel, true), 'https://user.example', key);
      assert.equal(chosenSettingValue(key, { ...everyLevel, globalValue: undefined }, true), undefined, `${key}: a workspace value alone is no choice`);
    }
    assert.equal(chosenSettingValue('authentik.insecure', { defaultValue: false, workspaceValue: true }, true), undefined, 'a workspace cannot turn TLS checks off');
    assert.equal(chosenSettingValue('authentik.insecure', { defaultValue: false, globalValue: true, workspaceValue: false }, true), true);
  });

  it('takes a workspace\u2019s policy file only when the workspace is trusted', () => {
    const levels = { globalValue: 'user-policy.yaml', workspaceValue: 'repo-policy.yaml' };
    assert.equal(chosenSettingValue('signing.policyFile', levels, true), 'repo-policy.yaml');
    assert.equal(chosenSettingValue('signing.policyFile', levels, false), 'user-policy.yaml');
    assert.equal(chosenSettingValue('signing.policyFile', { workspaceValue: 'repo-policy.yaml' }, false), undefined);
  });

  it('lets a workspace choose everything else, the folder before the workspace before the user', () => {
    assert.equal(chosenSettingValue('pageSize', { defaultValue: 100, globalValue: 50, workspaceValue: 20, workspaceFolderValue: 10 }, false), 10);
    assert.equal(chosenSettingValue('pageSize', { defaultValue: 100, globalValue: 50, workspaceValue: 20 }, true), 20);
    assert.equal(chosenSettingValue('pageSize', { defaultValue: 100 }, true), undefined, 'the manifest default is not a choice');
  });

  describe('the manifest agrees', () => {
    it('gives every user-only setting application scope, so the editor keeps it out of workspace settings and honours it in code-server', () => {
      for (const key of USER_ONLY_SETTINGS) {
        const setting = settings[`opsConfig.${key}`];
        assert.ok(setting, `opsConfig.${key} is a contributed setting`);
        // Not `machine`: a remote window (code-server is one) ignores a machine-scoped user setting.
        assert.equal(setting.scope, 'application', `opsConfig.${key}`);
      }
    });

    it('declares limited support for untrusted workspaces, with those settings and the policy file restricted', () => {
      const untrusted = manifest.capabilities?.untrustedWorkspaces;
      assert.equal(untrusted?.supported, 'limited');
      assert.deepEqual([...(untrusted?.restrictedConfigurations ?? [])].sort(), [...USER_ONLY_SETTINGS, ...TRUSTED_WORKSPACE_SETTINGS].map((k) => `opsConfig.${k}`).sort());
    });

    it('leaves no address, TLS, trust, identity or file setting to the workspace', () => {
      // A new setting of one of these kinds must be added to USER_ONLY_SETTINGS (or, like the
      // policy file, to TRUSTED_WORKSPACE_SETTINGS) deliberately.
      const sensitive = Object.keys(settings).filter((name) => /(url|insecure|file|issuer|clientid|variable|proxy|ca)$/i.test(name) || settings[name].format === 'uri');
      assert.ok(sensitive.length >= 11, `found ${sensitive.join(', ')}`);
      const governed = new Set([...USER_ONLY_SETTINGS, ...TRUSTED_WORKSPACE_SETTINGS].map((k) => `opsConfig.${k}`));
      assert.deepEqual(
        sensitive.filter((name) => !governed.has(name)),
        [],
      );
    });
  });
});
