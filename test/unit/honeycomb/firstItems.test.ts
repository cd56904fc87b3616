import './vscodeShim';
import * as assert from 'node:assert/strict';
import { HoneycombClient } from '../../../src/clients/honeycomb';
import { resolveHoneycombConfig } from '../../../src/core/config';
import { KnownSecrets } from '../../../src/core/redact';
import { EnvironmentNode } from '../../../src/views/honeycomb/environmentNode';
import { HoneycombExplorer } from '../../../src/views/honeycomb/explorer';
import { honeycombRoots } from '../../../src/views/honeycomb/roots';
import { TreeNode } from '../../../src/views/tree/node';
import { HONEYCOMB_KEYS, HoneycombStandIn, startHoneycombStandIn } from '../../servers/honeycomb';

/**
 * What a user waits for between opening the Honeycomb view and seeing the team with its
 * environments: the requests and secret look-ups on the way must not wait for each other, or
 * for the editor, without need.
 */
describe('Honeycomb view: first items', function () {
  this.timeout(20_000);
  let standIn: HoneycombStandIn;
  before(async () => {
    standIn = await startHoneycombStandIn();
  });
  after(() => standIn.stop());
  afterEach(() => {
    assert.deepEqual(standIn.violations, []);
    standIn.reset();
  });

  const paths = (): string[] => standIn.requests.map((r) => `${r.method} ${r.path}`);
  const view = { refresh: () => undefined, redraw: () => undefined };

  /** The explorer with both keys, as the editor wires it; `storedKey` and `storedKeyEnvironments` stand for SecretStorage. */
  function explorerWith(storedKey: (envSlug: string) => Promise<string | undefined>, storedKeyEnvironments?: () => Promise<string[]>): HoneycombExplorer {
    const apiUrl = standIn.url;
    const keys = { apiKey: HONEYCOMB_KEYS.production, apiKeyId: HONEYCOMB_KEYS.management.id, apiKeySecret: HONEYCOMB_KEYS.management.secret };
    const config = resolveHoneycombConfig({ apiUrl }, keys, {});
    const secrets = new KnownSecrets();
    const client = new HoneycombClient({ apiUrl, apiKey: keys.apiKey, managementKey: HONEYCOMB_KEYS.management, secrets, sleep: async () => undefined });
    return new HoneycombExplorer({
      config: async () => config,
      client: async () => client,
      clientForKey: async (apiKey) => new HoneycombClient({ apiUrl, apiKey, secrets, sleep: async () => undefined }),
      storedKey,
      storedKeyEnvironments,
    });
  }

  const connection = (explorer: HoneycombExplorer) => ({ hasCredentials: async () => true, config: () => explorer.deps.config() });

  it('reads the environments’ stored keys all at once: three environments wait for one look-up, not three in a row', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const explorer = explorerWith(async (slug) => {
      asked.push(slug);
      most = Math.max(most, ++inFlight);
      // A secret look-up is a round trip to the editor's window; this one takes 30 ms.
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight--;
      return undefined;
    });
    const [root] = await honeycombRoots(connection(explorer), explorer, view);
    const children = (await root.getChildren!()) as EnvironmentNode[];
    assert.deepEqual(
      children.map((c) => c.info.name),
      ['Production', 'Staging', 'Dev'],
      'the environments keep the order of the listing',
    );
    assert.deepEqual([...asked].sort(), ['dev', 'production', 'staging']);
    assert.equal(most, 3, 'the three look-ups were under way together');
    assert.deepEqual(
      children.map((c) => c.keySource),
      ['default', undefined, undefined],
    );
  });

  it('looks up only the environments the stored keys’ names include: one look-up of the names instead of one per environment', async () => {
    const asked: string[] = [];
    let namesAsked = 0;
    const explorer = explorerWith(
      async (slug) => {
        asked.push(slug);
        return slug === 'staging' ? HONEYCOMB_KEYS.staging : undefined;
      },
      async () => {
        namesAsked++;
        return ['staging'];
      },
    );
    const [root] = await honeycombRoots(connection(explorer), explorer, view);
    const children = (await root.getChildren!()) as EnvironmentNode[];
    assert.deepEqual(
      children.map((c) => [c.info.name, c.keySource]),
      [
        ['Production', 'default'],
        ['Staging', 'stored'],
        ['Dev', undefined],
      ],
    );
    assert.deepEqual(asked, ['staging'], 'only the environment with a stored key was looked up');
    assert.equal(namesAsked, 1);
  });

  it('asks for the environments as soon as /1/auth has answered, before the editor asks for the expanded root’s children', async () => {
    const explorer = explorerWith(async () => undefined);
    const roots: TreeNode[] = await honeycombRoots(connection(explorer), explorer, view);
    assert.equal(roots.length, 1);
    // The editor has not asked for the root's children (nothing has called getChildren): the
    // listing leaves anyway, so it is on its way while the editor draws the root.
    const deadline = Date.now() + 5000;
    while (standIn.requests.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.deepEqual(paths(), ['GET /1/auth', 'GET /2/teams/acme/environments']);
    // When the editor does ask, it gets those children: no second listing.
    const children = await roots[0].getChildren!();
    assert.equal(children.length, 3);
    assert.equal(standIn.requests.length, 2);
  });
});
