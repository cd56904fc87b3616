/**
 * Names the extension's always-loaded part needs to know about query files and the results
 * panel. Kept apart so that checking a file name does not load the query features (and their
 * JSON parser): those come in a chunk of their own on first use.
 */
export const QUERY_FILE_SUFFIX = '.honeycomb-query.json';
export const QUERY_RESULT_VIEW_TYPE = 'opsConfig.queryResult';

export function isQueryFilePath(path: string): boolean {
  return path.endsWith(QUERY_FILE_SUFFIX);
}
