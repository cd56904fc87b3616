import { Address, EditableKind, JsonObject } from './kind';

/**
 * What a save's plan must say about the object beyond its changes: that a blueprint manages it
 * (the next apply reverts the edit), or that the service keeps it itself. A service registers a
 * provider; the save asks them once it has read the object, just before the confirmation. A
 * provider that fails says nothing rather than stopping the save. Pure: no `vscode`.
 */
export interface PlanNotice {
  text: string;
  /** A button beside the confirmation that opens what the notice names; choosing it does not save. */
  open?: { label: string; command: string; args: unknown[] };
}

export type PlanNoticeProvider = (kind: EditableKind, address: Address, object: JsonObject, signal?: AbortSignal) => Promise<PlanNotice[]>;

const providers = new Set<PlanNoticeProvider>();

export function registerPlanNotices(provider: PlanNoticeProvider): { dispose(): void } {
  providers.add(provider);
  return { dispose: () => void providers.delete(provider) };
}

export async function planNotices(kind: EditableKind, address: Address, object: JsonObject, signal?: AbortSignal): Promise<PlanNotice[]> {
  const answers = await Promise.all([...providers].map((provider) => provider(kind, address, object, signal).catch(() => [])));
  return answers.flat();
}
