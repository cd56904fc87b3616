import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SigningCredentials, SigningOptions } from '../clients/cosign/sign/types';
import { RegistryCredentialStore } from '../connections/registryCredentials';
import { CoreServices } from '../connections/services';
import { resolveSigningConfig } from '../core/config';
import { readProxy, readRequestTimeoutMs, readSigningSettings } from '../core/settings';
import { withCancellableProgress } from '../ui/commandRunner';
import { prompts } from '../ui/prompts';
import { registryOptions } from './registryAccess';
import { readTrustFile } from './trustFiles';

/**
 * What the signing engine is given: the image as a digest (a tag resolved, with the user's
 * consent), and the options of one operation — credentials, settings, the signing config file,
 * registries and Sigstore services, cancellation and progress.
 */

/** Tag → digest (asked to confirm), digest as is. */
export async function digestOf(services: CoreServices, store: RegistryCredentialStore, image: string, title: string): Promise<string | undefined> {
  const { parseReference, repositoryName } = await import('../clients/registry/reference');
  const ref = parseReference(image);
  if (ref.digest) return `${repositoryName(ref)}@${ref.digest}`;
  const { RegistryClient } = await import('../clients/registry/client');
  const client = new RegistryClient(ref.registry, await registryOptions(services, store));
  const fetched = await withCancellableProgress(`Resolving ${image}…`, (signal) => client.getManifest(ref.repository, ref.tag ?? 'latest', { signal }));
  const pinned = `${repositoryName(ref)}@${fetched.digest}`;
  const go = await prompts.warn(`${image} is a tag. ${title} works on digests: use ${pinned}, what the tag points at now?`, { modal: true }, 'Use This Digest');
  return go === 'Use This Digest' ? pinned : undefined;
}

export async function signingOptions(
  services: CoreServices,
  store: RegistryCredentialStore,
  credentials: SigningCredentials,
  signal: AbortSignal,
  progress: vscode.Progress<{ message?: string }>,
): Promise<SigningOptions> {
  const defaults = resolveSigningConfig(readSigningSettings());
  const { parseSigningConfig } = await import('../clients/cosign/sign/index');
  const configFile = await readTrustFile('signing.signingConfigFile', 'Image signing');
  return {
    credentials,
    defaults,
    bundleServices: configFile ? parseSigningConfig(configFile.text, configFile.file) : undefined,
    registries: await registryOptions(services, store),
    sigstore: { logger: services.logger.child('sigstore'), secrets: services.knownSecrets, userAgent: services.userAgent, timeoutMs: readRequestTimeoutMs(), ...readProxy() },
    signal,
    readFile: async (file) => Buffer.from(await vscode.workspace.fs.readFile(workspaceUri(file))),
    progress: (message) => progress.report({ message }),
  };
}

function workspaceUri(file: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return path.isAbsolute(file) || !folder ? vscode.Uri.file(file) : vscode.Uri.joinPath(folder, file);
}
