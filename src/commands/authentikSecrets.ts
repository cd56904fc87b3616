import * as path from 'node:path';
import * as vscode from 'vscode';
import type { AuthentikClient } from '../clients/authentik';
import { ServiceError } from '../core/errors';
import { prompts } from '../ui/prompts';
import { derivedKind } from '../clients/authentik/resources/derivedKinds';
import type { EditTarget } from '../editing/editableKinds';
import { AuthentikDialogs, ObjectRef, readCredentials, readPem } from '../views/authentik/kinds/api';
import { authentikKindOfId } from '../views/authentik/kinds/ids';

/**
 * The commands that set or reveal a secret of a managed object. A secret never passes through a
 * document, a panel, a setting or a message: it is read from a file or a password prompt and goes
 * straight into the request (the client registers it for masking first); the enrollment key goes
 * to the clipboard only. Every write is confirmed, naming the object and the server. Loaded with
 * the first use of one of them.
 */
export interface SecretCommandDeps {
  client(): Promise<AuthentikClient>;
  dialogs: AuthentikDialogs;
  /** `authentik at id.example.com` */
  where(): Promise<string>;
  /** The tree and open records show the server's version. */
  changed(): void;
  /** Writes allowed in this window (throws the reason when not). */
  checkWrites(): void;
}

/** A secret replaced on the server cannot be brought back: asked with Cancel selected. */
async function confirm(deps: SecretCommandDeps, message: string, detail: string, verb: string): Promise<boolean> {
  return prompts.confirmDestructive({ title: message, action: verb, detail: [await deps.where(), detail] });
}

function expect(ref: ObjectRef, kind: ObjectRef['kind'], what: string): void {
  if (ref.kind !== kind) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: `pick ${what} in the authentik view first` });
}

async function pickFile(deps: SecretCommandDeps, title: string, filters: Record<string, string[]>): Promise<string | undefined> {
  const files = await deps.dialogs.openFile({ title, canSelectMany: false, filters: { ...filters, 'All files': ['*'] }, openLabel: 'Use This File' });
  return files?.[0]?.fsPath;
}

/** "Replace Private Key from File…" on a certificate-key pair. */
export async function replacePrivateKey(deps: SecretCommandDeps, ref: ObjectRef): Promise<void> {
  expect(ref, 'certificate', 'a certificate');
  deps.checkWrites();
  const file = await pickFile(deps, `The new private key of “${ref.name}” (PEM)`, { PEM: ['pem', 'key'] });
  if (!file) return;
  const key = await readPem(file, 'PRIVATE KEY');
  if (
    !(await confirm(
      deps,
      `Replace the private key of certificate-key pair “${ref.name}”?`,
      `The key is read from ${path.basename(file)} and sent as key_data; authentik checks that it loads. The old key is gone afterwards.`,
      'Replace Key',
    ))
  )
    return;
  const collection = await (await deps.client()).resources('certificateKeyPair');
  await collection.partialUpdate(ref.id, { key_data: key });
  deps.changed();
  void prompts.info(`Replaced the private key of “${ref.name}”.`);
}

/** "Install License Key…": from a file or a hidden prompt; the server says whose license it is. */
export async function installLicense(deps: SecretCommandDeps): Promise<void> {
  deps.checkWrites();
  const client = await deps.client();
  const installId = await client.licenseInstallId().catch(() => '');
  const source = await prompts.quickPick(
    [
      { label: 'From a file…', id: 'file' },
      { label: 'Paste the key…', description: 'typed into a hidden input', id: 'prompt' },
    ],
    { title: 'Install license key', placeHolder: installId ? `The key must be issued for installation ${installId}` : 'Where is the key?' },
  );
  if (!source) return;
  let key: string | undefined;
  if (source.id === 'file') {
    const file = await pickFile(deps, 'The license key file', { 'License key': ['txt', 'jwt', 'key'] });
    key = file ? (await vscode.workspace.fs.readFile(vscode.Uri.file(file))).toString().trim() : undefined;
  } else {
    key = (
      await prompts.inputBox({
        title: 'Install license key',
        prompt: 'The license key (it is not shown)',
        password: true,
        ignoreFocusOut: true,
        validateInput: (v) => (v.trim() ? undefined : 'Paste the key'),
      })
    )?.trim();
  }
  if (!key) return;
  if (!(await confirm(deps, 'Install this license key?', 'authentik verifies the key against this installation; name, expiry and user counts come from the key.', 'Install'))) return;
  const license = await (await client.resources('license')).create({ key });
  deps.changed();
  void prompts.info(`Installed license “${license.name}”: ${license.internal_users} internal and ${license.external_users} external users, until ${license.expiry?.slice(0, 10) ?? 'no expiry'}.`);
}

/** "Copy Enrollment Key": the key goes to the clipboard, never to the screen; authentik logs the view. */
export async function copyEnrollmentKey(deps: SecretCommandDeps, ref: ObjectRef): Promise<void> {
  expect(ref, 'enrollmentToken', 'an enrollment token');
  const key = await (await deps.client()).viewEnrollmentKey(ref.id);
  await vscode.env.clipboard.writeText(key);
  void prompts.info(`Copied the enrollment key of “${ref.name}” to the clipboard. It is not shown anywhere; authentik recorded this view in its event log.`);
}

/** "Generate Certificate…": a self-signed pair from a name, subject alt names and a validity. */
export async function generateCertificate(deps: SecretCommandDeps): Promise<void> {
  deps.checkWrites();
  const title = 'Generate certificate';
  const name = (await prompts.inputBox({ title, prompt: 'Common name (also the pair’s name)', validateInput: (v) => (v.trim() ? undefined : 'A name is required') }))?.trim();
  if (!name) return;
  const sans = await prompts.inputBox({ title, prompt: 'Subject alternative names (DNS names, separated by commas; may be empty)', value: name.includes('.') ? name : '' });
  if (sans === undefined) return;
  const days = await prompts.inputBox({
    title,
    prompt: 'Valid for how many days?',
    value: '365',
    validateInput: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 ? undefined : 'A whole number of days, at least 1'),
  });
  if (days === undefined) return;
  const subjectAltNames = sans
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (
    !(await confirm(
      deps,
      `Generate the certificate “${name}”?`,
      `Self-signed, valid for ${Number(days)} days${subjectAltNames.length ? `, for ${subjectAltNames.join(', ')}` : ''}. authentik keeps the private key.`,
      'Generate',
    ))
  )
    return;
  const pair = await (await deps.client()).generateCertificate({ commonName: name, subjectAltNames, validityDays: Number(days) });
  deps.changed();
  void prompts.info(`Generated certificate “${pair.name}”, valid until ${pair.cert_expiry?.slice(0, 10) ?? 'unknown'}.`);
}

/** "Replace Credentials from File…" on a Google Chrome connector: a service account key file. */
export async function replaceCredentials(deps: SecretCommandDeps, ref: ObjectRef): Promise<void> {
  expect(ref, 'browserConnector', 'a Google Chrome connector');
  deps.checkWrites();
  const file = await pickFile(deps, `The Google service account key of “${ref.name}” (JSON)`, { JSON: ['json'] });
  if (!file) return;
  const credentials = await readCredentials(file);
  if (!(await confirm(deps, `Replace the credentials of “${ref.name}”?`, `The service account key is read from ${path.basename(file)}.`, 'Replace Credentials'))) return;
  await (await (await deps.client()).resources('browserConnector')).partialUpdate(ref.id, { credentials });
  deps.changed();
  void prompts.info(`Replaced the credentials of “${ref.name}”.`);
}

/** "Set Webhook URL…" on a notification transport: chat webhook URLs carry their token. */
export async function setWebhookUrl(deps: SecretCommandDeps, ref: ObjectRef): Promise<void> {
  expect(ref, 'eventTransport', 'a notification transport');
  deps.checkWrites();
  const url = (
    await prompts.inputBox({
      title: `Webhook URL of “${ref.name}”`,
      prompt: 'The URL (it is not shown: chat webhook URLs carry their token)',
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (/^https?:\/\/[^\s]+$/.test(v.trim()) ? undefined : 'An http(s) URL'),
    })
  )?.trim();
  if (!url) return;
  if (!(await confirm(deps, `Set the webhook URL of “${ref.name}”?`, 'Only webhook_url is changed.', 'Set URL'))) return;
  await (await (await deps.client()).resources('eventTransport')).partialUpdate(ref.id, { webhook_url: url });
  deps.changed();
  void prompts.info(`Set the webhook URL of “${ref.name}”.`);
}

/**
 * "Set Secret Field…" on an object whose kind is derived from the API description: its write-only
 * fields (an LDAP source's bind password, a Duo stage's secret key…) are never in a document; this
 * asks for one in a hidden prompt and PATCHes that field alone.
 */
export async function setSecretField(deps: SecretCommandDeps, target: EditTarget): Promise<void> {
  const key = authentikKindOfId(target.kindId) ?? '';
  const kind = derivedKind(key);
  if (!kind) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: `the secrets of this object are set by its own commands` });
  const noun = kind.spec.label.toLowerCase();
  if (kind.spec.secrets.length === 0) throw new ServiceError({ kind: 'badInput', service: 'authentik', operation: 'command', summary: `a ${noun} has no secret field to set` });
  deps.checkWrites();
  const field =
    kind.spec.secrets.length === 1
      ? kind.spec.secrets[0].name
      : (
          await prompts.quickPick(
            kind.spec.secrets.map((s) => ({ label: s.name, description: s.where === 'writeOnlyField' ? 'write-only: authentik never returns it' : 'kept out of documents: a secret' })),
            { title: `Set a secret of “${target.name}”` },
          )
        )?.label;
  if (!field) return;
  const value = await prompts.inputBox({
    title: `${field} of ${noun} “${target.name}”`,
    prompt: 'The value (it is not shown)',
    password: true,
    ignoreFocusOut: true,
    validateInput: (v) => (v ? undefined : 'A value'),
  });
  if (!value) return;
  if (!(await confirm(deps, `Set ${field} of ${noun} “${target.name}”?`, `Only ${field} is changed; the old value cannot be brought back.`, 'Set'))) return;
  await (await (await deps.client()).objects(kind.spec)).partialUpdate(target.address.id, { [field]: value });
  deps.changed();
  void prompts.info(`Set ${field} of “${target.name}”.`);
}
