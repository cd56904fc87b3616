import { AUTHENTIK_KINDS, AUTHENTIK_KIND_NAMES } from '../clients/authentik/resources/kinds';
import type { Address } from '../editing/kind';
import { editKindId } from '../views/authentik/kinds/ids';
import { TRIGGER_KIND_ID, SLO_KIND_ID, BOARD_KIND_ID } from '../views/honeycomb/kinds/ids';
import { DATASET_KIND_ID } from '../views/honeycomb/kinds/datasetKindIds';
import { RECIPIENT_KIND_ID } from '../views/honeycomb/kinds/recipientIds';
import type { ManagedBlock } from './managedBlocks';
import type { ManagedPlace, ManagedTarget } from './managedIndex';

/**
 * The other direction: from a Terraform block to the live object an editor can open. The
 * provider's import ID says where the object lives; for authentik, a natural key that is the
 * object's lookup value (a flow's slug) says it as well.
 */
export interface LiveTarget {
  kindId: string;
  address: Address;
}

/** Honeycomb resources whose import ID is `<dataset>/<id>` or a bare id. */
const HONEYCOMB: Record<string, { kindId: string; address(importId: string): Address | undefined }> = {
  honeycombio_trigger: { kindId: TRIGGER_KIND_ID, address: datasetAndId },
  honeycombio_slo: { kindId: SLO_KIND_ID, address: datasetAndId },
  honeycombio_flexible_board: { kindId: BOARD_KIND_ID, address: (id) => ({ id }) },
  honeycombio_dataset: { kindId: DATASET_KIND_ID, address: (dataset) => ({ dataset }) },
  honeycombio_email_recipient: { kindId: RECIPIENT_KIND_ID, address: (id) => ({ id }) },
  honeycombio_slack_recipient: { kindId: RECIPIENT_KIND_ID, address: (id) => ({ id }) },
  honeycombio_webhook_recipient: { kindId: RECIPIENT_KIND_ID, address: (id) => ({ id }) },
  honeycombio_pagerduty_recipient: { kindId: RECIPIENT_KIND_ID, address: (id) => ({ id }) },
};

function datasetAndId(importId: string): Address | undefined {
  const slash = importId.indexOf('/');
  return slash > 0 && slash < importId.length - 1 ? { dataset: importId.slice(0, slash), id: importId.slice(slash + 1) } : undefined;
}

/**
 * How a block of an authentik resource outside the hand-tuned kinds names its live object (a
 * group, a provider, a stage…), from derivedLinks.ts: the tables it reads load apart, so the
 * caller passes it in once loaded (`derivedLinks`). `idAttribute`: the provider's attribute for
 * the kind's lookup field, when it has one.
 */
export interface DerivedLink {
  kindId: string;
  importIdField: string;
  idAttribute?: string;
}
export type DerivedLinks = (resourceType: string) => DerivedLink | { none: string } | undefined;

const handTunedKindOf = (type: string) => AUTHENTIK_KIND_NAMES.find((k) => AUTHENTIK_KINDS[k].terraform?.resourceType === type);

/** Whether naming a block's live object needs the derived kinds' tables (an authentik type no hand-tuned kind has). */
export const needsDerivedLinks = (managed: ManagedBlock): boolean => managed.mode === 'resource' && managed.type.startsWith('authentik_') && !handTunedKindOf(managed.type);

/** The string a block writes for an attribute, when it writes one as a literal. */
function literalOf(managed: ManagedBlock, attribute: string | undefined): string | undefined {
  const written = attribute === undefined ? undefined : managed.block.attributes.find((a) => a.name === attribute)?.value;
  return written?.kind === 'literal' && typeof written.value === 'string' ? written.value : undefined;
}

/**
 * The live object of a resource block, or why there is none to open. `honeycombEnv` is the
 * environment of the Honeycomb key (the provider writes to the one its key belongs to);
 * `derivedLinks` names the objects of authentik's other kinds (see needsDerivedLinks).
 */
export function liveTargetOf(managed: ManagedBlock, honeycombEnv: string | undefined, derivedLinks?: DerivedLinks): LiveTarget | { none: string } {
  if (managed.mode !== 'resource') return { none: `${managed.type}.${managed.name} is a data source: it reads an object, it does not manage one.` };
  if (managed.repeated) return { none: `${managed.type}.${managed.name} uses count or for_each: it stands for several objects.` };
  const honeycomb = HONEYCOMB[managed.type];
  if (honeycomb) {
    if (managed.importId === undefined) {
      const form = managed.type === 'honeycombio_trigger' || managed.type === 'honeycombio_slo' ? '<dataset>/<id>' : '<id>';
      return { none: `${managed.type}.${managed.name} has no import block with its ID: add one (id = "${form}") to link it to its live object.` };
    }
    const address = honeycomb.address(managed.importId);
    if (!address) return { none: `The import ID "${managed.importId}" of ${managed.type}.${managed.name} is not in the provider's form.` };
    if (!honeycombEnv) return { none: 'Set a Honeycomb API key first: its environment is the one the provider writes to.' };
    return { kindId: honeycomb.kindId, address: { env: honeycombEnv, ...address } };
  }
  const kind = handTunedKindOf(managed.type);
  if (kind) {
    const spec = AUTHENTIK_KINDS[kind];
    if (spec.parent || spec.terraform?.importIdField !== spec.idField) return { none: `Opening ${managed.type} from Terraform is not supported yet; open it from the authentik view.` };
    const id = managed.importId ?? literalOf(managed, spec.idField);
    if (!id) return { none: `${managed.type}.${managed.name} has no import block with its ID and no literal ${spec.idField}.` };
    return { kindId: editKindId(kind), address: { id } };
  }
  if (managed.type.startsWith('authentik_')) {
    // Callers load the links for every block needsDerivedLinks names; without them nothing can be said.
    if (!derivedLinks) throw new Error(`The authentik kinds were not loaded to link ${managed.type}.${managed.name}.`);
    const link = derivedLinks(managed.type);
    if (!link) return { none: `${managed.type} is not a resource of an authentik kind this extension edits.` };
    if ('none' in link) return link;
    const id = managed.importId ?? literalOf(managed, link.idAttribute);
    if (!id) {
      const literal = link.idAttribute ? ` and no literal ${link.idAttribute}` : '';
      return { none: `${managed.type}.${managed.name} has no import block with its ID${literal}: add one (id = "<${link.importIdField}>") to link it to its live object.` };
    }
    return { kindId: link.kindId, address: { id } };
  }
  return { none: `${managed.type} is not an object this extension edits.` };
}

/**
 * The live objects a workspace's blocks manage, each with where its block is: what the views'
 * index holds. Blocks that name no object (data sources, `count`, no ID) are left out.
 */
export function managedPlacesOf(
  blocks: readonly ManagedBlock[],
  honeycombEnv: string | undefined,
  placeOf: (block: ManagedBlock) => string,
  derivedLinks?: DerivedLinks,
): Array<[ManagedTarget, ManagedPlace]> {
  const out: Array<[ManagedTarget, ManagedPlace]> = [];
  for (const block of blocks) {
    const target = liveTargetOf(block, honeycombEnv, derivedLinks);
    if ('none' in target) continue;
    out.push([target, { place: placeOf(block), uri: block.file, line: block.block.range.start.line, column: block.block.range.start.column }]);
  }
  return out;
}
