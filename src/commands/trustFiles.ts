import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { badInput } from '../core/errors';
import { readSetting } from '../core/settings';
import type { TrustRoot } from '../clients/cosign/trust/trustRoot';

/** Settings that name a file deciding what is trusted (a Sigstore trust root, where signatures are logged). */
export type TrustFileSetting = 'signing.trustedRootFile' | 'signing.signingConfigFile';

/**
 * The text of the file a trust setting names. Only an absolute path (or one under `~`) is read:
 * a relative path would resolve against whichever folder happens to be open, and that folder
 * (a cloned repository) would then decide which signatures are trusted.
 */
export async function readTrustFile(key: TrustFileSetting, service: string): Promise<{ file: string; text: string } | undefined> {
  const file = readSetting<string>(key)?.trim();
  if (!file) return undefined;
  const absolute = file === '~' || file.startsWith('~/') ? path.join(os.homedir(), file.slice(1)) : file;
  if (!path.isAbsolute(absolute)) {
    throw badInput(
      service,
      'read settings',
      `opsConfig.${key} must be an absolute path, not "${file}": a relative path would be read from whichever folder is open, and that folder would decide what is trusted`,
      'Give the full path of the file (or one starting with ~/).',
    );
  }
  try {
    return { file, text: Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.file(absolute))).toString('utf8') };
  } catch (error) {
    throw badInput(service, 'read settings', `cannot read ${file} named by opsConfig.${key} (${(error as Error).message})`);
  }
}

/** The Sigstore trust root opsConfig.signing.trustedRootFile names, parsed; undefined for the public-good one. */
export async function readTrustRoot(service: string, parse: (text: string, source: string) => TrustRoot): Promise<TrustRoot | undefined> {
  const read = await readTrustFile('signing.trustedRootFile', service);
  return read ? parse(read.text, read.file) : undefined;
}
