import * as assert from 'node:assert/strict';
import { AuthentikClient, ListPage } from '../../../src/clients/authentik';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../../../src/clients/authentik/resources/kinds';
import { authentikApiBase } from '../../../src/core/config';
import { KnownSecrets } from '../../../src/core/redact';
import { derivedKind } from '../../../src/clients/authentik/resources/derivedKinds';
import { derivedTerraformOf } from '../../../src/clients/authentik/resources/terraformTable';
import { listStages } from '../../../src/clients/authentik/stages';
import { readAuthentikInstance } from '../../../src/terraform/export/authentikInstance';
import { pulumiFile, terraformFile } from '../../../src/terraform/export/exportFile';
import { AUTHENTIK_TOKENS, AuthentikStandIn, startAuthentikStandIn } from '../../servers/authentik';
import { TERRAFORM_NAME, blockNames, readHcl, typeScriptErrors } from '../codegen/parsedCode';
import { changedLines, resourceLabels } from './exportedText';

/**
 * Issue 32, "Export as Terraform…" on an authentik connection: the stand-in's instance (authentik's
 * default flows with their stage bindings, applications, brands, certificates and the other
 * managed kinds, every provider, stage and property mapping) written as one file and read back by
 * HashiCorp's parser: every object with its import block, each binding's flow and stage, an
 * application's provider, a provider's flows and mappings by reference, secrets as sensitive variables,
 * labels valid and unique, a re-export after a change differing only there.
 */
/** A name as a regular expression matching it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

  /** Every object of every exported kind, read here on its own: its import ID under its resource type. */
  async function expectedImports(): Promise<string[]> {
    const out: string[] = [];
    for (const kind of AUTHENTIK_KIND_NAMES.filter((k) => AUTHENTIK_KINDS[k].terraform)) {
      const collection = await client.resources(kind);
      for (let page: number | undefined = 1; page;) {
        const answer = await collection.list({ page });
        const tf = AUTHENTIK_KINDS[kind].terraform!;
        out.push(...answer.items.map((item) => `${tf.resourceType} ${String((item as Record<string, unknown>)[tf.importIdField])}`));
        page = answer.next;
      }
    }
    // Providers, stages, property mappings, sources and policies: each by its polymorphic list, typed by the provider's table.
    for (const { items } of await polymorphic()) {
      for (const item of items) {
        const kind = derivedKind(item.meta_model_name);
        const tf = kind && derivedTerraformOf(kind.name);
        if (tf) out.push(`${tf.resourceType} ${String(item[tf.importIdField])}`);
      }
    }
    // Roles, groups, users (not the internal service accounts authentik keeps) and policy bindings, as listed.
    for (const { resourceType, items } of await plainLists()) out.push(...items.filter((i) => i.type !== 'internal_service_account').map((i) => `${resourceType} ${String(i.pk)}`));
    return out.sort();
  }

  type Listed = { pk: string | number; name?: string; username?: string; slug?: string; type?: string; meta_model_name: string; component?: string } & Record<string, unknown>;

  async function everyPage(list: (page: number) => Promise<ListPage<unknown>>): Promise<Listed[]> {
    const out: Listed[] = [];
    for (let page: number | undefined = 1; page;) {
      const answer: ListPage<unknown> = await list(page);
      out.push(...(answer.items as Listed[]));
      page = answer.next;
    }
    return out;
  }

  /** Each polymorphic list's objects (their kind is their `meta_model_name`). */
  async function polymorphic(): Promise<Array<{ plural: string; name?: string; items: Listed[] }>> {
    return [
      { plural: 'providers', items: await everyPage((page) => client.listProviders({ page })) },
      { plural: 'stages', items: await everyPage((page) => listStages(client.api, { page })) },
      { plural: 'property mappings', items: await everyPage((page) => client.listPropertyMappings({ page })) },
      { plural: 'sources', items: await everyPage((page) => client.listSources({ page })) },
      { plural: 'policies', items: await everyPage((page) => client.api.page('listPolicies', '/policies/all/' as never, { page })) },
    ];
  }

  /** Each plain list's objects, under their kind's name. */
  async function plainLists(): Promise<Array<{ plural: string; name: string; resourceType: string; items: Listed[] }>> {
    const out = [];
    for (const [name, plural, resourceType] of [
      ['Role', 'roles', 'authentik_rbac_role'],
      ['Group', 'groups', 'authentik_group'],
      ['User', 'users', 'authentik_user'],
      ['PolicyBinding', 'policy bindings', 'authentik_policy_binding'],
    ]) {
      const collection = await client.objects(derivedKind(name)!.spec);
      out.push({ plural, name, resourceType, items: await everyPage((page) => collection.list({ page })) });
    }
    return out;
  }

  type Blocks = Record<string, Record<string, Array<Record<string, unknown>>>>;

  it('writes every object the provider has a resource for with its import block: providers, stages, property mappings and the managed kinds', async () => {
    const text = terraformFile(await exportNow());
    const read = await readHcl(text);
    const names = blockNames(read.json);
    const resources = read.json.resource as Blocks;
    const imports = ((read.json.import ?? []) as Array<{ id: string; to: string }>).map((i) => `${/^\$\{([a-z0-9_]+)\./.exec(i.to)![1]} ${i.id}`).sort();
    assert.deepEqual(imports, await expectedImports());
    for (const type of [
      'authentik_provider_oauth2',
      'authentik_provider_saml',
      'authentik_provider_ldap',
      'authentik_provider_proxy',
      'authentik_provider_radius',
      'authentik_stage_password',
      'authentik_stage_identification',
      'authentik_property_mapping_provider_scope',
    ])
      assert.ok(resources[type], `${type} written`);
    for (const target of names.imports) assert.ok(names.resources.includes(target), target);
    // Every reference names a block of the file; no data source lookups are left.
    assert.equal(read.json.data, undefined);
    for (const reference of read.references.filter((r) => r.startsWith('authentik_'))) assert.ok(names.resources.includes(reference.split('.').slice(0, 2).join('.')), reference);
    for (const { label } of resourceLabels(text)) assert.match(label, TERRAFORM_NAME);
    const seen = resourceLabels(text).map((l) => `${l.type}.${l.label}`);
    assert.equal(new Set(seen).size, seen.length, 'labels unique within their type');
  });

  it('refers by reference: a binding to its flow and stage, an application to its provider, a provider to its flows, key and property mappings', async () => {
    const read = await readHcl(terraformFile(await exportNow()));
    const resources = read.json.resource as Blocks;
    const bindings = Object.values(resources.authentik_flow_stage_binding).flat();
    assert.ok(bindings.length >= 5, `${bindings.length} bindings`);
    for (const b of bindings) {
      assert.match(String(b.target), /^\$\{authentik_flow\.[a-z0-9_]+\.uuid\}$/, 'the binding’s flow by reference');
      assert.match(String(b.stage), /^\$\{authentik_stage_[a-z0-9_]+\.[a-z0-9_]+\.id\}$/, 'the binding’s stage by reference to its stage resource');
    }
    const applications = Object.values(resources.authentik_application).flat();
    const withProvider = applications.filter((a) => a.protocol_provider !== undefined);
    assert.ok(withProvider.length >= 2, `${withProvider.length} applications with a provider`);
    for (const a of withProvider) assert.match(String(a.protocol_provider), /^\$\{authentik_provider_[a-z0-9]+\.[a-z0-9_]+\.id\}$/, String(a.name));
    const oauth2 = Object.values(resources.authentik_provider_oauth2).flat();
    for (const p of oauth2) {
      assert.match(String(p.authorization_flow), /^\$\{authentik_flow\.[a-z0-9_]+\.uuid\}$/, String(p.name));
      assert.ok(Array.isArray(p.allowed_redirect_uris), 'redirect URIs under the provider’s attribute name');
      assert.equal(p.redirect_uris, undefined);
    }
    const mappings = oauth2.flatMap((p) => p.property_mappings as string[]);
    assert.ok(mappings.length > 0);
    for (const m of mappings) assert.match(m, /^\$\{authentik_property_mapping_provider_scope\.[a-z0-9_]+\.id\}$/);
    // The LDAP provider's flows are bind_flow / unbind_flow in the provider.
    const [ldap] = Object.values(resources.authentik_provider_ldap).flat();
    assert.match(String(ldap.bind_flow), /^\$\{authentik_flow\./);
    assert.equal(ldap.authorization_flow, undefined);
  });

  it('writes every client secret as a sensitive variable, never its value', async () => {
    const text = terraformFile(await exportNow());
    const read = await readHcl(text);
    const variables = (read.json.variable ?? {}) as Record<string, Array<{ sensitive?: boolean }>>;
    const providers = await client.listProviders({ pageSize: 100 });
    const confidential: string[] = [];
    for (const p of providers.items.filter((x) => x.meta_model_name === 'authentik_providers_oauth2.oauth2provider')) {
      const object = (await (await client.objects(derivedKind('OAuth2Provider')!.spec)).retrieve(String(p.pk))) as { client_secret?: string; name: string };
      if (object.client_secret) confidential.push(object.client_secret);
    }
    assert.ok(confidential.length >= 2, `${confidential.length} client secrets in the stand-in`);
    for (const secret of confidential) assert.ok(!text.includes(secret), 'a client secret is never written');
    const resources = read.json.resource as Blocks;
    const secrets = Object.values(resources.authentik_provider_oauth2)
      .flat()
      .map((p) => p.client_secret)
      .filter((v) => v !== undefined);
    assert.equal(secrets.length, confidential.length);
    for (const value of secrets) {
      const name = /^\$\{var\.([a-z0-9_]+)\}$/.exec(String(value))?.[1];
      assert.ok(name, String(value));
      assert.equal(variables[name][0].sensitive, true, name);
    }
  });

  it('groups, users, sources and policies: each object imported or named in the header; membership, bindings and a source’s flows by reference', async () => {
    // Bindings of a policy, a group and a user to a flow, made as a user would.
    const [flow] = (await (await client.resources('flow')).list()).items;
    const [policy] = (await polymorphic()).find((l) => l.plural === 'policies')!.items;
    const group = (await client.listGroups({ pageSize: 100 })).items.find((g) => g.name === 'Engineering')!;
    const user = (await client.listUsers({ pageSize: 100 })).items.find((u) => u.type === 'internal')!;
    const bindings = await client.objects(derivedKind('PolicyBinding')!.spec);
    for (const [order, subject] of [
      [10, { policy: policy.pk }],
      [20, { group: group.pk }],
      [30, { user: user.pk }],
    ] as const)
      await bindings.create({ target: flow.pk, order, ...subject } as never);

    const text = terraformFile(await exportNow());
    const read = await readHcl(text);
    const names = blockNames(read.json);
    const header = text.slice(0, text.indexOf('\nresource '));
    const imported = new Set(((read.json.import ?? []) as Array<{ id: string; to: string }>).map((i) => `${/^\$\{([a-z0-9_]+)\./.exec(i.to)![1]} ${i.id}`));
    const listed = [...(await polymorphic()).filter((l) => l.plural === 'sources' || l.plural === 'policies'), ...(await plainLists())];
    let left = 0;
    for (const { plural, name, items } of listed) {
      for (const item of items) {
        const kind = derivedKind(name ?? item.meta_model_name ?? '');
        const tf = kind && derivedTerraformOf(kind.name);
        const id = tf && String(item[tf.importIdField]);
        if (tf && imported.has(`${tf.resourceType} ${id}`)) continue;
        left++;
        assert.match(header, new RegExp(`- ${plural}: .*“${escape(item.username ?? item.name ?? '')}”`), `${plural}: ${item.username ?? item.name} neither imported nor named in the header`);
      }
    }
    assert.ok(/“authentik Built-in”/.test(header) && /“ak-outpost-ldap”/.test(header) && left === 2, `the built-in source and the outpost's account are the ones left out (${left})`);

    const resources = read.json.resource as Blocks;
    const block = (type: string) => Object.values(resources[type] ?? {}).flat();
    const refersTo = (value: unknown, type: string, attribute: string) => assert.match(String(value), new RegExp(`^\\$\\{${type}\\.[a-z0-9_]+\\.${attribute}\\}$`), String(value));
    const users = block('authentik_user');
    assert.ok(users.filter((u) => (u.groups as unknown[] | undefined)?.length).length >= 10, 'users with groups');
    for (const u of users) for (const g of (u.groups as unknown[] | undefined) ?? []) refersTo(g, 'authentik_group', 'id');
    const groups = block('authentik_group');
    assert.ok(
      groups.some((g) => (g.parents as unknown[]).length > 0),
      'a group with a parent',
    );
    for (const g of groups) {
      for (const p of g.parents as unknown[]) refersTo(p, 'authentik_group', 'id');
      for (const r of (g.roles as unknown[] | undefined) ?? []) refersTo(r, 'authentik_rbac_role', 'id');
      // Membership is written on the user only: both sides by reference would be a cycle.
      assert.equal(g.users, undefined, String(g.name));
    }
    const written = block('authentik_policy_binding');
    assert.equal(written.length, 3);
    refersTo(written.find((b) => b.policy)!.policy, '(?:authentik_policy_expression|authentik_policy_password)', 'id');
    refersTo(written.find((b) => b.group)!.group, 'authentik_group', 'id');
    refersTo(written.find((b) => b.user)!.user, 'authentik_user', 'id');
    const [oauth] = block('authentik_source_oauth');
    refersTo(oauth.authentication_flow, 'authentik_flow', 'uuid');
    refersTo(oauth.enrollment_flow, 'authentik_flow', 'uuid');
    for (const reference of read.references.filter((r) => r.startsWith('authentik_'))) assert.ok(names.resources.includes(reference.split('.').slice(0, 2).join('.')), reference);
  });

  it('writes a source’s secrets as sensitive variables, never their values', async () => {
    const sources = await client.objects(derivedKind('OAuthSource')!.spec);
    const secret = 'oauth-source-secret-5f1c9e';
    await sources.partialUpdate('github', { consumer_secret: secret } as never);
    const text = terraformFile(await exportNow());
    assert.ok(!text.includes(secret), 'the consumer secret is never written');
    const read = await readHcl(text);
    const variables = (read.json.variable ?? {}) as Record<string, Array<{ sensitive?: boolean }>>;
    const resources = read.json.resource as Blocks;
    for (const [type, attribute] of [
      ['authentik_source_oauth', 'consumer_secret'],
      ['authentik_source_ldap', 'bind_password'],
    ]) {
      const [source] = Object.values(resources[type]).flat();
      const name = /^\$\{var\.([a-z0-9_]+)\}$/.exec(String(source[attribute]))?.[1];
      assert.ok(name, `${type}.${attribute} = ${String(source[attribute])}`);
      assert.equal(variables[name][0].sensitive, true, name);
    }
    assert.ok(!pulumiFile(await exportNow()).includes(secret), 'nor in the Pulumi program');
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
    assert.match(ts, /stage: \w+Stage\w*\.id,/);
    assert.match(ts, /protocolProvider: \w+ProviderOauth2\.id,/);
    assert.match(ts, /clientSecret: config\.requireSecret\("[a-zA-Z0-9]+"\)/);
    assert.match(ts, /groups: \[\n\s+\w+Group\.id,/);
  });
});
