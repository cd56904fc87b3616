/**
 * Where the services are ahead of their published API documents. The vendored documents stay as
 * they were published; this overlay adds, on load, what the services accept today according to
 * their own clients, each entry with its source. Both the stand-ins (which validate every answer)
 * and the generated edit schemas (scripts/generate-schemas.ts) read the documents through it, so
 * the model the editor checks against and the model the stand-in enforces are the same one.
 * docs/seed-notes.md lists every entry for users.
 *
 * Honeycomb: its document was downloaded on 2025-12-23; the Go client and Terraform provider in
 * `honeycombio/terraform-provider-honeycombio` (read at commit bde0d12, 2026-06-30) know more.
 * authentik: the vendored 2026.8.3 document is current; it needs no overlay.
 */

type Json = Record<string, unknown>;

export interface OverlayEntry {
  /** JSON pointer into the document. */
  pointer: string;
  /** Sets the value at `pointer` (a new property, a replaced schema). */
  set?: Json;
  /** Adds values to the enum at `pointer` (a schema with `enum`). */
  enumAdd?: string[];
  /** What the entry adds, for docs/seed-notes.md. */
  what: string;
  /** Where the service's own code says so. */
  source: string;
}

const PROVIDER = 'honeycombio/terraform-provider-honeycombio@bde0d12';

const FILTER_ITEM: Json = {
  type: 'object',
  required: ['column', 'op'],
  properties: {
    column: { type: ['null', 'string'] },
    op: { $ref: '#/components/schemas/FilterOp' },
    value: { anyOf: [{ type: 'null' }, { type: 'integer' }, { type: 'number' }, { type: 'string' }, { type: 'boolean' }, { type: 'array' }] },
  },
};

export const HONEYCOMB_OVERLAY: readonly OverlayEntry[] = [
  {
    pointer: '/components/schemas/BaseTrigger/properties/auto_investigate',
    set: {
      type: 'boolean',
      description:
        'Whether Honeycomb investigates automatically when the trigger fires (needs Honeycomb Intelligence on the team). ' +
        "Not in Honeycomb's published API description (2025-12); from Honeycomb's Go client.",
    },
    what: 'A trigger’s `auto_investigate` (boolean).',
    source: `${PROVIDER} client/trigger.go (Trigger.AutoInvestigate), internal/provider/trigger_resource.go`,
  },
  {
    pointer: '/components/schemas/NotificationRecipient/properties/type',
    set: {
      type: 'string',
      enum: ['pagerduty', 'email', 'slack', 'webhook', 'msteams', 'msteams_workflow', 'marker'],
      description:
        'One of the recipient types; `marker` (a trigger that adds a marker when it fires) is for triggers only. ' + 'Deprecated: create the recipient with the Recipients API, then pass its id.',
    },
    what: 'Recipient type `marker` on a trigger’s recipients (the document’s enum lacks it).',
    source: `${PROVIDER} client/recipient.go (TriggerRecipientTypes: "Marker recipients are supported" on triggers)`,
  },
  {
    pointer: '/components/schemas/QueryOp',
    enumAdd: ['COUNT_DATAPOINTS', 'HISTOGRAM_COUNT'],
    what: 'Calculation operators `COUNT_DATAPOINTS` and `HISTOGRAM_COUNT` (metrics datasets).',
    source: `${PROVIDER} client/query_spec.go (CalculationOps)`,
  },
  {
    pointer: '/components/schemas/HavingCalculateOp',
    enumAdd: ['COUNT_DATAPOINTS', 'HISTOGRAM_COUNT'],
    what: 'The same two operators in a having’s `calculate_op`.',
    source: `${PROVIDER} client/query_spec.go (HavingCalculationOps)`,
  },
  {
    pointer: '/components/schemas/Query/properties/calculations/items/properties/name',
    set: { type: 'string', description: 'A name, to refer to the calculation from formulas and orders; required with calculation filters.' },
    what: 'A named calculation (`calculations[].name`).',
    source: `${PROVIDER} client/query_spec.go (CalculationSpec.Name)`,
  },
  {
    pointer: '/components/schemas/Query/properties/calculations/items/properties/filters',
    set: { type: 'array', maxItems: 100, items: FILTER_ITEM, description: 'Filters that apply to this calculation only.' },
    what: 'Calculation-level filters (`calculations[].filters`).',
    source: `${PROVIDER} client/query_spec.go (CalculationSpec.Filters)`,
  },
  {
    pointer: '/components/schemas/Query/properties/calculations/items/properties/filter_combination',
    set: { type: 'string', enum: ['AND', 'OR'], description: 'How a calculation’s own filters combine.' },
    what: 'Calculation-level `filter_combination`.',
    source: `${PROVIDER} client/query_spec.go (CalculationSpec.FilterCombination)`,
  },
  {
    pointer: '/components/schemas/Query/properties/formulas',
    set: {
      type: 'array',
      maxItems: 100,
      description: 'Expressions over named calculations; their results are returned instead of the calculations’.',
      items: { type: 'object', required: ['name', 'expression'], properties: { name: { type: 'string' }, expression: { type: 'string' } } },
    },
    what: 'Query `formulas` (`[{name, expression}]`).',
    source: `${PROVIDER} client/query_spec.go (QuerySpec.Formulas, FormulaSpec)`,
  },
  {
    pointer: '/components/schemas/BurnAlertSharedParams/properties/auto_investigate',
    set: {
      type: 'boolean',
      description:
        'Whether Honeycomb investigates automatically when the burn alert fires (needs Honeycomb Intelligence on the team). ' +
        "Not in Honeycomb's published API description (2025-12); from Honeycomb's Go client.",
    },
    what: 'A burn alert’s `auto_investigate` (boolean).',
    source: `${PROVIDER} client/burn_alert.go (BurnAlert.AutoInvestigate), internal/provider/burn_alert_resource.go`,
  },
  {
    pointer: '/components/schemas/SLOCreate/properties/dataset_slugs/items',
    set: { type: 'string', description: 'A dataset slug.' },
    what: 'The items of an SLO’s `dataset_slugs` are dataset slugs (strings); the document gives the list no item type.',
    source: `${PROVIDER} client/slo.go (SLO.DatasetSlugs []string)`,
  },
  {
    pointer: '/components/schemas/MarkerSetting/properties/color',
    set: {
      type: 'string',
      pattern: '^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$',
      description: 'Color to use for display of this marker type: "#" and 3 or 6 hexadecimal digits (RGB). For example, "#F96E11".',
    },
    what: 'A marker setting’s `color` is `#` and 3 or 6 hex digits (the document says only “hexadecimal RGB”).',
    source: `${PROVIDER} honeycombio/resource_marker_setting.go (color ValidateFunc StringMatch ^#([A-Fa-f0-9]{6}|[A-Fa-f0-9]{3})$)`,
  },
  {
    pointer: '/components/schemas/Dataset/properties/settings/properties/delete_protected',
    set: {
      type: 'boolean',
      description: 'If true, the dataset cannot be deleted. A new dataset is protected; the setting cannot be given when it is created, only changed afterwards.',
    },
    what: 'A dataset’s `settings.delete_protected` is on for a new dataset and cannot be set when creating one (the document says neither).',
    source: `${PROVIDER} client/dataset.go (DatasetSettings.DeleteProtected: "defaults to true. Cannot be set on creation."), internal/provider/dataset_resource.go`,
  },
  {
    pointer: '/components/schemas/QueryPanel/properties/query_panel/properties/dataset',
    set: {
      type: 'string',
      description: 'The dataset of the query (empty for an environment-wide one). Set by Honeycomb from the query; sent back as it was read, as Honeycomb’s Go client does.',
    },
    what: 'A board query panel’s `dataset` is sent back on writes (the document marks it read-only).',
    source: `${PROVIDER} client/board.go (BoardQueryPanel.Dataset, json:"dataset,omitempty", sent on Create and Update)`,
  },
  {
    pointer: '/components/schemas/SLOPanel/properties/slo_panel',
    set: {
      type: 'object',
      required: ['slo_id'],
      properties: { slo_id: { type: 'string', description: 'The ID of the SLO to display on the board. The SLO must be in the same environment as the board.' } },
    },
    what: 'A board SLO panel needs its `slo_id` (the document leaves it optional).',
    source: `${PROVIDER} internal/provider/flexible_board_resource.go (slo_panel.slo_id Required)`,
  },
];

export function overlayOf(file: string): readonly OverlayEntry[] {
  return file === 'honeycomb.openapi.yaml' ? HONEYCOMB_OVERLAY : [];
}

/** Applies the overlay to a freshly loaded document, in place. An entry that no longer fits fails loudly. */
export function applyOverlay(file: string, document: Json): Json {
  for (const entry of overlayOf(file)) {
    const tokens = entry.pointer
      .split('/')
      .slice(1)
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = tokens.pop() as string;
    let parent: unknown = document;
    for (const token of tokens) {
      parent = (parent as Json | undefined)?.[token];
      if (!parent || typeof parent !== 'object') throw new Error(`overlay: ${entry.pointer} does not lead anywhere in ${file}`);
    }
    const container = parent as Json;
    if (entry.set) container[last] = structuredClone(entry.set);
    if (entry.enumAdd) {
      const schema = container[last] as Json | undefined;
      if (!schema || !Array.isArray(schema.enum)) throw new Error(`overlay: ${entry.pointer} in ${file} has no enum`);
      schema.enum = [...(schema.enum as unknown[]), ...entry.enumAdd.filter((v) => !(schema.enum as unknown[]).includes(v))];
    }
  }
  return document;
}
