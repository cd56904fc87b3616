/** The ids of the marker kinds, apart so tree nodes can name them without loading the kinds. */
export const MARKER_KIND_ID = 'honeycomb.marker';
export const MARKER_SETTING_KIND_ID = 'honeycomb.markerSetting';
