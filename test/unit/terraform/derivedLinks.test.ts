import * as assert from 'node:assert/strict';
import { derivedKind } from '../../../src/clients/authentik/resources/derivedKinds';
import { polymorphicKey } from '../../../src/clients/authentik/resources/polymorphicKey';
import { TERRAFORM_TABLE, TerraformTable } from '../../../src/clients/authentik/resources/terraformTable';
import { driftOf } from '../../../src/terraform/drift';
import { derivedLinkOf } from '../../../src/terraform/derivedLinks';
import { liveTargetOf, managedPlacesOf, needsDerivedLinks } from '../../../src/terraform/liveTargets';
import { ManagedBlock, managedBlocksOf } from '../../../src/terraform/managedBlocks';
import { ManagedIndex } from '../../../src/terraform/managedIndex';
import { derivedTerraform } from '../../../src/views/authentik/kinds/code';
import { authentikKindOfId, editKindId } from '../../../src/views/authentik/kinds/ids';
import { testHclParser } from './hclWasm';

/**
 * Blocks of authentik resources outside the 13 hand-tuned kinds (a group, an LDAP provider, an
 * identification stage…) open their live object as the kind the authentik view edits: the
 * provider's resource type gives the item schema (schemas/authentik-terraform.json), the item
 * schema the derived kind, its import ID or a literal of the kind's lookup field the address.
 */
describe('Terraform: blocks of authentik’s derived kinds and their live objects', () => {
  const GROUP_PK = '9f2c7a1e-0d3b-4c55-8d7e-3b1f0a2e6c44';
  const IDENTIFICATION_PK = '1b6e0f3a-8c21-4d7e-9a55-2f4c0d7e8b19';

  async function blocksOf(tf: string): Promise<ManagedBlock[]> {
    return managedBlocksOf('file:///ws/auth.tf', (await testHclParser()).parse(tf));
  }
  const imported = (type: string, name: string, id: string) => `import {\n  to = ${type}.${name}\n  id = ${JSON.stringify(id)}\n}\n`;

  const tf = [
    `resource "authentik_group" "ops" {\n  name = "ops"\n}\n`,
    imported('authentik_group', 'ops', GROUP_PK),
    `resource "authentik_group" "unlinked" {\n  name = "unlinked"\n}\n`,
    `resource "authentik_provider_ldap" "directory" {\n  name      = "LDAP"\n  base_dn   = "dc=ldap,dc=example,dc=com"\n  bind_flow = "3f7d2a90-flow-old"\n}\n`,
    imported('authentik_provider_ldap', 'directory', '7'),
    `resource "authentik_provider_ldap" "unlinked" {\n  name    = "other"\n  base_dn = "dc=other"\n}\n`,
    `resource "authentik_stage_identification" "login" {\n  name        = "login-identification"\n  user_fields = ["username", "email"]\n}\n`,
    imported('authentik_stage_identification', 'login', IDENTIFICATION_PK),
    `resource "authentik_stage_identification" "unlinked" {\n  name = "other-identification"\n}\n`,
    `resource "authentik_source_oauth" "github" {\n  name          = "GitHub"\n  slug          = "github"\n  provider_type = "github"\n}\n`,
    `resource "authentik_token" "ci" {\n  identifier = "ci-token"\n  user       = 4\n}\n`,
    `resource "authentik_source_oauth" "computed" {\n  name = "Computed"\n  slug = var.slug\n}\n`,
  ].join('\n');

  const targets = async () => new Map((await blocksOf(tf)).map((b) => [`${b.type}.${b.name}`, liveTargetOf(b, undefined, derivedLinkOf)]));

  it('a block with an import is the object of that ID, under the kind id the authentik view gives it', async () => {
    const all = await targets();
    assert.deepEqual(all.get('authentik_group.ops'), { kindId: editKindId('Group'), address: { id: GROUP_PK } });
    // A provider or a stage is named by its list's `meta_model_name`, as its tree row is (nodeLook.ts).
    assert.deepEqual(all.get('authentik_provider_ldap.directory'), {
      kindId: editKindId(polymorphicKey('provider', { meta_model_name: 'authentik_providers_ldap.ldapprovider' })),
      address: { id: '7' },
    });
    assert.deepEqual(all.get('authentik_stage_identification.login'), {
      kindId: editKindId(polymorphicKey('stage', { meta_model_name: 'authentik_stages_identification.identificationstage' })),
      address: { id: IDENTIFICATION_PK },
    });
    // The editor resolves each kind id to the kind of the block's item schema.
    const kindNames = ['authentik_group.ops', 'authentik_provider_ldap.directory', 'authentik_stage_identification.login'].map((key) => {
      const target = all.get(key)!;
      return 'none' in target ? target.none : derivedKind(authentikKindOfId(target.kindId)!)?.name;
    });
    assert.deepEqual(kindNames, ['Group', 'LDAPProvider', 'IdentificationStage']);
  });

  it('a literal of the kind’s lookup field names the object where the provider has an attribute for it (a source’s slug, a token’s identifier)', async () => {
    const all = await targets();
    assert.deepEqual(all.get('authentik_source_oauth.github'), { kindId: editKindId('authentik_sources_oauth.oauthsource'), address: { id: 'github' } });
    assert.deepEqual(all.get('authentik_token.ci'), { kindId: editKindId('Token'), address: { id: 'ci-token' } });
  });

  it('a block with neither is refused with what to add: the pk has no attribute, an expression is no literal', async () => {
    const all = await targets();
    assert.deepEqual(
      ['authentik_group.unlinked', 'authentik_provider_ldap.unlinked', 'authentik_stage_identification.unlinked', 'authentik_source_oauth.computed'].map((k) => all.get(k)),
      [
        { none: 'authentik_group.unlinked has no import block with its ID: add one (id = "<pk>") to link it to its live object.' },
        { none: 'authentik_provider_ldap.unlinked has no import block with its ID: add one (id = "<pk>") to link it to its live object.' },
        { none: 'authentik_stage_identification.unlinked has no import block with its ID: add one (id = "<pk>") to link it to its live object.' },
        { none: 'authentik_source_oauth.computed has no import block with its ID and no literal slug: add one (id = "<slug>") to link it to its live object.' },
      ],
    );
  });

  it('a resource whose import ID is not the kind’s lookup field is refused, naming both; a type of no kind says so', () => {
    const table: TerraformTable = { ...TERRAFORM_TABLE, resources: { ...TERRAFORM_TABLE.resources, authentik_group: { ...TERRAFORM_TABLE.resources.authentik_group, importIdField: 'name' } } };
    assert.deepEqual(derivedLinkOf('authentik_group', table), {
      none: "Opening authentik_group from Terraform is not possible: the provider's import ID is the name of the object, and authentik's API looks it up by its pk.",
    });
    assert.equal(derivedLinkOf('authentik_no_such_thing'), undefined);
    assert.equal(derivedLinkOf('constructor'), undefined);
  });

  it('the tree row of a managed group, LDAP provider and stage says “Terraform” (the index knows their targets)', async () => {
    const blocks = await blocksOf(tf);
    assert.ok(blocks.filter((b) => b.mode === 'resource').every(needsDerivedLinks), 'only derived kinds here: their tables are loaded for them');
    const index = new ManagedIndex();
    index.update(managedPlacesOf(blocks, undefined, (b) => `auth.tf:${b.block.range.start.line + 1}`, derivedLinkOf));
    // The targets the tree's rows carry (directoryNodes.ts, nodeLook.ts polymorphicEdit).
    assert.equal(index.placeOf({ kindId: editKindId('Group'), address: { id: GROUP_PK } })?.place, 'auth.tf:1');
    assert.equal(index.placeOf({ kindId: editKindId(polymorphicKey('provider', { meta_model_name: 'authentik_providers_ldap.ldapprovider' })), address: { id: '7' } })?.place, 'auth.tf:14');
    assert.equal(
      index.placeOf({ kindId: editKindId(polymorphicKey('stage', { meta_model_name: 'authentik_stages_identification.identificationstage' })), address: { id: IDENTIFICATION_PK } })?.place,
      'auth.tf:30',
    );
    assert.equal(index.placeOf({ kindId: editKindId('Group'), address: { id: 'another-group' } }), undefined);
  });

  it('drift on an LDAP provider is in the provider’s attribute names: the live authorization_flow is the code’s bind_flow', async () => {
    const block = (await blocksOf(tf)).find((b) => b.type === 'authentik_provider_ldap' && b.name === 'directory')!;
    const target = liveTargetOf(block, undefined, derivedLinkOf);
    assert.ok(!('none' in target), 'none' in target ? target.none : '');
    // What Compare with Live reads: the live object as its kind's Copy as Terraform writes it.
    const kind = derivedKind(authentikKindOfId(target.kindId)!)!;
    const live = { pk: 7, name: 'LDAP', base_dn: 'dc=ldap,dc=example,dc=com', authorization_flow: '3f7d2a90-flow-new', invalidation_flow: '5e1c-unbind' };
    const [liveBlock] = (await testHclParser()).parse(derivedTerraform(kind, live)).blocks.filter((b) => b.type === 'resource');
    assert.deepEqual(
      driftOf(block.block, liveBlock).map((d) => [d.path, d.status, d.code, d.live]),
      [['bind_flow', 'differs', '3f7d2a90-flow-old', '3f7d2a90-flow-new']],
    );
    // The same object with the code's flow: nothing differs.
    const [same] = (await testHclParser()).parse(derivedTerraform(kind, { ...live, authorization_flow: '3f7d2a90-flow-old' })).blocks.filter((b) => b.type === 'resource');
    assert.deepEqual(driftOf(block.block, same), []);
  });
});
