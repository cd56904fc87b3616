import { ConfigError } from '../core/config';
import { ServiceError, badInput } from '../core/errors';

/** A malformed setting becomes a ServiceError so trees and commands show it like any failure. */
export function configProblem(service: string, error: unknown): unknown {
  if (error instanceof ConfigError) {
    return badInput(service, 'settings', error.message.replace(/\.$/, ''), 'Fix the setting, then refresh the view.');
  }
  return error instanceof ServiceError ? error : error;
}
