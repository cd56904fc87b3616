import type { AuthentikClient } from '../../clients/authentik';
import { BlueprintInstanceLike, authentikManagedText, blueprintManagers, blueprintModelOf, managerText } from '../../clients/authentik/blueprintManaged/match';
import type { PlanNoticeProvider } from '../../editing/planNotices';
import type { RecordViewModel } from '../panels/protocol';
import { authentikKindOfId, connectionOfKindId } from './kinds/ids';
import { recordKeyOf } from './objectRef';

/**
 * "Managed by blueprint X: the next apply reverts this" on an object's record (a section with a
 * link to the blueprint's record, and a badge) and in its edit plan (a line, and an Open
 * Blueprint button). The blueprint instances of a connection are read once and kept 30 seconds
 * (a record and its edit ask within moments), and dropped after a change through the extension.
 */
export interface BlueprintNote {
  text: string;
  /** The blueprint instance that manages the object; undefined for authentik's own mark. */
  blueprint?: { pk: string; name: string };
}

const KEEP_MS = 30_000;

export class BlueprintManagement {
  private readonly cache = new Map<string, { at: number; instances: Promise<BlueprintInstanceLike[]> }>();

  constructor(
    private readonly clientOf: (connectionId: string) => Promise<AuthentikClient | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  forget(): void {
    this.cache.clear();
  }

  async notes(connectionId: string, kind: string, object: unknown): Promise<BlueprintNote[]> {
    if (!object || typeof object !== 'object') return [];
    const item = object as Record<string, unknown>;
    const notes: BlueprintNote[] = [];
    const model = blueprintModelOf(kind, item);
    // A blueprint instance is not itself managed by another one in any way worth saying.
    if (model && kind !== 'blueprint') {
      for (const m of blueprintManagers(model, item, await this.instances(connectionId))) notes.push({ text: managerText(m), blueprint: { pk: m.instance.pk, name: m.instance.name } });
    }
    const own = authentikManagedText(item);
    if (own) notes.push({ text: own });
    return notes;
  }

  private instances(connectionId: string): Promise<BlueprintInstanceLike[]> {
    const kept = this.cache.get(connectionId);
    if (kept && this.now() - kept.at < KEEP_MS) return kept.instances;
    const instances = (async () => {
      const client = await this.clientOf(connectionId);
      if (!client) return [];
      return (await (await client.resources('blueprint')).list({ pageSize: 100 })).items as BlueprintInstanceLike[];
    })();
    // A failed read is not kept: the next record or plan asks again.
    instances.catch(() => this.cache.delete(connectionId));
    this.cache.set(connectionId, { at: this.now(), instances });
    return instances;
  }
}

/** The record with its notes: a badge, and a "Blueprint" section linking each blueprint's record. */
export function withBlueprintNotes(model: RecordViewModel, notes: readonly BlueprintNote[], connectionId?: string): RecordViewModel {
  if (notes.length === 0) return model;
  const managed = notes.some((n) => n.blueprint);
  return {
    ...model,
    badges: [...(model.badges ?? []), { text: managed ? 'managed by a blueprint' : 'managed by authentik', tone: 'warning' }],
    sections: [
      {
        title: 'Blueprint',
        fields: notes.flatMap((n) => [
          ...(n.blueprint ? [{ label: 'Blueprint', value: n.blueprint.name, link: { kind: 'record' as const, key: blueprintKey(n.blueprint.pk, connectionId) } }] : []),
          { label: n.blueprint ? 'What an edit does' : 'Managed by authentik', value: n.text },
        ]),
      },
      ...model.sections,
    ],
  };
}

const blueprintKey = (pk: string, connectionId?: string): string => recordKeyOf({ kind: 'blueprint', lookup: pk }, connectionId);

/** The notes of an authentik object's edit plan, each blueprint with an Open Blueprint button (its record). */
export function blueprintPlanNotices(management: () => Promise<BlueprintManagement>): PlanNoticeProvider {
  return async (kind, _address, object) => {
    const managed = authentikKindOfId(kind.id);
    if (!managed) return [];
    const connectionId = connectionOfKindId(kind.id);
    const notes = await (await management()).notes(connectionId, managed, object);
    return notes.map((n) => ({ text: n.text, ...(n.blueprint ? { open: { label: 'Open Blueprint', command: 'opsConfig.openRecord', args: [blueprintKey(n.blueprint.pk, connectionId)] } } : {}) }));
  };
}
