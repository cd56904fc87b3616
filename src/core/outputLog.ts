import * as vscode from 'vscode';
import { LogLevel, RedactingLogger } from './logger';
import { KnownSecrets } from './redact';

/**
 * The extension's single LogOutputChannel ("Ops Config Explorer"), behind a redacting logger.
 * The channel's level (set by the user with "Developer: Set Log Level…") decides what shows.
 */
export function createOutputLogger(secrets: KnownSecrets): { channel: vscode.LogOutputChannel; logger: RedactingLogger } {
  const channel = vscode.window.createOutputChannel('Ops Config Explorer', { log: true });
  const sink = (level: LogLevel, message: string): void => {
    channel[level](message);
  };
  const rank: Record<LogLevel, vscode.LogLevel> = {
    trace: vscode.LogLevel.Trace,
    debug: vscode.LogLevel.Debug,
    info: vscode.LogLevel.Info,
    warn: vscode.LogLevel.Warning,
    error: vscode.LogLevel.Error,
  };
  const enabled = (level: LogLevel): boolean => channel.logLevel !== vscode.LogLevel.Off && channel.logLevel <= rank[level];
  return { channel, logger: new RedactingLogger(sink, secrets, undefined, enabled) };
}

/** True when the user raised the channel to Debug or Trace: HTTP details are then logged. */
export function isDebugLevel(channel: vscode.LogOutputChannel): boolean {
  return channel.logLevel === vscode.LogLevel.Debug || channel.logLevel === vscode.LogLevel.Trace;
}
