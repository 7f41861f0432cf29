/** The calling key's description (GET /api-key): from what authentication read, no further request. */
import type { Caller } from '#accounts/caller.ts';

export function describeCallingKey(caller: Caller) {
  return {
    id: caller.apiKeyId,
    name: caller.keyName,
    prefix: caller.keyPrefix,
    environment: caller.environment,
    permission: caller.permission,
    domain_ids: caller.domainIds ? [...caller.domainIds] : null,
    organization_id: caller.organizationId,
    created_at: caller.keyCreatedAt,
  };
}
