import { KnownSecrets } from './redact';

/**
 * The logging seam shared by clients (plain Node) and the extension (a LogOutputChannel).
 * Every line passes through the known secrets before it reaches a sink, so no caller can
 * forget to redact.
 */

export type LogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  /** Whether a line at this level would be kept; lets callers skip building costly lines. */
  enabled(level: LogLevel): boolean;
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export type LogSink = (level: LogLevel, message: string) => void;

export class RedactingLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly secrets: KnownSecrets,
    /** Lines prefixed with the area (e.g. "honeycomb") make a shared channel readable. */
    private readonly area?: string,
    /** The sink's level filter (a LogOutputChannel's level); everything by default. */
    private readonly isEnabled: (level: LogLevel) => boolean = () => true,
  ) {}

  /** A logger for one area that writes through the same sink and known secrets. */
  child(area: string): RedactingLogger {
    return new RedactingLogger(this.sink, this.secrets, area, this.isEnabled);
  }

  enabled(level: LogLevel): boolean {
    return this.isEnabled(level);
  }

  /** A logger that raises debug and trace lines to info: a service's own `debug` setting. */
  promoted(): Logger {
    return {
      enabled: (level) => level === 'trace' || level === 'debug' || this.isEnabled(level),
      trace: (m) => this.write('info', `[debug] ${m}`),
      debug: (m) => this.write('info', `[debug] ${m}`),
      info: (m) => this.info(m),
      warn: (m) => this.warn(m),
      error: (m) => this.error(m),
    };
  }

  trace(message: string): void {
    this.write('trace', message);
  }
  debug(message: string): void {
    this.write('debug', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warn', message);
  }
  error(message: string): void {
    this.write('error', message);
  }

  private write(level: LogLevel, message: string): void {
    const text = this.area ? `[${this.area}] ${message}` : message;
    this.sink(level, this.secrets.redactText(text));
  }
}

/** A logger that drops everything (clients used without a logger). */
export const silentLogger: Logger = {
  enabled: () => false,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
