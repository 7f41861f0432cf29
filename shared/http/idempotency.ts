/**
 * The `Idempotency-Key` header around a handler: the key is claimed, the handler runs, then its response
 * is stored (success) or the key released (a failure, unless work that must be resumed was done), so a
 * retried request replays the first answer instead of acting twice. The rules (what "the same request"
 * is, replay, conflict, in progress, the takeover after 60 s, the reserved email id): docs/api.md,
 * "Emails" (Idempotency); the record: idempotency.store.ts.
 */
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '#accounts/caller.ts';
import { ApiError, validationError } from '#core/errors.ts';
import { errorLogFields } from '#core/log-fields.ts';
import { logger } from '#core/logger.ts';
import {
  abandonIdempotentRequest,
  beginIdempotentRequest,
  completeIdempotentRequest,
  type IdempotencyScope,
} from '#http/idempotency.store.ts';
import type { ApiResult } from '#http/response.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 256;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** The key of the request, undefined without the header; a malformed key is a 400. */
export function idempotencyKeyOf(event: Pick<APIGatewayProxyEventV2, 'headers'>): string | undefined {
  // API Gateway (payload 2.0) lower-cases header names; the local gateway does the same.
  const headers = event.headers ?? {};
  const name = Object.keys(headers).find((header) => header.toLowerCase() === 'idempotency-key');
  if (name === undefined) return undefined;
  const value = headers[name] ?? '';
  const problem =
    value.length === 0
      ? 'Must not be empty'
      : value.length > MAX_IDEMPOTENCY_KEY_LENGTH
        ? `Must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`
        : !PRINTABLE_ASCII.test(value)
          ? 'Must contain only printable ASCII characters'
          : undefined;
  if (problem) throw validationError([{ field: IDEMPOTENCY_HEADER, message: problem }]);
  return value;
}

/** JSON with object keys sorted at every level (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(item).sort()) sorted[name] = (item as Record<string, unknown>)[name];
    return sorted;
  });
}

export function requestHash(scope: IdempotencyScope, environment: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson({ scope, environment, body: body ?? null }))
    .digest('hex');
}

function envelopeOf(result: ApiResult): { data: unknown; pagination?: ApiResult['pagination'] } {
  return result.pagination ? { data: result.data, pagination: result.pagination } : { data: result.data };
}

function replayed(status: number, stored: unknown): ApiResult {
  const envelope = (stored ?? {}) as { data?: unknown; pagination?: ApiResult['pagination'] };
  return {
    status: status === 200 ? 200 : 201,
    data: envelope.data ?? null,
    ...(envelope.pagination ? { pagination: envelope.pagination } : {}),
    headers: { [REPLAYED_HEADER]: 'true' },
  };
}

/**
 * Runs `run` at most once per Idempotency-Key of the caller's organization; without the header,
 * just runs it. `admission` is the request's (possibly deferred) rate-limit count.
 */
export async function withIdempotency<R extends ApiResult>(
  caller: Caller,
  event: Pick<APIGatewayProxyEventV2, 'headers'>,
  scope: IdempotencyScope,
  body: unknown,
  admission: Promise<void>,
  run: (reservedId?: string, resumed?: boolean) => Promise<R>,
): Promise<R> {
  const key = idempotencyKeyOf(event);
  if (key === undefined) return run();
  // Claiming a key is a write: a request over its rate limit must not make it.
  await admission;
  const organizationId = caller.organizationId;
  const begun = await beginIdempotentRequest(organizationId, key, requestHash(scope, caller.environment, body), scope);
  switch (begun.state) {
    case 'replay':
      // What was stored is what `run` answered the first time.
      return replayed(begun.status, begun.body) as R;
    case 'conflict':
      throw new ApiError(
        'IDEMPOTENCY_CONFLICT',
        'This Idempotency-Key was already used with a different request; use a new key for a new request',
      );
    case 'in_progress':
      throw new ApiError(
        'IDEMPOTENCY_IN_PROGRESS',
        'A request with this Idempotency-Key is still in progress; retry when it has finished',
      );
    case 'new':
      break;
  }

  let result: R;
  try {
    result = await run(begun.reservedId, begun.takenOver);
  } catch (error) {
    // Some work was done and must not be done again under a fresh id: the key stays in progress,
    // and once its lease runs out a retry takes it over (with the same reserved id) and resumes.
    if ((error as { keepIdempotencyKey?: boolean }).keepIdempotencyKey) throw error;
    try {
      await abandonIdempotentRequest(organizationId, key, begun.token);
    } catch (releaseError) {
      // The key stays in progress until its lease runs out; the original error matters more.
      logger.warn('could not release an idempotency key', {
        organization_id: organizationId,
        ...errorLogFields(releaseError),
      });
    }
    throw error;
  }
  try {
    const stored = await completeIdempotentRequest(organizationId, key, result.status, envelopeOf(result), begun.token);
    if (!stored) logger.warn('idempotency key taken over before completion', { organization_id: organizationId });
  } catch (storeError) {
    // The operation succeeded (the email is accepted): answer with its result rather than an error
    // the caller would retry. A retry within the lease gets 409 IN_PROGRESS.
    logger.error('could not store an idempotent response', {
      organization_id: organizationId,
      ...errorLogFields(storeError),
    });
  }
  return result;
}
