import * as assert from 'node:assert/strict';
import { AuthentikClient } from '../../../src/clients/authentik';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../../../src/clients/authentik/resources/kinds';
import { authentikApiBase } from '../../../src/core/config';
import { KnownSecrets } from '../../../src/core/redact';
import { readAuthentikInstance } from '../../../src/terraform/export/authentikInstance';
import { pulumiFile, terraformFile } from '../../../src/terraform/export/exportFile';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { TERRAFORM_NAME, blockNames, readHcl, typeScriptErrors } from '../codegen/parsedCode';
import { changedLines, resourceLabels } from './exportedText';

/**
 * Issue 32, "Export as Terraform…" on an authentik connection: the stand-in's instance (authentik's
 * default flows with their stage bindings, applications, brands, certificates and the other
 * managed kinds) written as one file and read back by HashiCorp's parser: every object with its
 * import block, each binding's flow and stage by reference, secrets as sensitive variables,
 * labels valid and unique, a re-export after a change differing only there.
 */
describe('Export as Terraform: a whole authentik instance (stand-in)', function () {
  this.timeout(60_000);
  let standIn: AuthentikStandIn;
  let client: AuthentikClient;

  before(async () => {
    standIn = await startAuthentikStandIn();
    client = new AuthentikClient({ apiBase: authentikApiBase(standIn.url), token: AUTHENTIK_TOKENS.admin, secrets: new KnownSecrets(), sleep: async () => undefined });
  });
  after(() => standIn.stop());

  const exportNow = () => readAuthentikInstance(client, { title: 'authentik “Acme”' });

  /** Every object of every exported kind, read here on its own: its resource type and import ID. */
  async function expectedImports(): Promise<string[]> {
    const out: string[] = [];
    for (const kind of AUTHENTIK_KIND_NAMES.filter((k) => AUTHENTIK_KINDS[k].terraform)) {
      const collection = await client.resources(kind);
      for (let page: number | undefined = 1; page;) {
        const answer = await collection.list({ page });
        out.push(...answer.items.map((item) => String((item as Record<string, unknown>)[AUTHENTIK_KINDS[kind].terraform!.importIdField])));
        page = answer.next;
      }
    }
    return out.sort();
  }

  it('writes every managed object with its import block, and bindings refer to their flow and stage', async () => {
    const text = terraformFile(await exportNow());
    const read = await readHcl(text);
    const names = blockNames(read.json);
    const imports = ((read.json.import ?? []) as Array<{ id: string }>).map((i) => i.id).sort();
    assert.deepEqual(imports, await expectedImports());
    for (const target of names.imports) assert.ok(names.resources.includes(target), target);
    const bindings = Object.values((read.json.resource as Record<string, Record<string, Array<{ target: string; stage: string }>>>).authentik_flow_stage_binding).flat();
    assert.ok(bindings.length >= 5, `${bindings.length} bindings`);
    for (const b of bindings) {
      assert.match(b.target, /^\$\{authentik_flow\.[a-z0-9_]+\.uuid\}$/, 'the binding’s flow by reference');
      assert.match(b.stage, /^\$\{data\.authentik_stage\.[a-z0-9_]+\.id\}$/, 'the binding’s stage by reference');
    }
    const dataLabels = Object.keys(((read.json.data ?? {}) as Record<string, object>).authentik_stage ?? {});
    for (const reference of read.references.filter((r) => r.startsWith('data.authentik_stage.'))) assert.ok(dataLabels.includes(reference.split('.')[2]), reference);
    for (const reference of read.references.filter((r) => r.startsWith('authentik_'))) assert.ok(names.resources.includes(reference.split('.').slice(0, 2).join('.')), reference);
    const variables = (read.json.variable ?? {}) as Record<string, Array<{ sensitive?: boolean }>>;
    assert.ok(
      Object.values(variables).some(([v]) => v.sensitive === true),
      'a secret as a sensitive variable',
    );
    for (const { label } of resourceLabels(text)) assert.match(label, TERRAFORM_NAME);
    const seen = resourceLabels(text).map((l) => `${l.type}.${l.label}`);
    assert.equal(new Set(seen).size, seen.length, 'labels unique within their type');
    assert.match(text, /# - providers: applications name theirs by id/);
  });

  it('exporting again after a change differs only in the changed line; the Pulumi type-checks', async () => {
    const before = terraformFile(await exportNow());
    const flows = await client.resources('flow');
    const [flow] = (await flows.list()).items;
    await flows.partialUpdate(flow.slug, { title: `${flow.title} (changed)` });
    const { removed, added } = changedLines(before, terraformFile(await exportNow()));
    assert.equal(removed.length, 1, removed.join('\n'));
    assert.match(added[0], /title += ".* \(changed\)"$/);
    const ts = pulumiFile(await exportNow());
    assert.deepEqual(typeScriptErrors(new Map([['index.ts', ts]])).get('index.ts'), []);
    assert.match(ts, /target: \w+Flow\.uuid,/);
    assert.match(ts, /stage: \w+Stage\.id,/);
  });
});
