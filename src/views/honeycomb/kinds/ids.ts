/** The ids of Honeycomb's editable kinds, apart so tree nodes can name them without loading the kinds. */
export const TRIGGER_KIND_ID = 'honeycomb.trigger';
export const QUERY_ANNOTATION_KIND_ID = 'honeycomb.queryAnnotation';
export const SLO_KIND_ID = 'honeycomb.slo';
export const BURN_ALERT_KIND_ID = 'honeycomb.burnAlert';
export const BOARD_KIND_ID = 'honeycomb.board';
export const BOARD_VIEW_KIND_ID = 'honeycomb.boardView';
