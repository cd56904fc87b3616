/** The fixed ports of the stand-ins F5 starts (.vscode/launch.json points the extension at them). */
export const STAND_IN_PORTS = { honeycomb: 4510, authentik: 4511 } as const;
