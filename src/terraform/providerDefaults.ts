import type { HclLiteral } from './hclParse';

/**
 * The attributes a block may leave out whose live value still matters: in the provider's schema
 * they are Optional and either have a Default or are not Computed, so the next `terraform apply`
 * sets them back to that default (null: unset) when the code leaves them out. A live value other
 * than the default is drift. Attributes that are Computed without a default keep whatever is
 * live, so they are not listed; nor are Required ones (the code always writes them), nor pairs
 * where the code writes one of two (`query_id` or `query_json`). Paths name nested blocks
 * (`threshold.exceeded_limit`). Read from the providers' schemas (see docs/seed-notes.md).
 */
export const LEFT_OUT_DEFAULTS: Readonly<Record<string, Readonly<Record<string, HclLiteral>>>> = {
  honeycombio_trigger: {
    description: '',
    disabled: false,
    auto_investigate: false,
    alert_type: 'on_change',
    frequency: 900,
    tags: {},
    'threshold.exceeded_limit': 1,
  },
  honeycombio_slo: { description: null, tags: {} },
  honeycombio_dataset: { description: '', expand_json_depth: 0, delete_protected: true },
  honeycombio_flexible_board: { description: '' },
};
