import type { Environment } from '#core/environment.ts';

/** Who is calling: the organization and key the API key resolves to (the authenticate middleware). */
export interface Caller {
  organizationId: string;
  apiKeyId: string;
  environment: Environment;
  keyPrefix: string;
  rateLimitPerSecond: number | null;
}
