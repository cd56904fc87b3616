/** The three views by name, and their ids in package.json. */
export const VIEW_IDS = {
  honeycomb: 'opsConfig.honeycomb',
  authentik: 'opsConfig.authentik',
  signatures: 'opsConfig.signatures',
} as const;

export type ViewName = keyof typeof VIEW_IDS;
