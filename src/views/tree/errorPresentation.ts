import { ErrorKind, ServiceError } from '../../core/errors';

/**
 * How a failed load reads in a tree. Pure, so the wording for each kind of failure is tested
 * on plain Node.
 */
export interface ErrorPresentation {
  kind: ErrorKind | 'unknown';
  label: string;
  description?: string;
  tooltip: string;
  icon: string;
  primary: 'retry' | 'signIn';
  signInCommand?: string;
}

export function presentError(error: unknown, signInCommand?: string): ErrorPresentation {
  if (!(error instanceof ServiceError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'unknown', label: 'Failed to load', description: 'Retry', tooltip: message, icon: 'error', primary: 'retry' };
  }
  const tooltip = error.message;
  switch (error.kind) {
    case 'auth':
      return {
        kind: error.kind,
        label: `${error.service} refused the credential`,
        description: signInCommand ? 'Sign in again…' : 'Retry',
        tooltip,
        icon: 'key',
        primary: signInCommand ? 'signIn' : 'retry',
        signInCommand,
      };
    case 'forbidden':
      return { kind: error.kind, label: 'Access denied', description: 'Retry', tooltip, icon: 'lock', primary: 'retry', signInCommand };
    case 'network':
    case 'timeout':
      return {
        kind: error.kind,
        label: `Could not reach ${error.service}`,
        description: error.kind === 'timeout' ? 'timed out — Retry' : 'Retry',
        tooltip,
        icon: 'debug-disconnect',
        primary: 'retry',
      };
    case 'rateLimited':
      return {
        kind: error.kind,
        label: `${error.service} is rate limiting requests`,
        description: error.retryAfterMs !== undefined ? `Retry in ${Math.max(1, Math.ceil(error.retryAfterMs / 1000))} s` : 'Retry later',
        tooltip,
        icon: 'watch',
        primary: 'retry',
      };
    case 'notFound':
      return { kind: error.kind, label: 'Not found', description: 'Retry', tooltip, icon: 'question', primary: 'retry' };
    case 'badInput':
      return { kind: error.kind, label: error.summary.replace(/^./, (c) => c.toUpperCase()), description: 'Retry', tooltip, icon: 'warning', primary: 'retry' };
    default:
      return { kind: error.kind, label: `Failed to load from ${error.service}`, description: 'Retry', tooltip, icon: 'error', primary: 'retry' };
  }
}
