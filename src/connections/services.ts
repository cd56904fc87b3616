import * as vscode from 'vscode';
import { RedactingLogger } from '../core/logger';
import { KnownSecrets } from '../core/redact';
import { SecretStore } from '../core/secrets';

/** What every connection and view needs from the running extension. */
export interface CoreServices {
  context: vscode.ExtensionContext;
  logger: RedactingLogger;
  channel: vscode.LogOutputChannel;
  knownSecrets: KnownSecrets;
  secrets: SecretStore;
  userAgent: string;
}

export function userAgentFor(context: vscode.ExtensionContext): string {
  const version = (context.extension.packageJSON as { version?: string }).version ?? '0.0.0';
  return `ops-config-explorer/${version} (VS Code ${vscode.version})`;
}
