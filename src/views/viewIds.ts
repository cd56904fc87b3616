/**
 * The three views by name, and their ids in package.json. Kept apart from the view code so the
 * start-up chunk can create the views without loading what fills them.
 */
export const VIEW_IDS = {
  honeycomb: 'opsConfig.honeycomb',
  authentik: 'opsConfig.authentik',
  signatures: 'opsConfig.signatures',
} as const;

export type ViewName = keyof typeof VIEW_IDS;
