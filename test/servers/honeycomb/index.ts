export { startHoneycombStandIn } from './server';
export type { HoneycombStandIn, HoneycombStandInOptions } from './server';
export * from './seed';
