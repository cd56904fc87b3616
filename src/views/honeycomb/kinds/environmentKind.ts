import type { HoneycombApi } from '../../../clients/honeycomb/api';
import { ServiceError } from '../../../core/errors';
import { EditableKind, JsonObject, KindBackend, Problem } from '../../../editing/kind';

/** The kind id, apart so tree nodes can name it without loading the kind. */
export const ENVIRONMENT_KIND_ID = 'honeycomb.environment';

/**
 * A Honeycomb environment as an editable kind (v2 API, management key): `{ team, id }`. Its
 * document is the resource's attributes less the slug Honeycomb makes from the name. A save
 * PATCHes only what changed (JSON:API update); the name cannot change (environmentRules.ts). A
 * new environment is created delete-protected; a delete is refused here while it is protected
 * (the API answers 409) and asks for the typed name, since it takes every dataset with it.
 */
export const ENVIRONMENT_FIELDS = ['name', 'description', 'color', 'settings'] as const;
export const ENVIRONMENT_READ_ONLY_FIELDS = ['id', 'slug'] as const;

export interface EnvironmentKindParts {
  /** The API with the team's management key. */
  api(): Promise<HoneycombApi>;
  schema(): Promise<JsonObject>;
  rules(document: JsonObject, baseline?: JsonObject): Problem[] | Promise<Problem[]>;
}

export function environmentKind(parts: EnvironmentKindParts): EditableKind {
  return {
    id: ENVIRONMENT_KIND_ID,
    noun: 'environment',
    service: 'Honeycomb',
    fileSuffix: 'honeycomb-environment',
    addressKeys: ['team', 'id'],
    parentKeys: ['team'],
    fieldOrder: ENVIRONMENT_FIELDS,
    readOnlyFields: ENVIRONMENT_READ_ONLY_FIELDS,
    updateStyle: 'patch',
    schema: parts.schema,
    rules: (document, baseline) => parts.rules(document, baseline),
    template: () => ({ name: 'New environment', description: '', color: 'blue' }),
    nameOf: (object) => (typeof object.name === 'string' ? object.name : ''),
    label: (address, object) => ({
      title: object && typeof object.name === 'string' && address.id ? `environment “${object.name}”` : address.id ? `environment ${address.id}` : 'a new environment',
      location: `team “${address.team}” (Honeycomb)`,
    }),
    deleteBlocked: (object) =>
      isEnvironmentProtected(object)
        ? {
            reason: 'It is delete-protected: Honeycomb refuses to delete it until protection is turned off.',
            action: 'Turn Protection Off…',
            change: (document) => withDeleteProtection(document, false),
          }
        : undefined,
    // Deleting an environment deletes every dataset and event in it: always the typed name.
    alwaysTypeNameToDelete: true,
    backend: environmentBackend(parts.api),
    code: {
      terraform: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './environmentCode')).environmentTerraform(object, address.id),
      pulumi: async (object, address) => (await import(/* webpackChunkName: "editing-code" */ './environmentCode')).environmentPulumi(object, address.id),
    },
  };
}

export function isEnvironmentProtected(object: JsonObject): boolean {
  return (object.settings as { delete_protected?: unknown } | undefined)?.delete_protected === true;
}

/** The document with `settings.delete_protected` set, other settings kept. */
export function withDeleteProtection(document: JsonObject, on: boolean): JsonObject {
  return { ...document, settings: { ...(document.settings as JsonObject | undefined), delete_protected: on } };
}

function environmentBackend(api: () => Promise<HoneycombApi>): KindBackend {
  const writes = () => import(/* webpackChunkName: "honeycomb-writes" */ '../../../clients/honeycomb/environmentWrites');
  return {
    read: async (a, signal) => (await writes()).readEnvironment(await api(), a.id, signal),
    create: async (parent, body, signal) => {
      const object = await (await writes()).createEnvironment(await api(), body, signal);
      return { object, address: { team: parent.team, id: String(object.id) } };
    },
    update: async (a, body, signal) => (await writes()).updateEnvironment(await api(), a.id, body, signal),
    remove: async (a, signal) => {
      const { readEnvironment, deleteEnvironment } = await writes();
      const current = await readEnvironment(await api(), a.id, signal).catch((error: unknown) => {
        if (error instanceof ServiceError && error.kind === 'notFound') return undefined;
        throw error;
      });
      if (!current) return 'alreadyGone';
      // API: "Environments with Deletion Protection enabled cannot be deleted" (409): said before asking Honeycomb.
      if (isEnvironmentProtected(current)) {
        throw new ServiceError({
          kind: 'badInput',
          service: 'Honeycomb',
          operation: 'deleteEnvironment',
          summary: `environment “${String(current.name)}” is delete-protected, so it cannot be deleted`,
          hint: 'Set settings.delete_protected to false in its document and save, then delete it.',
        });
      }
      return deleteEnvironment(await api(), a.id, signal);
    },
    // Not a reference but what goes with it: enough to ask for the typed name before a delete.
    usedBy: async (a, signal) => {
      const current = await (await writes()).readEnvironment(await api(), a.id, signal);
      return [`every dataset of environment “${String(current.name)}”, with its columns, triggers, SLOs, boards and data (Honeycomb deletes them with it)`];
    },
  };
}
