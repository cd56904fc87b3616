import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuthentikClient } from '../../../clients/authentik';
import { AuthentikKind, isAuthentikKind } from '../../../clients/authentik/resources/kinds';
import { Address, EditableKind, JsonObject } from '../../../editing/kind';
import { prompts } from '../../../ui/prompts';
import { resourceBackend } from './backend';
import { authentikKindOfId, schemaFileOf } from './ids';
import { authentikEditableKind } from './kind';
import { derivedKind } from '../../../clients/authentik/resources/derivedKinds';
import { derivedBackend, derivedEditableKind } from './derivedKind';

/**
 * The editor side of authentik's editable kinds, loaded with the first edit: each kind's schema
 * (a chunk of its own), the client of the current connection, and the questions some "New…"
 * documents need first — a binding's stage, a certificate's PEM files, a connector's service
 * account key file, a license key. Files are read when the object is created, so a key never
 * passes through a document.
 */
export interface AuthentikKindsDeps {
  /** The client of the connection the kind id names (`authentik.flow@staging`: the "staging" one). */
  client(): Promise<AuthentikClient>;
  /** `authentik at id.example.com` */
  location(): string;
  /** File pickers, replaceable by tests like `prompts`. */
  dialogs: AuthentikDialogs;
  /** Runs another command (Generate certificate…, Install license key…). */
  run(command: string, ...args: unknown[]): Thenable<unknown>;
}

export interface AuthentikDialogs {
  openFile(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined>;
}

export function loadAuthentikKind(id: string, deps: AuthentikKindsDeps): EditableKind | undefined {
  const kind = authentikKindOfId(id);
  if (!kind) return undefined;
  if (!isAuthentikKind(kind)) {
    // Any other object of the tree: its kind comes from the table derived from the API description.
    const derived = derivedKind(kind);
    const askSecret = async (field: string) =>
      await prompts.inputBox({
        title: `New ${derived!.spec.label.toLowerCase()}`,
        prompt: `${field} (required; sent with the create, never kept in a document)`,
        password: true,
        ignoreFocusOut: true,
      });
    return derived && { ...derivedEditableKind(derived, { backend: derivedBackend(derived, deps.client, askSecret), location: deps.location }), id };
  }
  const editable = authentikEditableKind(kind, {
    backend: resourceBackend(deps.client, kind, { extraCreateFields: (parent) => extraCreateFields(kind, parent) }),
    schema: () => schemaOf(kind),
    location: deps.location,
    prepareCreate: prepareCreate(kind, deps),
  });
  // `authentik.flow@staging`: the same kind, bound to an added connection by `deps`.
  return { ...editable, id };
}

async function schemaOf(kind: AuthentikKind): Promise<JsonObject> {
  // The literal `authentik-` keeps the chunk to authentik's schemas (the Honeycomb ones have their own).
  const file = schemaFileOf(kind).replace(/^authentik-/, '');
  const module = (await import(/* webpackChunkName: "schemas-authentik", webpackMode: "lazy-once" */ `../../../../schemas/validation/authentik-${file}.schema.json`)) as { default?: JsonObject };
  return module.default ?? module;
}

function prepareCreate(kind: AuthentikKind, deps: AuthentikKindsDeps): ((parent: Address) => Promise<Address | undefined>) | undefined {
  switch (kind) {
    case 'flowStageBinding':
      return (parent) => pickStage(deps, parent);
    case 'certificateKeyPair':
      return () => certificateSource(deps);
    case 'browserConnector':
      return async () => {
        const file = await pickFile(deps, 'New Google Chrome connector: the Google service account key (JSON)', { JSON: ['json'] });
        return file ? { credentialsFile: file } : undefined;
      };
    case 'license':
      // A license is nothing but its key, a secret: it is installed by its own command.
      return async () => {
        await deps.run('opsConfig.authentik.installLicense');
        return undefined;
      };
    default:
      return undefined;
  }
}

/** A binding's stage, picked by name; its order goes after the flow's last binding. */
async function pickStage(deps: AuthentikKindsDeps, parent: Address): Promise<Address | undefined> {
  const client = await deps.client();
  const [stages, bindings] = await Promise.all([client.listStages({ pageSize: 100 }), client.listFlowBindings(parent.parent ?? '', { pageSize: 100 })]);
  const picked = await prompts.quickPick(
    stages.items.map((s) => ({ label: s.name, description: s.verbose_name, pk: s.pk })),
    { title: 'New flow stage binding', placeHolder: 'Which stage does the flow run?' },
  );
  if (!picked) return undefined;
  const last = Math.max(0, ...bindings.items.map((b) => b.order));
  return { ...parent, stage: picked.pk, order: String(last + 10) };
}

/** "New…" in Certificates: generate a self-signed pair, or import PEM files. */
async function certificateSource(deps: AuthentikKindsDeps): Promise<Address | undefined> {
  const choice = await prompts.quickPick(
    [
      { label: 'Generate a self-signed certificate…', id: 'generate' },
      { label: 'Import from PEM files…', description: 'a certificate, and optionally its private key', id: 'import' },
    ],
    { title: 'New certificate-key pair' },
  );
  if (choice?.id === 'generate') {
    await deps.run('opsConfig.authentik.generateCertificate');
    return undefined;
  }
  if (choice?.id !== 'import') return undefined;
  const certificateFile = await pickFile(deps, 'The certificate (PEM)', { PEM: ['pem', 'crt', 'cer'] });
  if (!certificateFile) return undefined;
  const keyFile = await pickFile(deps, 'Its private key (PEM) — cancel to import the certificate alone', { PEM: ['pem', 'key'] });
  return { certificateFile, ...(keyFile ? { keyFile } : {}), name: path.basename(certificateFile).replace(/\.(pem|crt|cer)$/i, '') };
}

async function pickFile(deps: AuthentikKindsDeps, title: string, filters: Record<string, string[]>): Promise<string | undefined> {
  const files = await deps.dialogs.openFile({ title, canSelectMany: false, filters: { ...filters, 'All files': ['*'] }, openLabel: 'Use This File' });
  return files?.[0]?.fsPath;
}

/** What a "New…" flow gathered as file names, read now: the key material goes straight to the request. */
async function extraCreateFields(kind: AuthentikKind, parent: Address): Promise<JsonObject> {
  if (kind === 'certificateKeyPair' && parent.certificateFile) {
    const certificate_data = await readPem(parent.certificateFile, 'CERTIFICATE');
    return { certificate_data, ...(parent.keyFile ? { key_data: await readPem(parent.keyFile, 'PRIVATE KEY') } : {}) };
  }
  if (kind === 'browserConnector' && parent.credentialsFile) {
    return { credentials: await readCredentials(parent.credentialsFile) };
  }
  return {};
}

/** A PEM file's text, refused (naming the file, never quoting it) when it holds no block of that kind. */
export async function readPem(file: string, label: 'CERTIFICATE' | 'PRIVATE KEY'): Promise<string> {
  const text = await fs.readFile(file, 'utf8');
  if (!new RegExp(`-----BEGIN [A-Z ]*${label}-----`).test(text)) {
    throw new Error(`${path.basename(file)} holds no PEM ${label === 'CERTIFICATE' ? 'certificate' : 'private key'} (-----BEGIN …${label}-----).`);
  }
  return text;
}

/** A Google service account key file, parsed; a broken file is named, its content never quoted. */
export async function readCredentials(file: string): Promise<JsonObject> {
  const text = await fs.readFile(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${path.basename(file)} is not JSON: a Google service account key file is a JSON document.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as JsonObject).private_key !== 'string') {
    throw new Error(`${path.basename(file)} is not a service account key (it has no "private_key").`);
  }
  return value as JsonObject;
}
