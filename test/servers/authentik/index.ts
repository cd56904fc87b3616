export { startAuthentikStandIn } from './server';
export type { AuthentikStandIn, AuthentikStandInOptions } from './server';
export * from './seed';
