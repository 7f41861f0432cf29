import type { ApiKey } from '#accounts/api-key.ts';
import type { ApiKeyPermission } from '#core/api-key-permission.ts';
import type { Environment } from '#core/environment.ts';

/** Who is calling: the organization and key the API key resolves to (the authenticate middleware). */
export interface Caller {
  organizationId: string;
  apiKeyId: string;
  environment: Environment;
  keyPrefix: string;
  rateLimitPerSecond: number | null;
  /** What the key may call (middleware/authorize-key.ts). */
  permission: ApiKeyPermission;
  /** The domains a sending key may send from (and their subdomains); null: any of the organization's. */
  domainIds: readonly string[] | null;
  keyName: string;
  keyCreatedAt: string;
}

/** The caller a key authenticates as. */
export function callerOf(apiKey: ApiKey): Caller {
  return {
    organizationId: apiKey.organizationId,
    apiKeyId: apiKey.id,
    environment: apiKey.environment,
    keyPrefix: apiKey.prefix,
    rateLimitPerSecond: apiKey.rateLimitPerSecond,
    permission: apiKey.permission,
    domainIds: apiKey.domainIds,
    keyName: apiKey.name,
    keyCreatedAt: apiKey.createdAt,
  };
}
