import type { HclBlock, HclFile } from './hclParse';

/**
 * Which blocks of the workspace's Terraform are about live objects this extension shows, and
 * which live object each one is. A live object is known by what Copy as Terraform writes for it
 * (its resource type, its import ID and its attributes, read back with the same parser), so the
 * mapping from API fields to provider attributes lives in one place: the kinds' code export.
 */

/** Providers whose blocks we read: Honeycomb, authentik, cosign. */
export const OUR_PROVIDERS = ['honeycombio_', 'authentik_', 'cosign_'] as const;

export interface ManagedBlock {
  /** The file, as the caller names it (a URI string in the editor, a path in tests). */
  file: string;
  mode: 'resource' | 'data';
  type: string;
  /** The block's second label: `honeycombio_trigger.<name>`. */
  name: string;
  block: HclBlock;
  /** From an `import` block whose `to` is this resource, when its `id` is written as a literal. */
  importId?: string;
  /** The provider's natural key, from literal attributes (see NATURAL_KEYS). */
  naturalKey?: string;
  /** A `count` or `for_each` block stands for several objects: it is listed, never matched. */
  repeated: boolean;
}

/** What identifies a live object in Terraform's terms. */
export interface LiveIdentity {
  resourceType: string;
  importId?: string;
  naturalKey?: string;
}

/**
 * The attributes that name an object where no ID is written, per provider resource; the
 * provider refuses two objects with the same values. Resources not listed have no natural key.
 */
export const NATURAL_KEYS: Readonly<Record<string, readonly string[]>> = {
  honeycombio_trigger: ['dataset', 'name'],
  honeycombio_slo: ['dataset', 'name'],
  honeycombio_column: ['dataset', 'name'],
  honeycombio_derived_column: ['dataset', 'alias'],
  honeycombio_dataset: ['name'],
  honeycombio_flexible_board: ['name'],
  honeycombio_email_recipient: ['address'],
  honeycombio_slack_recipient: ['channel'],
  honeycombio_webhook_recipient: ['name'],
  honeycombio_pagerduty_recipient: ['integration_key'],
  honeycombio_msteams_workflow_recipient: ['name'],
  authentik_flow: ['slug'],
  authentik_application: ['slug'],
  authentik_group: ['name'],
  authentik_brand: ['domain'],
  authentik_certificate_key_pair: ['name'],
  authentik_event_rule: ['name'],
  authentik_event_transport: ['name'],
  authentik_blueprint: ['name'],
};

const isOurs = (type: string) => OUR_PROVIDERS.some((prefix) => type.startsWith(prefix));

/** The natural key of a block, when every attribute of it is written as a literal. */
export function naturalKeyOf(type: string, block: HclBlock): string | undefined {
  const names = NATURAL_KEYS[type];
  if (!names) return undefined;
  const parts: string[] = [];
  for (const name of names) {
    const value = block.attributes.find((a) => a.name === name)?.value;
    if (value?.kind !== 'literal' || (typeof value.value !== 'string' && typeof value.value !== 'number')) return undefined;
    parts.push(String(value.value));
  }
  return JSON.stringify(parts);
}

/** The `resource` and `data` blocks of our providers in a file, with the import IDs written for them. */
export function managedBlocksOf(file: string, parsed: HclFile): ManagedBlock[] {
  const imports = new Map<string, string>();
  for (const block of parsed.blocks) {
    if (block.type !== 'import') continue;
    const to = block.attributes.find((a) => a.name === 'to')?.value;
    const id = block.attributes.find((a) => a.name === 'id')?.value;
    if (to?.kind === 'expression' && id?.kind === 'literal' && typeof id.value === 'string') imports.set(to.text.trim(), id.value);
  }
  const out: ManagedBlock[] = [];
  for (const block of parsed.blocks) {
    if ((block.type !== 'resource' && block.type !== 'data') || block.labels.length !== 2 || !isOurs(block.labels[0])) continue;
    const [type, name] = block.labels;
    const repeated = block.attributes.some((a) => a.name === 'count' || a.name === 'for_each');
    out.push({
      file,
      mode: block.type,
      type,
      name,
      block,
      importId: block.type === 'resource' ? imports.get(`${type}.${name}`) : undefined,
      naturalKey: repeated ? undefined : naturalKeyOf(type, block),
      repeated,
    });
  }
  return out;
}

/**
 * The identity of a live object from its Copy as Terraform text, parsed: the resource block's
 * type and natural key, and the import block's ID.
 */
export function identityFromExport(parsed: HclFile): LiveIdentity | undefined {
  const [managed] = managedBlocksOf('', parsed).filter((b) => b.mode === 'resource');
  if (!managed) return undefined;
  return { resourceType: managed.type, importId: managed.importId, naturalKey: managed.naturalKey };
}

/**
 * The resource block that manages a live object: by import ID first (what Terraform itself
 * goes by), then by natural key for a block no import names. Data sources only read an object.
 */
export function findManaged(blocks: readonly ManagedBlock[], identity: LiveIdentity): ManagedBlock | undefined {
  const candidates = blocks.filter((b) => b.mode === 'resource' && !b.repeated && b.type === identity.resourceType);
  if (identity.importId !== undefined) {
    const byId = candidates.find((b) => b.importId === identity.importId);
    if (byId) return byId;
  }
  if (identity.naturalKey === undefined) return undefined;
  return candidates.find((b) => b.importId === undefined && b.naturalKey === identity.naturalKey);
}
