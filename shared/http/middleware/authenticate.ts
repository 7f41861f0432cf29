import { findApiKeyByHash, LAST_USED_RESOLUTION_MS, touchApiKeyLastUsed } from '#accounts/api-key.store.ts';
import { hashApiKey, parseApiKey } from '#accounts/api-key.ts';
import { type Caller, callerOf } from '#accounts/caller.ts';
import { ApiError } from '#core/errors.ts';
import type { ApiMiddleware } from '#http/context.ts';

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

const invalid = () => new ApiError('AUTH_INVALID', 'The API key is invalid or has been revoked');

export async function resolveIdentity(authorization: string | undefined): Promise<Caller | ApiError> {
  if (authorization === undefined || authorization.trim() === '') {
    return new ApiError('AUTH_MISSING', 'Missing Authorization header; send "Authorization: Bearer <API key>"');
  }
  const presented = BEARER.exec(authorization)?.[1];
  if (!presented) {
    return new ApiError('AUTH_INVALID', 'The Authorization header must have the form "Bearer <API key>"');
  }
  if (!parseApiKey(presented)) return invalid();
  const keyHash = hashApiKey(presented);
  const apiKey = await findApiKeyByHash(keyHash);
  if (!apiKey || apiKey.revokedAt) return invalid();
  const now = new Date();
  if (!apiKey.lastUsedAt || now.getTime() - Date.parse(apiKey.lastUsedAt) >= LAST_USED_RESOLUTION_MS) {
    await touchApiKeyLastUsed(keyHash, now);
  }
  return callerOf(apiKey);
}

export function authenticate(): ApiMiddleware {
  return {
    before: async (request) => {
      const result = await resolveIdentity(request.event.headers?.authorization);
      if (result instanceof ApiError) request.context.authFailure = result;
      else request.context.caller = result;
    },
  };
}

/** Rejects requests whose authentication failed (after they were rate limited by IP). */
export function requireAuthentication(): ApiMiddleware {
  return {
    before: (request) => {
      if (request.context.authFailure) throw request.context.authFailure;
    },
  };
}
