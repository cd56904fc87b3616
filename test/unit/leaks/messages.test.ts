import { shownMessages } from '../honeycomb/vscodeShim';
import * as assert from 'node:assert/strict';
import { ServiceError } from '../../../src/core/errors';
import { silentLogger } from '../../../src/core/logger';
import { KnownSecrets } from '../../../src/core/redact';
import { reportCommandError } from '../../../src/ui/commandRunner';
import { maskSecretsInMessages } from '../../../src/ui/messageText';
import { prompts } from '../../../src/ui/prompts';

/**
 * What a notification would make of a message: VS Code turns `[label](target)` into a link when
 * the target starts with http://, https://, command: or file: (any case). Everything else is text.
 */
function linksIn(text: string): string[] {
  return [...text.matchAll(/\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)/gi)].map((m) => m[2]);
}

/** What the user reads: a zero-width space is invisible. */
const visible = (text: string) => text.replace(/\u200B/g, '');

/** What the status bar would draw as icons: `$(name)` not preceded by a backslash. */
function iconsIn(text: string): string[] {
  return [...text.matchAll(/(\\)?\$\(([a-z0-9-]+)(?:~[a-z0-9-]*)?\)/gi)].filter((m) => !m[1]).map((m) => m[2]);
}

describe('messages built from server or file data are shown as text', () => {
  const secrets = new KnownSecrets();
  before(() => {
    secrets.add('messageMarkerToken0123456789');
    maskSecretsInMessages(secrets);
  });
  after(() => maskSecretsInMessages(new KnownSecrets()));
  beforeEach(() => (shownMessages.length = 0));

  const hostile = 'Group "[Open settings](command:workbench.action.openSettings?%5B%22http.proxy%22%5D)" and [docs](HTTPS://evil.example/x) or [file](file:///etc/passwd) $(alert) \u202Efdp.exe';

  it('an error from a server reaches the notification without a link, reading as the server wrote it', async () => {
    const error = new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'createGroup', summary: 'the request was refused (HTTP 400)', serverMessage: hostile });
    assert.ok(linksIn(error.message).length === 3, 'the raw message would hold three links');
    await reportCommandError(silentLogger, 'opsConfig.test', error);
    assert.equal(shownMessages.length, 1);
    const [shown] = shownMessages;
    assert.equal(shown.api, 'showErrorMessage');
    assert.deepEqual(linksIn(shown.text), []);
    assert.ok(visible(shown.text).includes('[Open settings](command:workbench.action.openSettings?%5B%22http.proxy%22%5D)'), 'the text itself is kept');
    assert.ok(shown.text.includes('$(alert)'), 'a notification draws $(…) as text: it stays as typed');
    assert.ok(shown.text.includes('[U+202E]fdp.exe') && !shown.text.includes('\u202E'), 'a bidi override is shown, not applied');
  });

  it('every kind of notification and a modal detail follow the same rule', async () => {
    await prompts.info(`Saved ${hostile}.`);
    await prompts.warn(`Delete ${hostile}?`, { modal: true, detail: `Used by ${hostile}` }, 'Delete');
    await prompts.error(`Failed: ${hostile}`);
    assert.deepEqual(
      shownMessages.map((m) => m.api),
      ['showInformationMessage', 'showWarningMessage', 'showErrorMessage'],
    );
    for (const shown of shownMessages) {
      assert.deepEqual(linksIn(shown.text), [], shown.api);
      assert.deepEqual(linksIn(shown.detail ?? ''), [], `${shown.api} detail`);
    }
    assert.ok(visible(shownMessages[1].detail!).startsWith('Used by Group "[Open settings](command:'));
  });

  it('a known secret or a Bearer token echoed in an error is masked in the notification', async () => {
    await reportCommandError(silentLogger, 'opsConfig.test', new Error('parse failed near messageMarkerToken0123456789 and Bearer zyxwvu9876543210'));
    const [shown] = shownMessages;
    assert.ok(!shown.text.includes('messageMarkerToken0123456789'));
    assert.ok(!shown.text.includes('zyxwvu9876543210'));
    assert.match(shown.text, /^Unexpected error: parse failed near ‹redacted› and Bearer ‹redacted›$/);
  });

  it('status-bar text shows $(…) from a name literally, not as an icon', () => {
    prompts.status('Copied the ID of $(alert) Urgent $(sync~spin) group', 3000);
    const [shown] = shownMessages;
    assert.equal(shown.api, 'setStatusBarMessage');
    assert.deepEqual(iconsIn(shown.text), []);
    assert.equal(shown.text, 'Copied the ID of \\$(alert) Urgent \\$(sync~spin) group');
  });
});
