/**
 * Structured JSON logs (Powertools Logger). `withLogKeys` adds keys (a request's id) to every line
 * logged while its work runs, whatever it awaits, services included. The keys live in an
 * AsyncLocalStorage scope, not Powertools' `appendKeys` (one store per process): the local stack serves
 * many requests at once in one process, and each line must carry its own request's id. What a line
 * may hold (never a key, a body or an AWS error's message): docs/architecture.md, "Logging".
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import type { LogItemExtraInput, LogItemMessage } from '@aws-lambda-powertools/logger/types';

const scopedKeys = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `work` with `keys` on every line it logs. */
export function withLogKeys<T>(keys: Record<string, unknown>, work: () => T): T {
  return scopedKeys.run({ ...scopedKeys.getStore(), ...keys }, work);
}

/** The keys of the scope, first, so a line's own keys win. */
const scoped = (extra: LogItemExtraInput): LogItemExtraInput => {
  const keys = scopedKeys.getStore();
  if (!keys) return extra;
  return [keys, ...extra] as LogItemExtraInput;
};

class ScopedLogger extends Logger {
  override debug(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.debug(input, ...scoped(extra));
  }
  override info(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.info(input, ...scoped(extra));
  }
  override warn(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.warn(input, ...scoped(extra));
  }
  override error(input: LogItemMessage, ...extra: LogItemExtraInput): void {
    super.error(input, ...scoped(extra));
  }
}

export const logger: Logger = new ScopedLogger({ serviceName: 'postbox' });
