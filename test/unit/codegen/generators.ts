import { ApiRecipient, toColumn, toDataset, toDerivedColumn, toRecipient, toSlo, toTrigger } from '../../../src/clients/honeycomb';
import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../../../src/clients/authentik/resources/kinds';
import { JsonObject } from '../../../src/editing/kind';
import { LOOKUP_OPERATIONS } from '../../../src/lookup/catalog';
import { pulumiCall, terraformDataBlock } from '../../../src/lookup/codeSnippets';
import { InputSpec, LookupInput, LookupOperation } from '../../../src/lookup/operation';
import { authentikPulumi, authentikTerraform } from '../../../src/views/authentik/kinds/code';
import { ObjectRef } from '../../../src/views/authentik/objectRef';
import * as authentikSnippets from '../../../src/views/authentik/snippets';
import { annotationPulumi, annotationTerraform } from '../../../src/views/honeycomb/kinds/annotationCode';
import { triggerPulumi, triggerTerraform } from '../../../src/views/honeycomb/kinds/triggerCode';
import { EnvContext, HoneycombObject } from '../../../src/views/honeycomb/objects';
import * as honeycombSnippets from '../../../src/views/honeycomb/snippets';

/**
 * Every code generator of the extension, each given one name in every string it reads: the
 * Honeycomb and authentik data-source snippets ("Copy as Terraform / Pulumi" in the trees), the
 * Look Up catalog's data blocks and calls, and the resource exports of the edit documents
 * (triggers, query annotations, the 13 authentik kinds).
 */
export interface Generated {
  generator: string;
  terraform?: string;
  pulumi?: string;
  /** The literal the name must read back as: the name itself unless said; null for a call without inputs. */
  literal?: string | null;
}

type Generator = (name: string) => Generated[];

const env: EnvContext = { apiUrl: 'https://api.honeycomb.io', teamSlug: 'acme', teamName: 'Acme', envSlug: 'production', envName: 'Production', classic: false };

function honeycombSnippet(generator: string, object: HoneycombObject, literal?: string): Generated {
  return { generator, terraform: honeycombSnippets.terraformSnippet(object), pulumi: honeycombSnippets.pulumiSnippet(object), literal };
}

const honeycombRecipients = (name: string): ApiRecipient[] => [
  { id: name, type: 'email', details: { email_address: name } },
  { id: name, type: 'slack', details: { slack_channel: name } },
  { id: name, type: 'pagerduty', details: { pagerduty_integration_name: name, pagerduty_integration_key: name } },
  { id: name, type: 'webhook', details: { webhook_name: name, webhook_url: name, webhook_secret: name } },
];

const honeycombDataSources: Generator = (name) => [
  honeycombSnippet('Honeycomb dataset', { kind: 'dataset', env, item: toDataset({ name, slug: name }) }),
  honeycombSnippet('Honeycomb column', { kind: 'column', env, dataset: name, item: toColumn(name, { id: name, key_name: name }) }),
  honeycombSnippet('Honeycomb derived column', { kind: 'derivedColumn', env, dataset: name, item: toDerivedColumn(name, { id: name, alias: name }) }),
  honeycombSnippet('Honeycomb SLO', { kind: 'slo', env, item: toSlo(name, { id: name, name }) }),
  honeycombSnippet('Honeycomb environment by id', { kind: 'environment', env, item: { slug: name, name, id: name } }),
  honeycombSnippet('Honeycomb environment by slug', { kind: 'environment', env, item: { slug: name, name } }),
  // No data source: an import block whose ID is `<dataset>/<id>`.
  honeycombSnippet('Honeycomb trigger', { kind: 'trigger', env, item: toTrigger(name, { id: name, name }) }, `${name}/${name}`),
  ...honeycombRecipients(name).map((raw) => honeycombSnippet(`Honeycomb ${raw.type} recipient`, { kind: 'recipient', env, item: toRecipient(raw) })),
];

function authentikSnippet(generator: string, ref: ObjectRef): Generated {
  const terraform = authentikSnippets.terraformSnippet(ref);
  const pulumi = authentikSnippets.pulumiSnippet(ref);
  if (typeof terraform !== 'string' || typeof pulumi !== 'string') throw new Error(`${generator}: no data source (${JSON.stringify(terraform)})`);
  return { generator, terraform, pulumi };
}

const authentikDataSources: Generator = (name) => {
  const ref = (kind: ObjectRef['kind'], extra: Partial<ObjectRef> = {}): ObjectRef => ({ kind, lookup: name, id: name, name, ...extra });
  return [
    authentikSnippet('authentik brand', ref('brand')),
    authentikSnippet('authentik flow', ref('flow', { slug: name })),
    authentikSnippet('authentik stage', ref('stage')),
    authentikSnippet('authentik group', ref('group')),
    authentikSnippet('authentik user', ref('user')),
    authentikSnippet('authentik certificate', ref('certificate')),
    authentikSnippet('authentik outpost', ref('outpost')),
    authentikSnippet('authentik permission', ref('permission')),
    authentikSnippet('authentik source by slug', ref('source', { slug: name })),
    authentikSnippet('authentik source by managed', ref('source', { slug: name, managed: name })),
    authentikSnippet('authentik OAuth2 provider', ref('provider', { model: 'authentik_providers_oauth2.oauth2provider' })),
    authentikSnippet('authentik SAML provider', ref('provider', { model: 'authentik_providers_saml.samlprovider' })),
    authentikSnippet('authentik scope mapping by name', ref('mapping', { model: 'authentik_providers_oauth2.scopemapping' })),
    authentikSnippet('authentik scope mapping by managed', ref('mapping', { model: 'authentik_providers_oauth2.scopemapping', managed: name })),
    authentikSnippet('authentik Kubernetes connection', ref('serviceConnection', { model: 'authentik_outposts.kubernetesserviceconnection' })),
  ];
};

/** A value of the input's type holding the name wherever the type holds text. */
function inputValue(spec: InputSpec, name: string): unknown {
  switch (spec.type) {
    case 'string':
      return name;
    case 'strings':
      return [name, name];
    case 'number':
      return 7;
    case 'numbers':
      return [7];
    case 'boolean':
      return true;
    case 'detailFilter':
      return { name: 'name', operator: 'equals', value: name };
    case 'detailFilters':
      return [
        { name: 'name', value: name },
        { name: 'description', valueRegex: name },
      ];
    case 'json':
      // Objects get the name as a key and a value; lists (the query specification's) are blocks of fixed argument names.
      if (spec.name === 'queryJson') return JSON.stringify({ filters: [{ column: name, op: '=', value: name }], [name]: name });
      return ['attributes', 'settings'].includes(spec.name) ? { [name]: name } : [{ column: name, op: name }];
  }
}

function lookupInput(op: LookupOperation, name: string): LookupInput {
  return Object.fromEntries(op.inputs.filter((spec) => !spec.computed && !spec.secret).map((spec) => [spec.name, inputValue(spec, name)]));
}

const lookupCatalog: Generator = (name) =>
  LOOKUP_OPERATIONS.filter((op) => !('none' in op.code)).map((op) => ({
    generator: `Look Up ${op.service} ${op.name}`,
    terraform: terraformDataBlock(op, lookupInput(op, name)),
    pulumi: pulumiCall(op, lookupInput(op, name)),
    literal: op.inputs.some((spec) => !spec.computed && !spec.secret) ? name : null,
  }));

function trigger(name: string): JsonObject {
  return {
    name,
    description: name,
    query: { calculations: [{ op: 'COUNT' }], filters: [{ column: name, op: '=', value: name }], [name]: name },
    threshold: { op: '>', value: 1, exceeded_limit: 2 },
    frequency: 300,
    alert_type: name,
    recipients: [
      { id: name, details: { pagerduty_severity: name } },
      { type: name, target: name },
    ],
    evaluation_schedule_type: 'window',
    evaluation_schedule: { window: { days_of_week: [name], start_time: name, end_time: name } },
    baseline_details: { offset_minutes: 60, type: name },
    tags: [
      { key: name, value: name },
      { key: 'team', value: name },
    ],
  };
}

const honeycombResources: Generator = (name) => {
  const address = { dataset: name, id: name };
  const byId = { ...trigger(name), query: undefined, query_id: name };
  const annotation = { name, description: name, query_id: name };
  return [
    { generator: 'Honeycomb trigger resource', terraform: triggerTerraform(trigger(name), address), pulumi: triggerPulumi(trigger(name), address) },
    { generator: 'Honeycomb trigger resource by query id', terraform: triggerTerraform(byId, address), pulumi: triggerPulumi(byId, address) },
    { generator: 'Honeycomb query annotation resource', terraform: annotationTerraform(annotation, address), pulumi: annotationPulumi(annotation, address) },
  ];
};

/** An object of the kind with the name in every field: JSON fields as a key and a value. */
function authentikObject(kind: (typeof AUTHENTIK_KIND_NAMES)[number], name: string): JsonObject {
  const spec = AUTHENTIK_KINDS[kind];
  const fields = [...spec.writableFields, spec.idField, spec.displayField, spec.terraform?.importIdField ?? spec.idField];
  return Object.fromEntries(fields.map((field) => [field, spec.jsonFields.includes(field) ? { [name]: name } : name]));
}

const authentikResources: Generator = (name) =>
  AUTHENTIK_KIND_NAMES.filter((kind) => AUTHENTIK_KINDS[kind].terraform).map((kind) => ({
    generator: `authentik ${kind} resource`,
    terraform: authentikTerraform(kind, authentikObject(kind, name)),
    pulumi: authentikPulumi(kind, authentikObject(kind, name)),
  }));

export const GENERATORS: ReadonlyArray<[string, Generator]> = [
  ['Honeycomb data sources', honeycombDataSources],
  ['authentik data sources', authentikDataSources],
  ['Look Up catalog', lookupCatalog],
  ['Honeycomb resources', honeycombResources],
  ['authentik resources', authentikResources],
];
